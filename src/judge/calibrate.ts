// `veval calibrate <gold-dir>`: runs the judge over human-labelled captures and measures how often
// it agrees with the humans on blockers. Layout of a gold set: docs/calibration.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaptureRecord, Finding } from '../core/artifacts.js';
import { FatalError, InputError } from '../core/errors.js';
import { writeJsonAtomic } from '../core/fsx.js';
import { files, type RunContext } from '../core/run.js';
import type { ProjectPlan, SpecPlan } from '../spec/plan.js';
import { defaultCacheDir } from './cache.js';
import { DEFAULT_OUT } from '../core/defaults.js';
import { writeCalibration } from './calibration-file.js';
import { decodePng } from './images.js';
import { runJudge, type JudgeResult } from './index.js';
import { goldRecord, type GoldLabel, loadGold } from './gold.js';
import { formatCalibration, type CalibrationCase, type CalibrationReport } from './calibration-format.js';

export type { CalibrationCase, CalibrationReport } from './calibration-format.js';

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** An expected blocker is matched by a judge blocker citing the same region or overlapping quote. */
function matches(label: GoldLabel, found: Finding[]): number {
  return label.blockers.filter((b) => found.some((f) => {
    if (b.region && f.evidence.region === b.region) return true;
    const q = typeof f.evidence.text === 'string' ? norm(f.evidence.text) : '';
    return !!b.quote && !!q && (norm(b.quote).includes(q) || q.includes(norm(b.quote)));
  })).length;
}

function caseSpec(spec: SpecPlan, rec: CaptureRecord): SpecPlan {
  return {
    ...spec,
    viewports: [rec.viewport],
    states: [{ name: 'default', steps: [], required: [] }],
    parity: null,
    judge: { ...spec.judge!, mode: 'required', budget: { maxImages: null, maxTokens: null }, calibration: { ...spec.judge!.calibration, required: false } },
  };
}

export async function calibrate(goldDir: string, project: ProjectPlan, opts: { env?: NodeJS.ProcessEnv; noCache?: boolean } = {}): Promise<CalibrationReport> {
  const env = opts.env ?? process.env;
  const gold = loadGold(goldDir, project);            // InputError listing every problem
  if (!env.OPENAI_API_KEY?.trim()) throw new FatalError('calibrate needs a judge: OPENAI_API_KEY is not set');
  const models = new Set(gold.map((g) => g.spec.judge!.model));
  if (models.size > 1) throw new InputError([`${goldDir}: gold cases use specs with different judge models (${[...models].join(', ')}); calibrate one model at a time`]);
  const judge = gold[0].spec.judge!;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-calibrate-'));
  const cases: CalibrationCase[] = [];
  const reported = new Set<string>();
  let requests = 0;
  try {
    for (const g of gold) {
      const png = fs.readFileSync(g.capture);
      const img = decodePng(png);
      const rec = goldRecord(g, img);
      const spec = caseSpec(g.spec, rec);
      const root = path.join(tmp, g.name);
      const run: RunContext = { root, outDir: path.join(root, DEFAULT_OUT), runId: 'gold', runDir: path.join(root, DEFAULT_OUT, 'gold'), plan: { ...project, root, specs: [spec] } };
      const vp = rec.viewport.name;
      fs.mkdirSync(path.join(run.runDir, spec.name), { recursive: true });
      fs.writeFileSync(path.join(run.runDir, files.capture(spec.name, 'default', vp)), png);
      writeJsonAtomic(path.join(run.runDir, files.record(spec.name, 'default', vp)), rec);
      writeJsonAtomic(path.join(run.runDir, files.checks(spec.name)), []);
      if (g.baseline) {
        fs.mkdirSync(path.join(root, 'baselines', spec.name), { recursive: true });
        fs.copyFileSync(g.baseline, path.join(root, 'baselines', spec.name, `default-${vp}.png`));
      }
      const r = await runJudge(run, spec, { env, noCache: opts.noCache, cacheDir: defaultCacheDir(project.root) });
      requests += r.requests;
      if (r.model?.reported) reported.add(r.model.reported);
      const found = r.status === 'fail' ? r.findings.filter((f) => f.severity === 'blocker' && f.evidence.verified === true) : [];
      const predicted = r.status === 'pass' || r.status === 'fail' ? (found.length ? 'blocker' : 'clean') : 'undecided';
      const expectedPositive = g.label.blockers.length > 0;
      cases.push({
        name: g.name, spec: spec.name,
        expected: { status: g.label.status, blockers: g.label.blockers.length },
        judge: { status: r.status, reason: r.reason, blockers: found.length, cache: r.cache },
        predicted,
        agree: predicted !== 'undecided' && (predicted === 'blocker') === expectedPositive,
        matchedBlockers: matches(g.label, found),
      });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const pos = (c: CalibrationCase) => c.expected.blockers > 0;
  const confusion = {
    tp: cases.filter((c) => pos(c) && c.predicted === 'blocker').length,
    fp: cases.filter((c) => !pos(c) && c.predicted === 'blocker').length,
    fn: cases.filter((c) => pos(c) && c.predicted === 'clean').length,
    tn: cases.filter((c) => !pos(c) && c.predicted === 'clean').length,
    undecidedPositive: cases.filter((c) => pos(c) && c.predicted === 'undecided').length,
    undecidedNegative: cases.filter((c) => !pos(c) && c.predicted === 'undecided').length,
  };
  const agreement = (confusion.tp + confusion.tn) / cases.length;
  const date = new Date().toISOString();
  const report: CalibrationReport = {
    pass: agreement >= judge.calibration.minAgreement,
    date, model: judge.model, reportedModels: [...reported].sort(),
    minAgreement: judge.calibration.minAgreement,
    agreement,
    statusAgreement: cases.filter((c) => c.judge.status === c.expected.status).length / cases.length,
    precision: ratio(confusion.tp, confusion.tp + confusion.fp),
    recall: ratio(confusion.tp, confusion.tp + confusion.fn + confusion.undecidedPositive),
    confusion,
    blockers: { expected: gold.reduce((n, g) => n + g.label.blockers.length, 0), matched: cases.reduce((n, c) => n + c.matchedBlockers, 0) },
    requests,
    cases,
    file: '',
    text: '',
  };
  report.file = writeCalibration(project.root, judge, {
    version: 1, date, model: judge.model, reportedModels: report.reportedModels, agreement, precision: report.precision,
    recall: report.recall, minAgreement: report.minAgreement, pass: report.pass, cases: cases.length,
  });
  report.text = formatCalibration(report);
  return report;
}

export { formatCalibration };
