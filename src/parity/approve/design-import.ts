// `veval approve --from-image <png> [--boxes <json>] --spec --state --viewport`: an accepted design
// export becomes one unit's baseline. The PNG is copied as it is (its sha256 is the baseline's);
// the manifest entry says `provenance: design-export` (file, digest, who/when/commit) and carries
// no environment (no browser made it, so the environment guard does not apply) but the settings
// (so the anti-loosening guard does). Region boxes, when given, are converted to CSS px of the
// export scaled to the viewport width and stored as the entry's layout. Bad input is an InputError
// (one line, file:line:col where known, exit 2) and nothing is written. The caller holds the
// baselines lock; writes are image first, then manifest, each atomic (as approve).
import fs from 'node:fs';
import path from 'node:path';
import type { Box, DesignBoxes } from '../../core/artifacts.js';
import { artifactError } from '../../core/artifact-read.js';
import { InputError } from '../../core/errors.js';
import { gitSha } from '../../core/freshness.js';
import { sha256, writeFileAtomic } from '../../core/fsx.js';
import { unitKey, type RunContext } from '../../core/run.js';
import { didYouMean } from '../../spec/schema-errors.js';
import { at, parseYaml, pathLabel, positionOf, readTextFile } from '../../spec/source.js';
import type { ProjectPlan, SpecPlan } from '../../spec/plan.js';
import { baselineAbs, baselineRel, readManifest, writeManifest } from '../store/baselines.js';
import { checkPixels, decodePng } from '../store/png.js';
import { settingsOf } from '../store/settings.js';
import type { BaselineEntry, BaselineManifest } from '../store/types.js';

export interface ImportOptions {
  image: string; boxes?: string; spec?: string; state?: string; viewport?: string;
  approver: string; now: Date; cwd: string;
}
export interface ImportResult { written: string | null; unchanged: string | null; entry: BaselineEntry; notes: string[] }

const list = (xs: string[]) => xs.join(', ') || 'none';
const shown = (root: string, cwd: string, file: string) => {
  const absFile = path.resolve(cwd, file);
  const rel = path.relative(root, absFile).split(path.sep).join('/');
  return { abs: absFile, rel: rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : absFile };
};

/** The one spec, state and viewport the export is for: named, or the only one there is. */
function pickUnit(plan: ProjectPlan, o: ImportOptions): { spec: SpecPlan; state: string; viewport: SpecPlan['viewports'][number] } {
  const specs = plan.specs.map((s) => s.name);
  if (!o.spec) throw new InputError([`approve --from-image needs --spec <name> (the spec whose baseline the export becomes); specs: ${list(specs)}`]);
  const spec = plan.specs.find((s) => s.name === o.spec);
  if (!spec) throw new InputError([`--spec ${o.spec}: no spec named "${o.spec}" in this project${didYouMean(o.spec, specs)}; specs: ${list(specs)}`]);
  if (!spec.parity) throw new InputError([`--spec ${o.spec}: spec "${o.spec}" has no parity section, so it has no baseline to import; add \`parity: {}\` to it`]);
  const one = <T>(flag: string, given: string | undefined, all: T[], name: (t: T) => string): T => {
    const names = all.map(name);
    if (given === undefined) {
      if (all.length === 1) return all[0];
      throw new InputError([`approve --from-image needs --${flag} <name>: spec ${spec.name} has ${all.length} ${flag}s (${list(names)})`]);
    }
    const hit = all.find((t) => name(t) === given);
    if (!hit) throw new InputError([`--${flag} ${given}: no ${flag} named "${given}" in spec ${spec.name}${didYouMean(given, names)}; ${flag}s: ${list(names)}`]);
    return hit;
  };
  const state = one('state', o.state, spec.states, (s) => s.name).name;
  const viewport = one('viewport', o.viewport, spec.viewports, (v) => v.name);
  return { spec, state, viewport };
}

/** The export's bytes and size; every way it can be unusable is one InputError naming the file. */
function readExport(file: { abs: string; rel: string }, maxPixels: number | undefined): { png: Buffer; width: number; height: number } {
  let png: Buffer;
  try {
    if (fs.statSync(file.abs).isDirectory()) throw new InputError([at(file.rel, 1, 1, 'is a folder, not a PNG file')]);
    png = fs.readFileSync(file.abs);
  } catch (err: any) {
    if (err instanceof InputError) throw err;
    throw new InputError([at(file.rel, 1, 1, err?.code === 'ENOENT' ? 'no such file: the design export to import is not there' : `cannot be read: ${err?.message ?? err}`)]);
  }
  try {
    // the header first: a small file can claim gigabytes of pixels (parity.maxPixels)
    checkPixels(png, maxPixels);
    const img = decodePng(png, maxPixels);
    return { png, width: img.width, height: img.height };
  } catch (err) {
    throw new InputError([at(file.rel, 1, 1, `is not a usable design export: ${(err as Error).message}`)]);
  }
}

/** Region boxes from `file`, validated (schema, region names, inside the frame) and converted to CSS
 *  px of the export scaled to `viewportWidth`. */
