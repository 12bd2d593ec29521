// The console reporter (`--reporter list`). While capturing: one line per unit. At the end: one
// verdict line per spec, then one line per distinct problem with the captures it affects (blockers
// first), each fact once; then where the files are, the one command to look at the report and, when
// baselines are missing, the one command to approve. Colour follows NO_COLOR / FORCE_COLOR and the
// stream's own support (stream.hasColors), never the CI variable. Interrupted: silent (the signal
// handler printed the one line).
import { viewportLabel } from '../core/engines.js';
import path from 'node:path';
import { styleText } from 'node:util';
import type { Report, ReportFinding, SpecReport } from '../gate/report-schema.js';
import { approveCommand, baselinesWritten, boxLabel, EFFECT_WORDS, flakeMasks, idOf, idsText, otherReasons, SEVERITY_ORDER, specNotes, typed, scoreText } from './load.js';
import { forTerminal } from './terminal.js';

export interface UnitEvent { spec: string; state: string; viewport: string; ok: boolean; ms: number; reason?: string }
export interface ConsoleReporter {
  onUnit(u: UnitEvent): void;
  onStage(name: string, spec?: string): void;
  /** `written`: the report files this run wrote (only those are named). */
  end(report: Report, runDir?: string, written?: string[]): void;
}
export interface ConsoleOptions {
  /** once aborted (Ctrl-C), the reporter prints nothing more */
  signal?: AbortSignal;
  /** the platform whose "open a file" command to suggest (default: this one) */
  platform?: NodeJS.Platform;
}

// Page-derived text could rewrite the user's terminal or write CI commands: every value goes through forTerminal.
const clean = (s: unknown) => forTerminal(s);

/** Colour on this stream: FORCE_COLOR wins, then NO_COLOR, then what the stream says it supports (a TTY's hasColors). */
export function colorsFor(stream: NodeJS.WritableStream & { hasColors?: (env?: object) => boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined) return !['0', 'false'].includes(env.FORCE_COLOR);
  if (env.NO_COLOR) return false;
  return typeof stream.hasColors === 'function' ? stream.hasColors(env) : false;
}

type Fmt = Parameters<typeof styleText>[0];

/** "the units a problem affects", compact: `signup/* @ desktop, mobile` (every state), `signup/default @ mobile`. */
export function whereText(units: { spec: SpecReport; state: string | null; viewport: string | null }[]): string {
  const bySpec = new Map<SpecReport, { state: string | null; viewport: string | null }[]>();
  for (const u of units) bySpec.set(u.spec, [...(bySpec.get(u.spec) ?? []), u]);
  return [...bySpec].map(([s, us]) => {
    if (us.some((u) => u.state === null && u.viewport === null)) return `${s.name} (spec-wide)`;
    const vpsOf = new Map<string, string[]>();
    for (const u of us) vpsOf.set(u.state ?? '?', [...new Set([...(vpsOf.get(u.state ?? '?') ?? []), viewportLabel(u.viewport ?? '?')])]);
    const allStates = [...new Set(s.units.map((u) => u.state))];
    const sets = [...new Set([...vpsOf.values()].map((v) => v.join(', ')))];
    if (sets.length === 1) {
      const states = [...vpsOf.keys()];
      const st = allStates.length > 1 && states.length === allStates.length ? '*' : states.join(',');
      return `${s.name}/${st} @ ${sets[0]}`;
    }
    return [...vpsOf].map(([st, v]) => `${s.name}/${st} @ ${v.join(', ')}`).join('; ');
  }).join('; ');
}

export interface Problem { severity: string; effect: ReportFinding['effect']; check: string; rule: string; target: string; message: string; units: { spec: SpecReport; state: string | null; viewport: string | null }[]; ids: string[] }

/** One entry per distinct problem: findings sharing a `group` key, or else the same check, rule,
 *  target and message once the unit's own name is taken out of it. Blockers first. */
export function problemsOf(r: Report): Problem[] {
  const map = new Map<string, Problem>();
  for (const s of r.specs) for (const f of s.findings) {
    const target = boxLabel(f) ?? '';
    const message = unitFree(s.name, f);
    const key = [f.severity, f.effect, f.group ? `g:${f.group}` : `${f.check}\u0000${f.rule ?? ''}\u0000${target}\u0000${message}`].join('\u0000');
    const had = map.get(key);
    const unit = { spec: s, state: f.state, viewport: f.viewport };
    if (had) { had.ids.push(idOf(s, f)); if (!had.units.some((u) => u.spec === s && u.state === f.state && u.viewport === f.viewport)) had.units.push(unit); continue; }
    map.set(key, { severity: f.severity, effect: f.effect, check: f.check, rule: f.rule ?? '', target, message, units: [unit], ids: [idOf(s, f)] });
  }
  const rank = (sev: string) => { const i = SEVERITY_ORDER.indexOf(sev as never); return i < 0 ? SEVERITY_ORDER.length : i; };
  return [...map.values()].map((p, i) => ({ p, i })).sort((a, b) => rank(a.p.severity) - rank(b.p.severity) || a.i - b.i).map((x) => x.p);
}

/** A finding's message without the unit it names ("checkout/default-mobile: …"): the line lists the units. */
function unitFree(spec: string, f: ReportFinding): string {
  let m = f.message;
  if (f.state !== null && f.viewport !== null) {
    for (const id of [`${spec}/${f.state}-${f.viewport}: `, `${spec}/${f.state}-${f.viewport}`]) m = m.split(id).join(id.endsWith(': ') ? '' : `${spec}/…`);
    m = m.split(` at ${f.viewport} (${f.state})`).join('');
  }
  return m;
}

