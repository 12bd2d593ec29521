// The live console reporter. On a TTY: one status line per unit with colour; in CI (no TTY, or
// NO_COLOR): the same lines without escapes. end() prints verdicts, findings by severity, the agent
// checklist and where the report files are.
import path from 'node:path';
import type { Report } from '../gate/report-schema.js';
import { baselinesWritten, SEVERITY_ORDER, shownOnce } from './load.js';
import { forTerminal } from './terminal.js';

export interface UnitEvent { spec: string; state: string; viewport: string; ok: boolean; ms: number; reason?: string }
export interface ConsoleReporter {
  onUnit(u: UnitEvent): void;
  onStage(name: string, spec?: string): void;
  end(report: Report, runDir?: string): void;
}

// Page-derived text could rewrite the user's terminal or write CI commands: every value goes through forTerminal.
const clean = (s: unknown) => forTerminal(s);

export function createConsoleReporter(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): ConsoleReporter {
  const color = !!stream.isTTY && !env.NO_COLOR && !env.CI;
  const paint = (code: number, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const red = (s: string) => paint(31, s), green = (s: string) => paint(32, s), yellow = (s: string) => paint(33, s), dim = (s: string) => paint(2, s);
  const line = (s: string) => stream.write(s + '\n');
  const sevColor = { blocker: red, important: yellow, polish: dim } as const;

  return {
    onStage(name, spec) {
      line(dim(`▸ ${clean(name)}${spec ? ` ${clean(spec)}` : ''}`));
    },
    onUnit(u) {
      const mark = u.ok ? green(color ? '✓' : 'ok  ') : red(color ? '✗' : 'FAIL');
      line(`  ${mark} ${clean(u.spec)} ${clean(u.state)} @ ${clean(u.viewport)} ${dim(`${Math.round(u.ms)}ms`)}${u.reason ? ` — ${clean(u.reason)}` : ''}`);
    },
    end(r, runDir) {
      line('');
      for (const s of r.specs) {
        const verdict = s.status === 'pass' ? green('PASS') : red('FAIL');
        line(`${verdict} ${clean(s.name)}  score ${s.score ?? '–'} (structural ${s.scores.structural ?? '–'}, aesthetic ${s.scores.aesthetic ?? '–'})`);
        for (const reason of s.reasons) line(`     ${clean(reason)}`);
        const written = baselinesWritten(s);
        if (written.length) line(yellow(`     baselines written: ${written.map(clean).join(', ')}`));
        for (const note of s.notes ?? []) line(yellow(`     ${clean(note)}`));
      }
      for (const reason of r.reasons) line(red(`  run: ${clean(reason)}`));
      for (const sev of SEVERITY_ORDER) {
        const list = r.specs.flatMap((s) => shownOnce(s.findings.filter((f) => f.severity === sev)).map((g) => ({ s, g })));
        if (!list.length) continue;
        line('');
        line(sevColor[sev](`${sev} (${list.length})`));
        for (const { s, g: { finding: f, units } } of list) line(`  ${clean(s.name)} ${clean(f.check)} [${clean(units)}] ${clean(f.message)}${f.evidence?.file ? dim(` ${clean(f.evidence.file)}`) : ''}`);
      }
      line('');
      line('Agent checklist (answer from the captures):');
      for (const c of r.checklist) {
        const mark = c.ok === null ? yellow('?') : c.ok ? green('✓') : red('✗');
        line(`  ${mark} ${clean(c.question)} ${clean(c.answer)} — ${clean(c.detail)}${c.files.length ? dim(` [${c.files.slice(0, 3).map(clean).join(', ')}${c.files.length > 3 ? ', …' : ''}]`) : ''}`);
      }
      line('');
      const at = (f: string) => (runDir ? path.join(runDir, f) : f);
      const paths = runDir ? [at('report.json'), at('index.html'), at('summary.md')].join(', ') : 'report.json in the run folder';
      line(`${r.status === 'pass' ? green('PASS') : red('FAIL')} ${r.status === 'pass' ? `${r.totals.specs} of ${r.totals.specs} spec(s) passed` : `${r.totals.failed} of ${r.totals.specs} spec(s) failed`}${r.incomplete ? ' (run incomplete)' : ''} — report: ${paths}`);
    },
  };
}
