// Accessibility debt: the axe violations each approved capture had, recorded next to its baseline
// (baselines/<spec>/a11y-debt.json) so that a run fails only on violations that are new or have
// spread to more nodes. The debt only ratchets down: approve rewrites it from the capture (fixed
// entries drop out), and refuses to add entries unless --accept-a11y-debt. Who accepted each entry,
// when and at which commit is recorded in the baseline manifest (BaselineEntry.a11yDebt); the guard
// (debtGuard) finds entries in the debt file that no approve accepted — a hand edit.
// Matching rules (docs/a11y-debt.md): a current node matches a known entry when the rule is the
// same and either the selector path or role + accessible name is the same; each known entry
// matches at most one node.
import { createHash } from 'node:crypto';
import type { AxeResultsLite, Finding } from '../../core/artifacts.js';
import { writeJsonAtomic } from '../../core/fsx.js';
import type { RunContext } from '../../core/run.js';
import type { SpecPlan } from '../../spec/plan.js';
import { BASELINES, baselineAbs, readBaselineJson } from './baselines.js';
import type { BaselineManifest, DebtAcceptance } from './types.js';

/** One violating node as fingerprinted: what a known violation is matched by. */
export interface DebtNode { rule: string; impact: string; selector: string; role: string | null; name: string | null;
  /** axe's own selector where veval's differs (never recorded: debt approved before still matches by it) */
  alias?: string }
/** A recorded entry: the node plus its id (a hash of the fingerprint, tying it to the manifest). */
export interface DebtEntry extends DebtNode { id: string }
export interface DebtFile { version: 1; spec: string; units: Record<string, DebtEntry[]> }
export type { DebtAcceptance } from './types.js';

export const debtRel = (spec: string) => `${BASELINES}/${spec}/a11y-debt.json`;

export const entryId = (n: DebtNode) => createHash('sha256').update(JSON.stringify([n.rule, n.impact, n.selector, n.role, n.name])).digest('hex').slice(0, 16);

export type DebtRead = { file: DebtFile | null; error: string | null };

export function readDebt(run: Pick<RunContext, 'root'>, spec: string): DebtRead {
  const r = readBaselineJson<DebtFile>(run, debtRel(spec), (f) => {
    if (!f || f.version !== 1 || typeof f.units !== 'object' || f.units === null) throw new Error('not a veval accessibility-debt file (version 1 with a units object)');
    for (const [key, list] of Object.entries(f.units as Record<string, any[]>)) {
      if (!Array.isArray(list) || list.some((e) => !e || typeof e.rule !== 'string' || typeof e.selector !== 'string')) throw new Error(`units.${key} is not a list of { rule, impact, selector, role, name }`);
    }
  });
  return { file: r.value, error: r.error };
}

export function writeDebt(run: RunContext, f: DebtFile): void {
  const units = Object.fromEntries(Object.keys(f.units).sort().filter((k) => f.units[k].length).map((k) => [k, f.units[k]]));
  writeJsonAtomic(baselineAbs(run, debtRel(f.spec)), { ...f, units });
}

/** axe targets are selector arrays (a path through iframes / shadow roots): joined for display and matching. */
export const targetText = (t: unknown): string => (Array.isArray(t) ? t : [t]).map((p) => (Array.isArray(p) ? p.join(' >>> ') : String(p))).join(' >>> ');

export const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export type Impact = (typeof IMPACTS)[number];
export interface AxeFilter { impact?: Impact; disable?: string[] }

/** The rule's impact, else the worst of its nodes'; unknown counts as moderate (axe always sets
 *  one for violations; a record without it should neither vanish nor become a blocker). */
export function impactOf(rule: { impact?: string | null; nodes: { impact?: string | null }[] }): Impact {
  const known = (s: unknown): s is Impact => IMPACTS.includes(s as Impact);
  if (known(rule.impact)) return rule.impact;
  const nodeImpacts = rule.nodes.map((n) => n.impact).filter(known);
  return nodeImpacts.sort((a, b) => IMPACTS.indexOf(b) - IMPACTS.indexOf(a))[0] ?? 'moderate';
}

/** The axe check's options for a spec (the ones that decide which violations are reported). */
export function axeFilterOf(spec: SpecPlan): AxeFilter | null {
  const plan = spec.checks.find((c) => c.id === 'axe');
  if (plan && !plan.enabled) return null;
  return (plan?.options ?? {}) as AxeFilter;
}

