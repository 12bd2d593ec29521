// A review session: one completed run, its report, the decisions so far (review.json) and what undo
// can put back. Approve is `veval approve` itself (parity/approve: the baselines lock, completed runs of
// the current tree only, blockers refused unless forced, new accessibility debt only when accepted);
// reject and undo are recorded in review.json. One action at a time, in the order they came.
import path from 'node:path';
import type { Report } from '../gate/report-schema.js';
import { unitKey, type RunContext } from '../core/run.js';
import { typed, shellArg } from '../report/load.js';
import { unitId } from '../report/html.js';
import { BASELINES, baselineRel, readManifest } from '../parity/store/baselines.js';
import { approveRun, keep, reportBlockers, undoApproval, wrote, type ApproveWhere, type Kept, type Refusal } from '../parity/approve/index.js';
import { readReview, writeReview, type Decision, type ReviewFile } from './record.js';

/** A tick the reviewer gives with an approval: force (blockers), acceptA11yDebt (new violations),
 *  replaceDesign (an accepted design export is the baseline: a click must not replace it by accident). */
export type Acceptance = 'force' | 'acceptA11yDebt' | 'replaceDesign';
export type Needs = { flag: Acceptance; items: string[] };

export interface UnitView {
  /** `<spec>/<state>-<viewport>`, as review.json and approve name it */
  unit: string; anchor: string; spec: string; state: string; viewport: string; status: string;
  /** a change a baseline settles (a parity finding, or no baseline yet): counted in "left" until decided */
  change: boolean;
  /** why it cannot be approved (no capture, no parity section), else null */
  notApprovable: string | null;
  group: string | null; blockers: string[];
  /** the accepted design export that is its baseline, else null */
  design: string | null;
  decision: Decision | null;
  /** undo puts the baseline back (an approval here wrote it), else it only drops the decision */
  restores: boolean;
}
export interface GroupView { key: string; units: string[]; label: string }
export interface ReviewState {
  runId: string; units: UnitView[]; groups: GroupView[];
  summary: { approved: number; rejected: number; left: number };
  /** commits the baselines approved here (null until one is) */
  commit: string | null;
}
export interface ActionResult { unit: string; ok: boolean; message: string; needs?: Needs }

export class ReviewSession {
  private review: ReviewFile;
  private kept = new Map<string, Kept>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly units: Map<string, { spec: string; state: string; viewport: string; capture: boolean; parity: boolean }>;

  constructor(private run: RunContext, private report: Report, private where: ApproveWhere, private who: string, private cwd: string) {
    this.review = readReview(run.runDir, run.runId);
    this.units = new Map(report.specs.flatMap((s) => s.units.map((u) => [`${s.name}/${unitKey(u.state, u.viewport)}`,
      { spec: s.name, state: u.state, viewport: u.viewport, capture: !!u.files.capture, parity: !!run.plan.specs.find((p) => p.name === s.name)?.parity }] as const)));
  }

  state(): ReviewState {
    const blockers = reportBlockers(this.run);
    const at = 'at' in blockers ? blockers.at : () => [];
    const groups = new Map<string, string[]>();
    const units: UnitView[] = this.report.specs.flatMap((s) => {
      const design = readManifest(this.run, s.name).manifest;
      return s.units.map((u) => {
        const unit = `${s.name}/${unitKey(u.state, u.viewport)}`;
        const mine = s.findings.filter((f) => f.state === u.state && f.viewport === u.viewport);
        const parity = mine.filter((f) => f.check === 'parity');
        const group = parity.find((f) => f.group)?.group ?? null;
        if (group) groups.set(group, [...(groups.get(group) ?? []), unit]);
        const known = this.units.get(unit)!;
        return {
          unit, anchor: unitId(s.name, u), spec: s.name, state: u.state, viewport: u.viewport, status: u.status,
          change: parity.length > 0 || u.parity === 'no-baseline',
          notApprovable: !known.parity ? `spec ${s.name} has no parity section, so it has no baseline` : !known.capture ? 'no capture to approve (the capture failed)' : null,
          group, blockers: at(s.name, u.state, u.viewport),
          design: design?.images[unitKey(u.state, u.viewport)]?.provenance?.file ?? null,
          decision: this.review.units[unit] ?? null,
          restores: !!this.kept.get(unit)?.wrote,
        };
      });
    });
    const shared = [...groups].filter(([, us]) => us.length > 1);
    for (const u of units) if (u.group && !shared.some(([k]) => k === u.group)) u.group = null;
    const decided = (d: string) => units.filter((u) => u.decision?.decision === d).length;
    const specs = [...new Set(units.filter((u) => u.decision?.decision === 'approved' && u.decision.baselines.length).map((u) => u.spec))];
    return {
      runId: this.run.runId, units,
      groups: shared.map(([key, us]) => ({ key, units: us, label: `the same change in ${us.length} captures: ${us.map((u) => { const k = this.units.get(u)!; return `${k.spec} ${k.state} @ ${k.viewport}`; }).join(', ')}` })),
      summary: { approved: decided('approved'), rejected: decided('rejected'), left: units.filter((u) => u.change && !u.decision).length },
      commit: specs.length ? `git add ${specs.map((s) => shellArg(typed(path.join(this.run.root, BASELINES, s), this.cwd))).join(' ')} && git commit -m ${shellArg(`Approve veval baselines from run ${this.run.runId}`)}` : null,
    };
  }

