// Everything the judge is shown, each piece under the file name it may cite: images (crops of
// declared regions and changed clusters, or full captures) and text files (brief, axe, layout
// diff, ARIA snapshot, page text). Page-derived text is flagged untrusted for the prompt.
import fs from 'node:fs';
import path from 'node:path';
import type { Box, CaptureRecord, ParityResult } from '../core/artifacts.js';
import { readArtifact } from '../core/artifact-read.js';
import { abs, files, unitKey, unitsOf, type RunContext } from '../core/run.js';
import { sha256 } from '../core/fsx.js';
import type { SpecPlan } from '../spec/plan.js';
import { crop, decodePng, encodePng, fit, paintMasks, toPixels, type Raster } from './images.js';

export interface UnitData { state: string; viewport: string; record: CaptureRecord; capture: string }

export interface SentImage {
  name: string;                  // what the judge sees and cites
  state: string; viewport: string;
  capture: string;               // the run-relative capture file it was cut from
  kind: 'full' | 'region' | 'change';
  baseline: boolean;
  region: string | null;
  box: Box | null;               // CSS px, document coordinates (null: whole capture)
  png: Buffer; width: number; height: number; sha256: string;
}

export interface SentText {
  name: string; state: string | null; viewport: string | null; untrusted: boolean; text: string;
  kind: 'brief' | 'aria' | 'text' | 'axe' | 'layout';   // aria/text: what the page itself says
}

export interface JudgeInputs { units: UnitData[]; images: SentImage[]; texts: SentText[]; notes: string[] }

export class InputFault extends Error {}

const LIMITS = { aria: 8000, text: 4000, axe: 4000, layout: 4000 };
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}\n…[truncated ${s.length - n} chars]` : s);

function readPng(file: string, what: string, maxPixels: number | undefined): Raster {
  let bytes: Buffer;
  try { bytes = fs.readFileSync(file); } catch { throw new InputFault(`${what} is missing`); }
  try { return decodePng(bytes, maxPixels); } catch (err) { throw new InputFault(`${what} is not a readable PNG: ${(err as Error).message}`); }
}

function readRecord(run: RunContext, spec: SpecPlan, state: string, vp: string): CaptureRecord {
  const rel = files.record(spec.name, state, vp);
  const loaded = readArtifact('record', abs(run, rel));
  if (!loaded.value) throw new InputFault(`capture record ${rel} is ${loaded.problem}`);
  return loaded.value;
}

export const baselinePath = (root: string, spec: string, state: string, vp: string) =>
  path.join(root, 'baselines', spec, `${unitKey(state, vp)}.png`);

function clustersFor(parity: ParityResult | null, state: string, vp: string): Box[] {
  const unit = parity?.units.find((u) => u.state === state && u.viewport === vp);
  return (unit?.clusters ?? []).map((c) => c.box).filter((b) => b.width > 0 && b.height > 0);
}

function summariseAxe(file: string): string | null {
  const raw = readArtifact('axe', file).value;
  if (!raw) return null;
  const violations = raw.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: String(n.html ?? '').slice(0, 200) })),
  }));
  return JSON.stringify({ violations }, null, 1);
}

export function gatherInputs(run: RunContext, spec: SpecPlan, parity: ParityResult | null): JudgeInputs {
  const judge = spec.judge!;
  const out: JudgeInputs = { units: [], images: [], texts: [], notes: [] };
  if (spec.brief) out.texts.push({ name: 'brief.md', kind: 'brief', state: null, viewport: null, untrusted: false, text: spec.brief.text });

  for (const { state, viewport } of unitsOf(spec)) {
    const record = readRecord(run, spec, state, viewport);
    const capture = files.capture(spec.name, state, viewport);
    out.units.push({ state, viewport, record, capture });
    const key = unitKey(state, viewport);
    const scale = record.viewport?.deviceScaleFactor || 1;
    const img = readPng(abs(run, capture), `capture ${capture}`, spec.parity?.maxPixels);
    const maskBoxes = (record.masks ?? []).flatMap((m) => m.boxes);
    paintMasks(img, maskBoxes, scale);
    const basePath = baselinePath(run.root, spec.name, state, viewport);
    const base = fs.existsSync(basePath) ? readPng(basePath, `baseline ${path.relative(run.root, basePath)}`, spec.parity?.maxPixels) : null;
    if (base) paintMasks(base, maskBoxes, scale);

    const add = (name: string, from: Raster, box: Box | null, kind: SentImage['kind'], isBase: boolean, region: string | null) => {
      const px = box ? toPixels(box, scale, from) : { x: 0, y: 0, width: from.width, height: from.height };
      if (!px) { out.notes.push(`${name}: the box lies outside the capture; not sent`); return; }
      const small = fit(crop(from, px), judge.maxImageSize);
      const png = encodePng(small);
      out.images.push({ name, state, viewport, capture, kind, baseline: isBase, region, box, png, width: small.width, height: small.height, sha256: sha256(png) });
    };

    const before = out.images.length;
    if (judge.images === 'crops') {
      for (const name of Object.keys(spec.regions)) {
        const r = record.regions?.[name];
        if (!r?.box) { out.notes.push(`region "${name}" was not found in ${key}`); continue; }
        add(`${key}.region-${name}.png`, img, r.box, 'region', false, name);
      }
    }
    // full mode, or no region to crop: the whole capture (downscaled) rather than nothing
    if (out.images.length === before) {
      add(`${key}.png`, img, null, 'full', false, null);
      if (base) add(`baseline.${key}.png`, base, null, 'full', true, null);
    }
    clustersFor(parity, state, viewport).forEach((box, i) => {
      if (judge.images === 'full') return;      // the full captures already show every change
      add(`${key}.change-${i + 1}.png`, img, box, 'change', false, null);
      if (base) add(`baseline.${key}.change-${i + 1}.png`, base, box, 'change', true, null);
    });

    if (record.aria) out.texts.push({ name: `${key}.aria.yaml`, kind: 'aria', state, viewport, untrusted: true, text: clip(record.aria, LIMITS.aria) });
    if (record.text) out.texts.push({ name: `${key}.text.txt`, kind: 'text', state, viewport, untrusted: true, text: clip(record.text, LIMITS.text) });
    if (record.axe) {
      const axe = summariseAxe(abs(run, `${spec.name}/${record.axe}`));
      if (axe) out.texts.push({ name: `${key}.axe.json`, kind: 'axe', state, viewport, untrusted: true, text: clip(axe, LIMITS.axe) });
      else out.notes.push(`${key}.axe.json could not be read; not sent`);
    }
  }
  const layout = readArtifact('layoutDiff', abs(run, files.layoutDiff(spec.name)));
  // sent as parity wrote it (writeJsonAtomic), so the prompt and its cache key are as before
  if (layout.value) out.texts.push({ name: 'layout-diff.json', kind: 'layout', state: null, viewport: null, untrusted: true, text: clip(JSON.stringify(layout.value, null, 2) + '\n', LIMITS.layout) });
  else if (layout.problem !== 'missing') out.notes.push(`layout-diff.json is ${layout.problem}; not sent`);
  // missing: parity off or no baseline yet
  return out;
}
