// Which of veval's determinism settings hide which layout shifts (issue 59): pages that shift in
// one idiom each (test/fixtures/layout-shift/determinism, and the late web font of the fixtures),
// measured with plain Playwright (no veval setting) and by veval with its defaults (pinned system
// fonts, reduced motion, animations frozen), with reduced motion off, and with a frozen clock.
// Prints the table quoted in docs/checks/layout-shift.md.
//
//   node --import tsx scripts/layout-shift-determinism.ts
import fs from 'node:fs';
import { captureRun } from '../src/capture/index.js';
import { launchBrowser } from '../src/capture/browser.js';
import { runChecks } from '../src/checks/runner.js';
import type { SpecPlan } from '../src/spec/plan.js';
import { makeRun } from '../test/capture/plan-fixture.js';
import { readRecord } from '../test/capture/helpers.js';
import { shiftServer, shiftSpec } from '../test/capture/layout-shift-fixtures.js';
import { tmpDir } from '../test/helpers/tmp.js';
import { measureTruth } from '../test/real/layout-shift.js';

const PAGES = ['determinism/css-animation', 'determinism/transition', 'determinism/reduced-motion', 'determinism/clock', 'font'];
const SETTINGS: { name: string; context: Partial<SpecPlan['context']> }[] = [
  { name: 'veval defaults', context: {} },
  { name: 'reducedMotion: no-preference', context: { reducedMotion: 'no-preference' } },
  { name: 'freezeTime set', context: { freezeTime: '2026-01-01T00:00:00Z' } },
];

const server = await shiftServer();
const dir = tmpDir('veval-shift-determinism-');
const spec = (page: string, name: string, context: Partial<SpecPlan['context']> = {}) => {
  const s = shiftSpec(page, { name });
  return { ...s, url: `${server.url}${s.route}`, context: { ...s.context, ...context } };
};
try {
  const plain = makeRun(dir, [], server.url).plan;
  const { browser } = await launchBrowser(plain);
  const truth = new Map<string, number>();
  try {
    for (const p of PAGES) truth.set(p, (await measureTruth(browser, spec(p, 'truth'), `${dir}/truth`, 16))[0]!.score);
  } finally { await browser.close(); }
  const rows: string[] = ['| page | plain Playwright | ' + SETTINGS.map((s) => s.name).join(' | ') + ' |', '|---|---:|' + SETTINGS.map(() => '---|').join('')];
  const cells = new Map<string, string[]>();
  for (const [i, setting] of SETTINGS.entries()) {
    const specs = PAGES.map((p) => spec(p, `${p.replace(/\W/g, '-')}-${i}`, setting.context));
    const run = makeRun(`${dir}/s${i}`, specs, server.url);
    await captureRun(run, { workers: 2 });
    for (const [j, s] of specs.entries()) {
      const r = readRecord(run, s.name, s.states[0]!.name);
      const findings = (await runChecks(run, s)).find((c) => c.check === 'layout-shift')?.findings ?? [];
      cells.set(PAGES[j]!, [...cells.get(PAGES[j]!) ?? [], `${r.layoutShift?.score ?? '–'}${findings.length ? ` (${findings.map((f) => f.severity).join(', ')})` : ' (pass)'}`]);
    }
  }
  for (const p of PAGES) rows.push(`| ${p} | ${truth.get(p)} | ${cells.get(p)!.join(' | ')} |`);
  process.stdout.write(rows.join('\n') + '\n');
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
