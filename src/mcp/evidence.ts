// What the MCP tools show of a run, read from its folder alone: findings with ids an agent can pass
// back to `explain` ("<spec>#<n>", n counting the spec's findings in report.json), and the images a
// finding rests on (its capture cropped around its box, the parity diff at the same place).
import fs from 'node:fs';
import path from 'node:path';
import { readArtifact } from '../core/artifact-read.js';
import type { Box, CaptureRecord, Finding } from '../core/artifacts.js';
import { files, unitKey } from '../core/run.js';
import { crop, decodePng, toPixels, type Raster } from '../judge/images.js';
import type { Report } from '../gate/report-schema.js';
import { findingId } from '../report/load.js';
import type { ImageKind, WantedImage } from './images.js';

export type IdFinding = Omit<Finding, 'effect'> & { id: string; spec: string; effect?: string; fails?: boolean };

export const unitId = (spec: string, state: string, viewport: string) => `${spec}/${unitKey(state, viewport)}`;

/** Every finding of the report, each with its id; blockers first, then important, then polish. */
export function findingsOf(report: Pick<Report, 'specs'>): IdFinding[] {
  const out: IdFinding[] = report.specs.flatMap((s) => s.findings.map((f, i) => ({ ...(f as IdFinding), id: findingId(s.name, i), spec: s.name })));
  const rank: Record<string, number> = { blocker: 0, important: 1, polish: 2 };
  return out.sort((a, b) => (rank[a.severity] ?? 3) - (rank[b.severity] ?? 3));
}

/** "look#2 blocker interactive-reachable @ default-desktop: … (#covered)" */
export function findingLine(f: IdFinding): string {
  const where = f.state && f.viewport ? ` @ ${unitKey(f.state, f.viewport)}` : '';
  const sel = f.evidence?.selector ? ` [${f.evidence.selector}]` : '';
  // the gate's stamp (report.json): said only when the finding does not count against the gate
  const effect = f.effect && f.effect !== 'blocker' ? ` (${f.effect}: does not fail the gate)` : '';
  return `${f.id} ${f.severity}${effect} ${f.check}${where}: ${f.message}${sel}`;
}

export function readRecord(runDir: string, spec: string, state: string, viewport: string): CaptureRecord | null {
  return readArtifact('record', path.join(runDir, files.record(spec, state, viewport))).value;
}

interface Capture { raster: Raster; scale: number; file: string }

function readPng(runDir: string, rel: string): Raster | string {
  const file = path.join(runDir, rel);
  if (!fs.existsSync(file)) return `${rel} is missing`;
  try { return decodePng(fs.readFileSync(file)); } catch (err) { return `${rel} is not a readable PNG: ${(err as Error).message}`; }
}

/** A unit's capture, decoded, with its device scale (CSS px → image px); a string says why not. */
export function readCapture(runDir: string, spec: string, state: string, viewport: string): Capture | string {
  const rec = readRecord(runDir, spec, state, viewport);
  if (!rec) return `no capture record for ${unitId(spec, state, viewport)}`;
  if (!rec.screenshot) return `${unitId(spec, state, viewport)} has no screenshot (${rec.error?.reason ?? 'capture failed'}: ${rec.error?.message ?? ''})`;
  const rel = `${spec}/${rec.screenshot}`;
  const raster = readPng(runDir, rel);
  return typeof raster === 'string' ? raster : { raster, scale: rec.viewport.deviceScaleFactor || 1, file: rel };
}

export function overviewImage(runDir: string, spec: string, state: string, viewport: string): WantedImage | string {
  const c = readCapture(runDir, spec, state, viewport);
  if (typeof c === 'string') return c;
  return { label: `capture ${unitId(spec, state, viewport)} (${c.file})`, file: c.file, raster: c.raster, kind: 'overview' };
}

const union = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/** The box a finding points at, with what covers or clips it: the area an agent has to see. */
export function findingBox(f: Pick<Finding, "evidence">): Box | null {
  const e = f.evidence as Record<string, any> | undefined;
  const box = e?.box as Box | null | undefined;
  if (!box) return null;
  let b = box;
  for (const k of ['coveredBy', 'clippedBy']) if (e?.[k]?.box) b = union(b, e[k].box as Box);
  return b;
}

/** Context around the box, in CSS px: enough to see what is next to it. */
const MARGIN = 48;

/** A 2 px red outline of `mark` (CSS px) drawn into a copy's pixels, so the element is found at a glance. */
function outline(r: Raster, mark: Box, scale: number, origin: { x: number; y: number }): void {
  const px = toPixels(mark, scale, { width: Infinity, height: Infinity });
  if (!px) return;
  const x0 = px.x - origin.x, y0 = px.y - origin.y, x1 = x0 + px.width - 1, y1 = y0 + px.height - 1;
  const paint = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
    const i = (y * r.width + x) * 4;
    r.data[i] = 230; r.data[i + 1] = 0; r.data[i + 2] = 0; r.data[i + 3] = 255;
  };
  for (let t = 0; t < 2; t++) {
    for (let x = x0 - 2; x <= x1 + 2; x++) { paint(x, y0 - 1 - t); paint(x, y1 + 1 + t); }
    for (let y = y0 - 2; y <= y1 + 2; y++) { paint(x0 - 1 - t, y); paint(x1 + 1 + t, y); }
  }
}

function cropAround(r: Raster, box: Box, scale: number, mark?: Box): Raster | null {
  const px = toPixels({ x: box.x - MARGIN, y: box.y - MARGIN, width: box.width + 2 * MARGIN, height: box.height + 2 * MARGIN }, scale, r);
  if (!px) return null;
  const out = crop(r, px);
  if (mark) outline(out, mark, scale, px);
  return out;
}

/** The crop of the capture around a finding's box; a string says why there is none. */
export function findingCrop(runDir: string, f: IdFinding, kind: ImageKind = f.severity === 'blocker' ? 'blocker' : 'detail'): WantedImage | string {
  const box = findingBox(f);
  if (!box) return `${f.id} has no box to crop (its evidence is ${f.evidence?.selector ? `the element ${f.evidence.selector}` : f.evidence?.text ? 'quoted text' : 'the capture as a whole'})`;
  if (!f.state || !f.viewport) return `${f.id} is not tied to one capture`;
  const c = readCapture(runDir, f.spec, f.state, f.viewport);
  if (typeof c === 'string') return c;
  const el = (f.evidence?.box as Box | null | undefined) ?? box;
  const r = cropAround(c.raster, box, c.scale, el);
  if (!r) return `${f.id}: its box lies outside ${c.file}`;
  return { label: `crop of ${f.id} (${f.severity}) from ${c.file} around x=${Math.round(box.x)} y=${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} CSS px, the element outlined in red`, file: c.file, raster: r, kind };
}

/** The parity diff of the finding's unit at the same place (or whole, when the finding has no box). */
export function diffCrop(runDir: string, f: IdFinding): WantedImage | string | null {
  if (!f.state || !f.viewport) return null;
  const rel = files.diff(f.spec, f.state, f.viewport);
  if (!fs.existsSync(path.join(runDir, rel))) return null;
  const r = readPng(runDir, rel);
  if (typeof r === 'string') return r;
  const scale = readRecord(runDir, f.spec, f.state, f.viewport)?.viewport.deviceScaleFactor || 1;
  const box = findingBox(f);
  const part = box ? cropAround(r, box, scale) : r;
  if (!part) return `${f.id}: its box lies outside ${rel}`;
  return { label: `parity diff ${box ? `of ${f.id} ` : ''}from ${rel} (changed pixels marked)`, file: rel, raster: part, kind: 'detail' };
}
