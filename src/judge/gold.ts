// Loading a calibration gold set (layout: docs/calibration.md). Every problem in the set is
// collected and reported at once as an InputError, like an invalid spec.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import type { CaptureRecord } from '../core/artifacts.js';
import { InputError } from '../core/errors.js';
import type { ProjectPlan, SpecPlan } from '../spec/plan.js';
import type { Raster } from './images.js';

export interface GoldLabel { status: 'pass' | 'fail'; blockers: { region?: string; quote?: string; note?: string }[]; spec?: string; note?: string }
export interface GoldCase { name: string; dir: string; capture: string; baseline: string | null; label: GoldLabel; record: Partial<CaptureRecord>; spec: SpecPlan }

const LABEL_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['status', 'blockers'],
  properties: {
    status: { enum: ['pass', 'fail'] },
    blockers: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { region: { type: 'string' }, quote: { type: 'string' }, note: { type: 'string' } } } },
    spec: { type: 'string' },
    note: { type: 'string' },
  },
};
const validateLabel = new Ajv({ allErrors: true, strict: false }).compile<GoldLabel>(LABEL_SCHEMA);

function readJson(file: string, problems: string[]): unknown {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch (err) { problems.push(`${file}: ${(err as Error).message}`); return undefined; }
}

export function loadGold(goldDir: string, project: ProjectPlan): GoldCase[] {
  const problems: string[] = [];
  const dir = path.resolve(project.root, goldDir);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    throw new InputError([`${goldDir}: gold folder not found`]);
  }
  if (names.length === 0) throw new InputError([`${goldDir}: no gold cases (one folder per case, see docs/calibration.md)`]);
  const judged = project.specs.filter((s) => s.judge);
  const out: GoldCase[] = [];
  for (const name of names) {
    const caseDir = path.join(dir, name);
    const capture = path.join(caseDir, 'capture.png');
    if (!fs.existsSync(capture)) problems.push(`${path.join(goldDir, name)}: capture.png is missing`);
    const label = readJson(path.join(caseDir, 'label.json'), problems);
    if (label !== undefined && !validateLabel(label)) {
      for (const e of validateLabel.errors ?? []) problems.push(`${path.join(goldDir, name, 'label.json')}: ${e.instancePath || '/'} ${e.message}`);
      continue;
    }
    const recFile = path.join(caseDir, 'record.json');
    const record = fs.existsSync(recFile) ? readJson(recFile, problems) : {};
    if (label === undefined || record === undefined) continue;
    const l = label as GoldLabel;
    const spec = l.spec ? judged.find((s) => s.name === l.spec) : judged.length === 1 ? judged[0] : undefined;
    if (!spec) {
      problems.push(`${path.join(goldDir, name, 'label.json')}: ${l.spec ? `spec "${l.spec}" does not exist or has no judge section` : `name the spec ("spec": …): the project has ${judged.length} specs with a judge section`}`);
      continue;
    }
    const baseline = path.join(caseDir, 'baseline.png');
    out.push({ name, dir: caseDir, capture, baseline: fs.existsSync(baseline) ? baseline : null, label: l, record: record as Partial<CaptureRecord>, spec });
  }
  if (problems.length) throw new InputError(problems);
  return out;
}

/** A complete capture record for a gold case: the case's record.json over neutral defaults. */
export function goldRecord(g: GoldCase, img: Raster): CaptureRecord {
  const vp = g.record.viewport ?? g.spec.viewports[0];
  const css = { width: Math.round(img.width / (vp.deviceScaleFactor || 1)), height: Math.round(img.height / (vp.deviceScaleFactor || 1)) };
  const defaults: CaptureRecord = {
    version: 1, spec: g.spec.name, state: 'default', viewport: vp, url: `gold:${g.name}`, finalUrl: null, httpStatus: 200,
    ok: true, error: null, screenshot: `default-${vp.name}.png`, image: { width: img.width, height: img.height }, axe: null, axeError: null,
    console: [], failedRequests: [],
    document: { scrollWidth: css.width, scrollHeight: css.height, clientWidth: vp.width, clientHeight: vp.height },
    overflow: { overflowPx: 0, offenders: [] }, regions: {}, masks: [], required: [], clippedText: [], aria: null, text: '',
    stability: { checked: false, stable: true, attempts: 1, changedBox: null, changedRegion: null, changedSelector: null },
    timings: { total: 0, navigate: 0, steps: [], settle: 0, measure: 0, screenshot: 0, axe: 0 },
    environment: { browserName: 'unknown', browserVersion: '', flavour: 'unknown', executablePath: null, fonts: [], fontsHash: '', deviceScaleFactor: vp.deviceScaleFactor || 1, platform: '', playwrightVersion: '' },
    trace: null,
  };
  // the gold files decide where the capture is, whatever record.json says
  return { ...defaults, ...g.record, viewport: vp, spec: g.spec.name, state: 'default', screenshot: defaults.screenshot, ok: true, axe: null };
}
