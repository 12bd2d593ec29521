// summary.md, junit.xml, the reporter multiplexer and the console reporter, from report.json alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createConsoleReporter, REPORTER_IMPLS, renderJunit, renderMarkdown, writeReports, writeReportsDetailed } from '../../src/report/index.js';
import { gatedRun, HOSTILE, richReport } from './fixture.js';
import { REPO } from '../helpers/tmp.js';

test('summary.md puts the verdict first, groups findings by severity with image links, and ends with the checklist', () => {
  const { report } = gatedRun();
  const md = renderMarkdown(report);
  assert.match(md.split('\n')[0], /FAIL.*1 of 2 specs failed/);
  const at = (s: string) => md.indexOf(s);
  assert.ok(at('### blocker (1)') > 0 && at('### blocker') < at('### important') && at('### important') < at('### polish'));
  assert.match(md, /required-visible.*covered by div\.cookie-bar.*\[checkout\/default-mobile\.png\]\(checkout\/default-mobile\.png\)/);
  assert.ok(at('### Agent checklist') > at('### polish'));
  for (const c of report.checklist) assert.ok(md.includes(c.question.replace(/[?]/g, '?')), c.question);
});

test('summary.md escapes page-derived text so it cannot inject HTML or break tables', () => {
  const { report } = gatedRun(true);
  const md = renderMarkdown(report);
  assert.ok(!md.includes('<script>'));
  assert.ok(!md.includes('<img'));
  assert.ok(md.includes('&lt;script&gt;'));
  const [verdicts, captures] = md.split('<details>');
  const tableRows = verdicts.split('\n').filter((l) => l.startsWith('| checkout'));
  assert.equal(tableRows.length, 1);
  assert.equal(tableRows[0].split(/(?<!\\)\|/).length, 8);   // 6 columns: no unescaped pipe from page text
  const captureRows = captures.split('\n').filter((l) => l.startsWith('| checkout'));
  assert.equal(captureRows.length, 2);
  for (const row of captureRows) assert.equal(row.split(/(?<!\\)\|/).length, 6);
});