const openCommand = (platform: NodeJS.Platform, file: string) =>
  `${platform === 'darwin' ? 'open' : platform === 'win32' ? 'start ""' : 'xdg-open'} ${/^[\w@%+=:,./\\-]+$/.test(file) ? file : JSON.stringify(file)}`;

export function createConsoleReporter(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env, opts: ConsoleOptions = {}): ConsoleReporter {
  const color = colorsFor(stream, env);
  const paint = (fmt: Fmt) => (s: string) => (color ? styleText(fmt, s, { validateStream: false }) : s);
  const red = paint('red'), green = paint('green'), yellow = paint('yellow'), dim = paint('dim'), bold = paint('bold');
  const quiet = () => !!opts.signal?.aborted;
  const line = (s: string) => { if (!quiet()) stream.write(s + '\n'); };
  const sevColor: Record<string, (s: string) => string> = { blocker: red, important: yellow, polish: dim };
  const platform = opts.platform ?? process.platform;

  return {
    onStage(name, spec) {
      line(dim(`▸ ${clean(name)}${spec ? ` ${clean(spec)}` : ''}`));
    },
    onUnit(u) {
      // the reason is told once, in the problem list at the end
      const mark = u.ok ? green(color ? '✓' : 'ok  ') : red(color ? '✗' : 'FAIL');
      line(`  ${mark} ${clean(u.spec)} ${clean(u.state)} @ ${clean(viewportLabel(u.viewport))} ${dim(`${Math.round(u.ms)}ms`)}`);
    },
    end(r, runDir, written) {
      if (quiet()) return;
      line('');
      for (const s of r.specs) {
        const failing = s.units.filter((u) => u.status !== 'pass').length;
        const verdict = s.status === 'pass' ? green('PASS') : red('FAIL');
        line(`${verdict} ${clean(s.name)}  ${clean(scoreText(s))}${failing ? `  ${failing} of ${s.units.length} captures failing` : ''}`);
        // what the findings below do not already say
        for (const reason of otherReasons(s)) line(`     ${clean(reason)}`);
        const w = baselinesWritten(s);
        if (w.length) line(yellow(`     baselines written: ${w.map(clean).join(', ')}`));
        for (const note of specNotes(s)) line(yellow(`     ${clean(note)}`));
      }
      for (const reason of r.reasons) line(red(`  run: ${clean(reason)}`));
      // accepted debt is not a problem of this run: one line says how much, summary.md and the HTML
      // report list it folded away
      const all = problemsOf(r);
      const problems = all.filter((p) => p.effect !== 'known-debt');
      const debt = all.filter((p) => p.effect === 'known-debt');
      if (problems.length) line('');
      for (const p of problems) {
        const n = p.units.length;
        const what = [p.rule, p.target].filter(Boolean).map(clean).join('  ');
        const wide = p.units.every((u) => u.state === null && u.viewport === null);
        const where = wide ? `in ${whereText(p.units)}` : `in ${n} capture${n === 1 ? '' : 's'}: ${whereText(p.units)}`;
        line(`${sevColor[p.severity]?.(p.severity.padEnd(9)) ?? clean(p.severity)} ${bold(clean(p.check))}${what ? `  ${what}` : ''}  ${clean(p.message)}${EFFECT_WORDS[p.effect] ? dim(`  (${EFFECT_WORDS[p.effect]})`) : ''}  ${dim(clean(where))}  ${dim(clean(`[${idsText(p.ids)}]`))}`);
      }
      // what kept moving while the page was shot, as the line to paste into the spec
      for (const s of r.specs) {
        const masks = [...new Set(s.findings.flatMap(flakeMasks))];
        if (masks.length) line(`masks to add to ${clean(s.file)} (stability): ${bold(clean(`masks: [${masks.map((m) => JSON.stringify(m)).join(', ')}]`))}`);
      }
      const debtCount = r.totals.knownDebt ?? debt.reduce((n, p) => n + p.ids.length, 0);
      if (debtCount) line(dim(`known debt: ${debtCount} accepted accessibility violation${debtCount === 1 ? '' : 's'} (${debt.length} distinct), not failing — listed in summary.md and the HTML report`));
      line('');
      const t = r.totals.findings;
      const summary = r.status === 'pass' ? `${r.totals.specs} of ${r.totals.specs} spec(s) passed` : `${r.totals.failed} of ${r.totals.specs} spec(s) failed`;
      line(`${r.status === 'pass' ? green('PASS') : red('FAIL')} ${summary}${r.incomplete ? ' (run incomplete)' : ''} · ${t.blocker} blocker, ${t.important} important, ${t.polish} polish${debtCount ? `, ${debtCount} known debt` : ''}`);
      const rel = (f: string) => clean(typed(f));
      const files = (written ?? []).filter((f) => path.basename(f) !== 'index.html');
      if (files.length) line(dim(`wrote ${files.map(rel).join(', ')}`));
      const html = (written ?? []).find((f) => path.basename(f) === 'index.html');
      if (html) line(`look at the report: ${bold(openCommand(platform, rel(html)))}`);
      const missing = r.specs.some((s) => s.units.some((u) => u.parity === 'no-baseline' && u.files.capture));
      if (missing && runDir) line(`no approved baselines yet; after looking, approve them: ${bold(clean(approveCommand(rel(runDir), {})))}`);
    },
  };
}
