// summary.md, junit.xml, the reporter multiplexer and the console reporter, from report.json alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createConsoleReporter, FILE_REPORTERS, renderJunit, renderMarkdown, writeReports, writeReportsDetailed } from '../../src/report/index.js';
import { gatedRun, HOSTILE, richReport } from './fixture.js';

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
  const tableRows = md.split('\n').filter((l) => l.startsWith('| checkout'));
  assert.equal(tableRows.length, 1);
  assert.equal(tableRows[0].split(/(?<!\\)\|/).length, 8);   // 6 columns: no unescaped pipe from page text
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
  const saved = FILE_REPORTERS.junit.render;
  FILE_REPORTERS.junit.render = () => { throw new Error('junit exploded'); };
  const err: string[] = [];
  try {
    const out = writeReportsDetailed(dir, ['junit', 'markdown', 'nope', 'html'], { write: (s: string) => err.push(s) });
    assert.deepEqual(out.written.map((f) => path.basename(f)), ['summary.md', 'index.html']);
    assert.deepEqual(out.failures.map((f) => f.reporter), ['junit', 'nope']);
    assert.match(err.join(''), /reporter junit failed: junit exploded/);
    assert.match(err.join(''), /unknown reporter "nope"/);
  } finally {
    FILE_REPORTERS.junit.render = saved;
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

test('console reporter: plain lines in CI, verdicts, findings by severity, checklist and report paths', () => {
  const { report, dir } = gatedRun(true);
  const out = capture(false);
  const rep = createConsoleReporter(out.stream, { CI: 'true' });
  rep.onStage('capture', 'checkout');
  rep.onUnit({ spec: 'checkout', state: 'default', viewport: 'mobile', ok: false, ms: 812.4, reason: 'navigation-timeout' });
  rep.end(report, dir);
  const text = out.text();
  assert.ok(!text.includes('\u001b['), 'no escape codes in CI');
  assert.match(text, /FAIL checkout default @ mobile 812ms — navigation-timeout/);
  assert.match(text, /^FAIL checkout {2}score/m);
  assert.match(text, /^PASS home/m);
  assert.ok(text.indexOf('blocker (1)') < text.indexOf('important ('));
  assert.match(text, /Agent checklist/);
  assert.ok(text.includes(path.join(dir, 'index.html')));
});

test('console reporter colours on a TTY and strips terminal control characters from page text', () => {
  const { report } = gatedRun();
  report.specs[0].findings[0].message = 'evil \u001b]0;owned\u0007 title';
  const out = capture(true);
  const rep = createConsoleReporter(out.stream, {});
  rep.onUnit({ spec: 'home', state: 'default', viewport: 'desktop', ok: true, ms: 10 });
  rep.end(report);
  const text = out.text();
  assert.match(text, /\u001b\[32m✓/);
  assert.ok(!text.includes('\u001b]0;owned'), 'OSC sequence from page text reached the terminal');
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
  createConsoleReporter(out.stream, { CI: 'true' }).end(report, dir);
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