export function readDesignBoxes(file: { abs: string; rel: string }, spec: SpecPlan, image: { width: number; height: number }, viewportWidth: number):
  { boxes: Record<string, Box>; frame: { width: number; height: number | null }; sha256: string } {
  const { text, problem } = readTextFile(file.abs, file.rel, 'region boxes files');
  if (text === undefined) throw new InputError([problem!]);
  const parsed = parseYaml(text, file.rel, 'config');
  if (!parsed.source) throw new InputError(parsed.problems.slice(0, 1));
  const src = parsed.source;
  const e = artifactError('designBoxes', src.data);
  if (e) {
    const seg = e === 'unknown' ? [] : e.instancePath.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
    const p = e !== 'unknown' && e.keyword === 'additionalProperties' ? positionOf(src, seg, (e.params as { additionalProperty: string }).additionalProperty) : positionOf(src, seg);
    const what = e === 'unknown' ? 'is not a region boxes file'
      : e.keyword === 'additionalProperties' ? `unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"${seg.length ? ` in ${pathLabel(seg)}` : ''}`
      : `${pathLabel(seg) || 'the file'} ${e.message ?? 'is invalid'}`;
    throw new InputError([at(file.rel, p.line, p.col, `${what} (format: docs/design-parity.md#region-boxes, schema/design-boxes.schema.json)`)]);
  }
  const data = src.data as DesignBoxes;
  const frame = { width: data.frame?.width ?? image.width, height: data.frame ? data.frame.height ?? null : image.height };
  const declared = Object.keys(spec.regions);
  const k = viewportWidth / frame.width;
  const boxes: Record<string, Box> = {};
  for (const [name, b] of Object.entries(data.regions)) {
    const p = positionOf(src, ['regions'], name);
    if (!declared.includes(name)) {
      throw new InputError([at(file.rel, p.line, p.col, `region "${name}" is not declared in spec ${spec.name}${didYouMean(name, declared)}; regions: ${list(declared)}`)]);
    }
    const slack = 1;
    if (b.x < -slack || b.y < -slack || b.x + b.width > frame.width + slack || (frame.height !== null && b.y + b.height > frame.height + slack)) {
      throw new InputError([at(file.rel, p.line, p.col, `region "${name}" (${b.width}×${b.height} at ${b.x}, ${b.y}) lies outside the frame of ${frame.width}×${frame.height ?? '?'}${data.frame ? '' : ' (the PNG\'s size; set frame: when the boxes are in design units of a 2× or 3× export)'}`)]);
    }
    boxes[name] = { x: r2(b.x * k), y: r2(b.y * k), width: r2(b.width * k), height: r2(b.height * k) };
  }
  return { boxes, frame, sha256: sha256(text) };
}
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Same baseline apart from who/when: nothing to rewrite. */
const sameApart = (a: BaselineEntry, b: BaselineEntry) => {
  const strip = ({ approver, approvedAt, gitSha: _g, ...rest }: BaselineEntry) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
};

export function importDesign(plan: ProjectPlan, o: ImportOptions): ImportResult {
  const root: Pick<RunContext, 'root'> = { root: plan.root };
  const { spec, state, viewport } = pickUnit(plan, o);
  const exportFile = shown(plan.root, o.cwd, o.image);
  const image = readExport(exportFile, spec.parity!.maxPixels);
  const boxesFile = o.boxes ? shown(plan.root, o.cwd, o.boxes) : null;
  const boxes = boxesFile ? readDesignBoxes(boxesFile, spec, image, viewport.width) : null;
  const key = unitKey(state, viewport.name);
  const rel = baselineRel(spec.name, key);
  const read = readManifest(root, spec.name);
  const manifest: BaselineManifest = read.manifest ?? { version: 1, spec: spec.name, images: {} };
  const notes: string[] = [];
  if (read.error) notes.push(`${read.error}: replaced by a manifest holding the entries written now`);
  const old = manifest.images[key];
  if (old && !old.provenance) notes.push(`${rel}: replaces the capture approved by ${old.approver} on ${(old.approvedAt ?? '').slice(0, 10)} with the design export`);
  const digest = sha256(image.png);
  const entry: BaselineEntry = {
    file: `${key}.png`, state, viewport: viewport.name,
    sha256: digest, bytes: image.png.length, width: image.width, height: image.height,
    approver: o.approver, approvedAt: o.now.toISOString(), runId: null, gitSha: gitSha(plan.root), treeHash: null,
    specHash: spec.specHash, settings: settingsOf(spec, true), environment: null,
    layout: { regions: boxes?.boxes ?? {}, required: {}, masks: [] },
    // accessibility debt is the page's, not the image's: what was accepted stays accepted
    ...(old?.a11yDebt ? { a11yDebt: old.a11yDebt } : {}),
    provenance: {
      kind: 'design-export', file: exportFile.rel, sha256: digest, width: image.width, height: image.height,
      boxes: boxes && boxesFile ? { file: boxesFile.rel, sha256: boxes.sha256, frame: boxes.frame } : null,
      viewportWidth: viewport.width,
    },
  };
  const target = baselineAbs(root, rel);
  let onDisk: string | null = null;
  try { onDisk = sha256(fs.readFileSync(target)); } catch { /* none yet */ }
  if (old && onDisk === digest && sameApart(old, entry)) return { written: null, unchanged: rel, entry: old, notes };
  if (onDisk !== digest) writeFileAtomic(target, image.png);
  manifest.images[key] = entry;
  writeManifest(root, manifest);
  return { written: rel, unchanged: null, entry, notes };
}