test('junit.xml has one testcase per spec × state × viewport plus a spec case, failures with messages', () => {
  const { report } = gatedRun();
  const xml = renderJunit(report);
  const cases = [...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`);
  assert.deepEqual(cases, ['checkout/default @ desktop', 'checkout/default @ mobile', 'checkout/spec', 'home/default @ desktop', 'home/spec']);
  const mobile = xml.slice(xml.indexOf('name="default @ mobile"'), xml.indexOf('name="spec"'));
  assert.match(mobile, /<failure message="[^"]*required-visible/);
  const desktop = xml.slice(xml.indexOf('name="default @ desktop"'), xml.indexOf('name="default @ mobile"'));
  assert.ok(!desktop.includes('<failure'), 'a polish warning alone does not fail the desktop case');
  assert.match(xml, /<testsuites name="veval" tests="5" failures="1"/);
});

test('junit.xml escapes hostile text and stays well-formed', () => {
  const { report } = gatedRun(true);
  report.specs[0].findings[0].message += '\u0001\u001b[31m';
  const xml = renderJunit(report);
  assert.ok(!xml.includes('<script>') && !xml.includes('<img'));
  assert.ok(!/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(xml));
  assert.match(xml, /spec.*\n[\s\S]*&lt;script&gt;/);   // the injected spec-wide reason is on the spec case
});

test('writeReports writes each requested file from report.json and returns their paths', () => {
  const { dir } = gatedRun();
  const written = writeReports(dir, ['json', 'markdown', 'junit', 'html', 'list']);
  assert.deepEqual(written.map((f) => path.basename(f)), ['report.json', 'summary.md', 'junit.xml', 'index.html']);
  for (const f of written) assert.ok(fs.statSync(f).size > 0);
});

test('a reporter that throws does not stop the others, and its failure is reported', () => {
  const { dir } = gatedRun();
  const saved = REPORTER_IMPLS.junit.render;
  REPORTER_IMPLS.junit.render = () => { throw new Error('junit exploded'); };
  const err: string[] = [];
  try {
    const out = writeReportsDetailed(dir, ['junit', 'markdown', 'nope', 'html'], { write: (s: string) => err.push(s) });
    assert.deepEqual(out.written.map((f) => path.basename(f)), ['summary.md', 'index.html']);
    assert.deepEqual(out.failures.map((f) => f.reporter), ['junit', 'nope']);
    assert.match(err.join(''), /reporter junit failed: junit exploded/);
    assert.match(err.join(''), /unknown reporter "nope"/);
  } finally {
    REPORTER_IMPLS.junit.render = saved;
  }
});

test('a missing report.json fails every file reporter loudly', () => {
  const { dir } = gatedRun();
  fs.rmSync(path.join(dir, 'report.json'));
  const err: string[] = [];
  const out = writeReportsDetailed(dir, ['markdown', 'html'], { write: (s: string) => err.push(s) });
  assert.deepEqual(out.written, []);
  assert.equal(out.failures.length, 2);
  assert.match(err.join(''), /report\.json/);
});

function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let buf = '';
  const w = new Writable({ write(chunk, _e, cb) { buf += chunk; cb(); } }) as unknown as NodeJS.WriteStream;
  (w as any).isTTY = isTTY;
  return { stream: w, text: () => buf };
}

test('console reporter: plain lines without colour support, verdicts, one line per problem blockers first, where the files are', () => {
  const { report, dir } = gatedRun();
  const out = capture(false);
  const rep = createConsoleReporter(out.stream, {});
  rep.onStage('capture', 'checkout');
  rep.onUnit({ spec: 'checkout', state: 'default', viewport: 'mobile', ok: false, ms: 812.4, reason: 'navigation-timeout' });
  const written = writeReports(dir, ['json', 'markdown', 'html']);
  rep.end(report, dir, written);
  const text = out.text();
  assert.ok(!text.includes('\u001b['), 'no escape codes on a stream without colour support');
  assert.match(text, /FAIL checkout default @ mobile 812ms\n/, 'the reason is told once, in the problem list');
  assert.match(text, /^FAIL checkout {2}score/m);
  // each side named by what it measured: without a judge, aesthetic is the layout parity (issue 55)
  assert.match(text, /^FAIL checkout {2}score [\d.]+ \(structural [\d.]+ = checks \+ axe, aesthetic [\d.]+ = layout parity\)/m);
  assert.equal(report.specs[0].scores.measures?.aesthetic, 'layout parity');
  assert.match(renderMarkdown(report), /\| checkout \|[^\n]*\| [\d.]+ \(layout parity\) \|/);
  assert.match(text, /^PASS home/m);
  const lines = text.split('\n');
  const problems = lines.filter((l) => /^(blocker|important|polish) /.test(l));
  assert.equal(problems[0].split(' ')[0], 'blocker');
  assert.ok(problems.findIndex((l) => l.startsWith('important')) < problems.findIndex((l) => l.startsWith('polish')));
  assert.match(problems[0], /^blocker +required-visible {2}#pay {2}.*covered by div\.cookie-bar {2}in 1 capture: checkout\/default @ mobile {2}\[checkout#1\]$/);
  // every finding's fact once: the spec's reasons repeat its findings, so they are not printed again
  for (const f of report.specs[0].findings) assert.ok(text.split(f.message).length - 1 <= 1, `printed twice: ${f.message}`);
  assert.doesNotMatch(text, /Agent checklist/);
  // the files written are named, and the one command to look at the report ends the run
  assert.ok(text.includes(path.join(dir, 'summary.md')), 'a folder outside the working folder is named absolutely');
  assert.doesNotMatch(text, /junit\.xml/, 'a file not written is not named');
  assert.match(lines.filter(Boolean).at(-1)!, /^look at the report: (xdg-open|open|start "") .*index\.html$/);
});

test('console reporter: one line per distinct problem with the units it affects; the approve command when baselines are missing', () => {
  const { report, dir } = gatedRun();
  const s = report.specs.find((x) => x.name === 'checkout')!;
  s.units.push({ ...s.units[0], state: 'filled', parity: 'no-baseline' }, { ...s.units[1], state: 'filled' });
  const axe = (state: string, viewport: string) => ({ check: 'axe', severity: 'blocker' as const, state, viewport, rule: 'label', impact: 'critical', message: 'Form elements must have labels', evidence: { file: null, selector: '#name' }, fails: true, effect: 'blocker' as const });
  s.findings.push(axe('default', 'desktop'), axe('default', 'mobile'), axe('filled', 'desktop'), axe('filled', 'mobile'));
  const out = capture(false);
  createConsoleReporter(out.stream, {}).end(report, dir, []);
  const lines = out.text().split('\n').filter((l) => l.includes('Form elements must have labels'));
  assert.deepEqual(lines, ['blocker   axe  label  #name  Form elements must have labels  in 4 captures: checkout/* @ desktop, mobile  [checkout#6, #7, #8, #9]']);
  assert.match(out.text(), /approve them: veval approve --run \S+\n$/);
});

test('console reporter: colour follows FORCE_COLOR / NO_COLOR and the stream\'s colour support, not CI', () => {
  const { report } = gatedRun();
  report.specs[0].findings[0].message = 'evil \u001b]0;owned\u0007 title';
  const tty = (hasColors: boolean) => { const c = capture(true); (c.stream as any).hasColors = () => hasColors; return c; };
  const cases: [ReturnType<typeof capture>, NodeJS.ProcessEnv, boolean][] = [
    [tty(true), { CI: 'true' }, true],          // a colour terminal in CI still gets colour
    [tty(true), { NO_COLOR: '1' }, false],
    [tty(false), {}, false],                    // a terminal without colours
    [capture(false), { FORCE_COLOR: '1' }, true], // a pipe when forced
    [tty(true), { FORCE_COLOR: '0' }, false],
  ];
  for (const [out, env, coloured] of cases) {
    const rep = createConsoleReporter(out.stream, env);
    rep.onUnit({ spec: 'home', state: 'default', viewport: 'desktop', ok: true, ms: 10 });
    rep.end(report);
    assert.equal(/\u001b\[32m✓/.test(out.text()), coloured, JSON.stringify(env));
    assert.ok(!out.text().includes('\u001b]0;owned'), 'OSC sequence from page text reached the terminal');
  }
});

test('console reporter: silent once the run is interrupted (the signal handler printed the one line)', () => {
  const { report, dir } = gatedRun();
  const ctrl = new AbortController();
  const out = capture(false);
  const rep = createConsoleReporter(out.stream, {}, { signal: ctrl.signal });
  rep.onUnit({ spec: 'home', state: 'default', viewport: 'desktop', ok: true, ms: 10 });
  ctrl.abort();
  rep.onUnit({ spec: 'home', state: 'default', viewport: 'mobile', ok: false, ms: 10, reason: 'interrupted' });
  rep.end(report, dir, []);
  assert.equal(out.text().split('\n').filter(Boolean).length, 1);
});

test('junit.xml unit testcases carry the unit\'s capture time, never a made-up 0', () => {
  const { dir, report } = gatedRun();
  const xml = renderJunit(richReport(dir, report));
  const times = [...xml.matchAll(/<testcase classname="checkout" name="default @ (\w+)"( time="([\d.]+)")?>/g)].map((m) => [m[1], m[3]]);
  assert.deepEqual(times, [['desktop', '1.234'], ['mobile', '1.235']]);
  // a report without unit times: the attribute is left out rather than claiming 0 s
  const bare = renderJunit(gatedRun().report);
  assert.ok(!/<testcase [^>]*time="0"/.test(bare), bare);
  assert.match(bare, /<testsuite name="checkout" [^>]*time="\d+\.\d{3}"/);
});

test('every reporter says per spec which baselines the run wrote', () => {
  const { dir, report } = gatedRun();
  richReport(dir, report);
  const md = renderMarkdown(report);
  assert.match(md, /\*\*checkout\*\* baselines written: baselines\/checkout\/default-desktop\.png/);
  assert.ok(!/\*\*home\*\* baselines written/.test(md));
  const xml = renderJunit(report);
  const specCase = xml.slice(xml.indexOf('<testcase classname="checkout" name="spec"'), xml.indexOf('</testsuite>'));
  assert.match(specCase, /<system-out>[^<]*baselines written: baselines\/checkout\/default-desktop\.png/);
  const out = capture(false);
  createConsoleReporter(out.stream, {}).end(report, dir);
  assert.match(out.text(), /^FAIL checkout[^\n]*\n(?: {5}[^\n]*\n)* {5}baselines written: baselines\/checkout\/default-desktop\.png$/m);
  // from the units' parity outcome alone
  const again = gatedRun();
  assert.match(renderMarkdown(richReport(again.dir, again.report, 'outcome-only')), /\*\*checkout\*\* baselines written: default @ desktop/);
});

test('summary.md names a min-gap box as the gap between its two regions', () => {
  const { dir, report } = gatedRun();
  const md = renderMarkdown(richReport(dir, report));
  const line = md.split('\n').find((l) => l.includes('min-gap'))!;
  assert.match(line, /gap between summary and footer box /);
  assert.ok(!line.includes('aside.order-summary'), line);
});

test('one list of reporters: the CLI, the library and the README name the same ids; each declared id has its implementation', async () => {
  const { REPORTERS, REPORTER_IDS, FILE_REPORTER_IDS } = await import('../../src/report/reporters.js');
  const { reportersOf } = await import('../../src/cli/common.js');
  assert.deepEqual(reportersOf({}), [...REPORTER_IDS]);
  assert.throws(() => reportersOf({ reporter: 'junit,dot' }), (e: any) => e.problems[0] === `--reporter: unknown reporter dot (choose from ${REPORTER_IDS.join(', ')})`);
  assert.deepEqual(Object.keys(REPORTER_IMPLS).sort(), [...REPORTER_IDS].sort());
  assert.deepEqual(FILE_REPORTER_IDS, REPORTERS.filter((r) => r.file).map((r) => r.id));
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const para = readme.slice(readme.indexOf('**Reporters.**'), readme.indexOf('\n\n', readme.indexOf('**Reporters.**')));
  for (const r of REPORTERS) {
    assert.ok(para.includes(`\`${r.id}\``), `README's Reporters paragraph names \`${r.id}\``);
    if (r.file) assert.ok(para.includes(r.file), `README's Reporters paragraph names ${r.file}`);
  }
});

test('the live reporters are multiplexed: every hook optional, one that throws does not stop the others', async () => {
  const { multiplex } = await import('../../src/report/index.js');
  const seen: string[] = [];
  const err: string[] = [];
  const all = multiplex([
    { onUnit: () => { throw new Error('listener broke'); } },
    {},
    { onStage: (name) => seen.push(`stage ${name}`), onUnit: (u) => seen.push(`unit ${u.state}`), onEnd: (r) => seen.push(`end ${r.status}`) },
  ], { write: (s: string) => err.push(s) });
  all.onStage('capture');
  all.onUnit({ spec: 's', state: 'default', viewport: 'desktop', ok: true, ms: 1 });
  all.onEnd(gatedRun().report);
  assert.deepEqual(seen, ['stage capture', 'unit default', 'end fail']);
  assert.deepEqual(err, ['veval: a reporter failed in onUnit: listener broke\n']);
});