/** The violations the axe check reports (at or above its impact bar, not disabled), per node. */
export function reportedNodes(axe: AxeResultsLite, filter: AxeFilter): DebtNode[] {
  const min = IMPACTS.indexOf(filter.impact ?? 'moderate');
  const disabled = new Set(filter.disable ?? []);
  const out: DebtNode[] = [];
  for (const rule of axe.violations) {
    const impact = impactOf(rule);
    if (disabled.has(rule.id) || IMPACTS.indexOf(impact) < min) continue;
    for (const n of rule.nodes ?? []) out.push({ rule: rule.id, impact, selector: targetText(n.target), role: n.role ?? null, name: n.name ?? null, ...(n.axeTarget ? { alias: targetText(n.axeTarget) } : {}) });
  }
  return out;
}

/** A selector with React's generated ids blanked (`_r_2_`, `:r2:`, `«r2»`): debt recorded before
 *  veval renamed such nodes (issue 55) still matches when one more useId call shifts them. */
const unshifted = (s: string) => s.replace(/_[rR]_[0-9a-zA-Z]+_|\\?:[rR][0-9a-zA-Z]+\\?:|«[rR][0-9a-zA-Z]+»/g, '«id»');

/** Same rule, and the same selector path (React ids aside) or the same role + accessible name (a
 *  role is needed: a node whose role is unknown matches by selector only). */
const sameNode = (a: DebtNode, b: DebtNode) => a.rule === b.rule
  && (a.selector === b.selector || (!!b.alias && a.selector === b.alias) || unshifted(a.selector) === unshifted(b.selector) || (!!a.role && a.role === b.role && (a.name ?? '') === (b.name ?? '')));

export interface DebtMatch {
  /** current nodes no known entry matches: new debt (or debt that spread to more nodes) */
  fresh: DebtNode[];
  /** current nodes with the known entry each matched */
  known: { node: DebtNode; entry: DebtEntry }[];
  /** known entries no current node matches: fixed */
  fixed: DebtEntry[];
}

/** Pairs current nodes with known entries: selector matches first, then role + name, one to one. */
export function matchDebt(nodes: DebtNode[], entries: DebtEntry[]): DebtMatch {
  const left = [...entries];
  const known: DebtMatch['known'] = [];
  const rest: DebtNode[] = [];
  for (const n of nodes) {
    const i = left.findIndex((e) => e.rule === n.rule && e.selector === n.selector); // selector first: the exact node
    if (i >= 0) known.push({ node: n, entry: left.splice(i, 1)[0] }); else rest.push(n);
  }
  const fresh: DebtNode[] = [];
  for (const n of rest) {
    const i = left.findIndex((e) => sameNode(e, n));
    if (i >= 0) known.push({ node: n, entry: left.splice(i, 1)[0] }); else fresh.push(n);
  }
  return { fresh, known, fixed: left };
}

export const toEntry = ({ alias: _alias, ...n }: DebtNode): DebtEntry => ({ ...n, id: entryId(n) });

/** How one node reads in a list: the selector, with role and name when known. */
export const nodeText = (n: DebtNode) => `${n.rule} at ${n.selector}${n.role ? ` (${n.role}${n.name ? ` "${n.name}"` : ''})` : ''}`;

/** Entries of one unit that an approve accepted (the manifest holds their acceptance, the id is
 *  the hash of the fingerprint): the only ones that count as known debt. */
export function vouched(entries: DebtEntry[], accepted: DebtAcceptance[] | undefined): DebtEntry[] {
  const ids = new Set((accepted ?? []).map((a) => a.id));
  return entries.filter((e) => e.id === entryId(e) && ids.has(e.id));
}

/** Debt entries the manifest does not vouch for (added by hand), or a debt file that cannot be read:
 *  one spec-wide guard blocker each. */
export function debtGuard(run: Pick<RunContext, 'root'>, spec: SpecPlan, manifest: BaselineManifest | null): Finding[] {
  const read = readDebt(run, spec.name);
  const rel = debtRel(spec.name);
  const guard = (message: string, extra: Record<string, unknown> = {}): Finding => ({ check: 'guard', severity: 'blocker', viewport: null, state: null, message, evidence: { file: rel, ...extra } });
  if (read.error) return [guard(`${read.error}; the accessibility debt cannot be trusted; re-approve with \`veval approve --spec ${spec.name} --accept-a11y-debt\` after review`)];
  if (!read.file) return [];
  const out: Finding[] = [];
  for (const [key, list] of Object.entries(read.file.units)) {
    const ok = new Set(vouched(list, manifest?.images[key]?.a11yDebt));
    const forged = list.filter((e) => !ok.has(e));
    if (forged.length) {
      out.push(guard(`${rel} lists ${forged.length} accessibility-debt entr${forged.length === 1 ? 'y' : 'ies'} for ${key} that no \`veval approve\` accepted (edited by hand?): ${forged.slice(0, 5).map(nodeText).join('; ')}${forged.length > 5 ? ` and ${forged.length - 5} more` : ''}; debt is added only by \`veval approve --accept-a11y-debt\``,
        { unit: key, entries: forged }));
    }
  }
  return out;
}