  approve(units: string[], ticks: Partial<Record<Acceptance, boolean>>): Promise<ActionResult[]> {
    return this.serial(async () => {
      const said = new Map<string, ActionResult>();
      const view = new Map(this.state().units.map((u) => [u.unit, u]));
      for (const unit of units) {
        const v = view.get(unit)!;
        if (v.decision) said.set(unit, { unit, ok: false, message: `already ${v.decision.decision}; undo it first` });
        else if (v.design && !ticks.replaceDesign) {
          said.set(unit, { unit, ok: false, message: `its baseline is the accepted design export ${v.design}; tick "replace the design export" to replace it with this capture`, needs: { flag: 'replaceDesign', items: [v.design] } });
        }
      }
      const go = units.filter((u) => !said.has(u));
      if (go.length) {
        // one approve for the whole selection (a group of 40 captures is one pass, not 40), keeping
        // what each unit's baseline was for undo, inside the lock
        const kept = new Map<string, Kept>();
        const r = await approveRun(this.where, { run: this.run.runDir, units: new Set(go), prune: false, force: !!ticks.force, acceptA11yDebt: !!ticks.acceptA11yDebt,
          inLock: (run) => { for (const unit of go) { const u = this.units.get(unit)!; kept.set(unit, keep(run, u.spec, u.state, u.viewport)); } } });
        if ('repeated' in r) throw new Error('unreachable: no repeated flag');
        const res = r.res;
        const selected = new Set(go);
        // a refusal that names no selected unit (the run itself) refuses every one
        const whole = res.refused.find((x) => !selected.has(x.unit));
        for (const unit of go) {
          const u = this.units.get(unit)!;
          const refused: Refusal | undefined = res.refused.find((x) => x.unit === unit) ?? whole;
          if (refused) { said.set(unit, { unit, ok: false, message: refused.reason, ...(refused.needs ? { needs: refused.needs } : {}) }); continue; }
          const rel = baselineRel(u.spec, unitKey(u.state, u.viewport));
          const did = res.written.includes(rel);
          // fail closed: neither written nor already matching is not an approval
          if (!did && !res.unchanged.includes(rel)) { said.set(unit, { unit, ok: false, message: 'approve did not reach this capture; nothing was written' }); continue; }
          const k = kept.get(unit);
          if (did && k && wrote(this.run, k)) this.kept.set(unit, k);
          this.decide(unit, 'approved', null, did ? [rel] : []);
          // the notes that name this unit (by its unit key, or its baseline's path)
          const mine = (line: string) => line.startsWith(`${unit}: `) || line.startsWith(`${rel}: `);
          const notes = [...res.warnings.filter(mine), ...res.acceptedDebt.filter(mine).map((d) => `accessibility debt accepted: ${d}`)];
          said.set(unit, { unit, ok: true, message: [did ? `approved: wrote ${rel}` : `approved: ${rel} already matches this capture`, ...notes].join('; ') });
        }
      }
      return units.map((unit) => said.get(unit)!);
    });
  }

  reject(units: string[], comment: string | null): Promise<ActionResult[]> {
    return this.serial(async () => units.map((unit) => {
      const had = this.review.units[unit];
      if (had) return { unit, ok: false, message: `already ${had.decision}; undo it first` };
      this.decide(unit, 'rejected', comment, []);
      return { unit, ok: true, message: `rejected${comment ? `: ${comment}` : ''}; its baseline is unchanged` };
    }));
  }

  undo(units: string[]): Promise<ActionResult[]> {
    return this.serial(async () => {
      const out: ActionResult[] = [];
      for (const unit of units) {
        const had = this.review.units[unit];
        if (!had) { out.push({ unit, ok: false, message: 'nothing to undo' }); continue; }
        const kept = this.kept.get(unit);
        if (kept?.wrote) {
          const why = await undoApproval(this.run, kept);
          if (why) { out.push({ unit, ok: false, message: why }); continue; }
          this.kept.delete(unit);
        } else if (had.decision === 'approved' && had.baselines.length) {
          // approved in an earlier session: what it replaced is gone with that session
          out.push({ unit, ok: false, message: `approved in an earlier review; what it replaced is not kept (undo lasts while the review that approved it runs); \`git checkout -- ${had.baselines.join(' ')}\` restores the committed baseline` });
          continue;
        }
        delete this.review.units[unit];
        this.log(unit, 'undo', null);
        out.push({ unit, ok: true, message: had.decision === 'approved' && kept?.wrote ? `undone: ${had.baselines.join(', ')} restored` : `undone: the ${had.decision === 'approved' ? 'approval' : 'rejection'} is withdrawn` });
      }
      return out;
    });
  }

  /** A request's units: every one must be a unit of this run. */
  known(units: unknown): string[] | null {
    if (!Array.isArray(units) || !units.length || units.length > this.units.size) return null;
    return units.every((u) => typeof u === 'string' && this.units.has(u)) ? [...new Set(units as string[])] : null;
  }

  private decide(unit: string, decision: Decision['decision'], comment: string | null, baselines: string[]) {
    this.review.units[unit] = { decision, by: this.who, at: new Date().toISOString(), comment, baselines };
    this.log(unit, decision === 'approved' ? 'approve' : 'reject', comment);
  }

  private log(unit: string, action: 'approve' | 'reject' | 'undo', comment: string | null) {
    this.review.log.push({ unit, action, by: this.who, at: new Date().toISOString(), comment });
    writeReview(this.run.runDir, this.review);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
