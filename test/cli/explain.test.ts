// The CLI keeps its own promises, from a run folder alone (the saved golden run, no browser):
// `veval gate` continues a run `veval run` made and says which; the console and summary.md number
// each finding as `veval explain` takes it; `veval explain` prints the finding, the crop and diff
// files it wrote, the DOM excerpt and the check's doc; summary.md's counts agree with its sections;
// the README's command table lists exactly the commands `veval --help` prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { REPO, runCli, tmpDir } from '../helpers/tmp.js';
import { GOLDEN_DIR } from '../gate/fixture.js';
import { decodePng } from '../../src/judge/images.js';

const RUN_ID = '20260101-000000000Z-abc123';

/** A project whose only run is the golden run, started by `veval run` (not `veval capture`). */
function project(): { dir: string; runDir: string } {
  const dir = tmpDir();
  const runDir = path.join(dir, 'evals', 'runs', RUN_ID);
  fs.cpSync(GOLDEN_DIR, runDir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), 'out: evals\n');
  return { dir, runDir };
}

test('gate continues the newest run `veval run` made, says which, and numbers each finding as explain takes it', async () => {
  const { dir, runDir } = project();
  try {
    assert.equal(JSON.parse(fs.readFileSync(path.join(runDir, 'run.json'), 'utf8')).startedBy, 'run');
    const g = await runMain(['gate'], dir);
    assert.equal(g.code, 1, g.stderr);
    assert.match(g.stderr, new RegExp(`using run ${RUN_ID} \\(the newest run whose capture finished, started by \`veval run\``));
    // the console names every finding by id: the blocker line ends with it
    assert.match(g.stderr, /^blocker\s+required-visible .*\[checkout#1\]$/m);
    assert.match(g.stderr, /^polish\s+judge .*\[home#1\]$/m);

    const md = fs.readFileSync(path.join(runDir, 'summary.md'), 'utf8');
    assert.match(md, /^- \*\*checkout#1\*\* · required-visible/m);
    // the header's counts are the sections' counts
    const header = /^(\d+) blocker · (\d+) important · (\d+) polish/m.exec(md)!;
    const section = (sev: string) => Number(new RegExp(`^### ${sev} \\((\\d+)\\)`, 'm').exec(md)?.[1] ?? 0);
    assert.deepEqual([section('blocker'), section('important'), section('polish')], header.slice(1, 4).map(Number), md);
    const report = JSON.parse(fs.readFileSync(path.join(runDir, 'report.json'), 'utf8'));
    assert.deepEqual(header.slice(1, 4).map(Number), [report.totals.findings.blocker, report.totals.findings.important, report.totals.findings.polish]);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('a grouped finding is counted once per capture in summary.md: header and section agree', async () => {
  const { dir, runDir } = project();
  try {
    // the same problem seen in two captures: two findings sharing a group key, shown on one line
    const checks = path.join(runDir, 'checkout', 'checks.json');
    const results = JSON.parse(fs.readFileSync(checks, 'utf8'));
    const clipped = results.find((r: any) => r.check === 'text-clipped');
    const f = clipped.findings[0];
    clipped.findings = [{ ...f, group: '0123456789abcdef' }, { ...f, viewport: 'desktop', group: '0123456789abcdef' }];
    fs.writeFileSync(checks, JSON.stringify(results));
    assert.equal((await runMain(['gate', '--run', RUN_ID, '--reporter', 'markdown'], dir)).code, 1);
    const md = fs.readFileSync(path.join(runDir, 'summary.md'), 'utf8');
    const important = Number(/^\d+ blocker · (\d+) important/m.exec(md)![1]);
    assert.equal(Number(/^### important \((\d+)\)/m.exec(md)![1]), important, md);
    assert.match(md, /^- \*\*checkout#2, #3\*\* · text-clipped · default @ mobile, default @ desktop/m);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('veval explain <spec>#<n>: the finding, the crop and diff files, the DOM excerpt and the check\'s doc', async () => {
  const { dir, runDir } = project();
  try {
    assert.equal((await runMain(['gate', '--reporter', 'json'], dir)).code, 1);
    const r = await runMain(['explain', 'checkout#1'], dir);
    assert.equal(r.code, 0, r.stderr);
    const out = r.stdout;
    assert.match(out, new RegExp(`^using run ${RUN_ID}`, 'm'));
    assert.match(out, /^checkout#1 blocker required-visible @ default-mobile: primary CTA \(#pay\) is not visible: covered by div\.cookie-bar/m);
    assert.match(out, /^DOM excerpt \(from the capture record\):\n {2}required "primary CTA" \(#pay\): visible: none/m);
    assert.match(out, /^the check's doc \(docs\/checks\/required-visible\.md\):\n {2}# required-visible/m);
    // the files it names exist: a crop around the box (PNG) and the parity diff at the same place
    const files = [...out.matchAll(/^ {2}(\S+\.png) {2}\((crop|parity diff)/gm)].map((m) => ({ file: path.resolve(dir, m[1]), kind: m[2] }));
    assert.deepEqual(files.map((f) => f.kind), ['crop', 'parity diff'], out);
    for (const f of files) {
      assert.ok(f.file.startsWith(path.join(runDir, 'explain')), f.file);
      const png = decodePng(fs.readFileSync(f.file));
      // 358×48 CSS px box + 48 px margin, 2× device pixels: a crop, not the whole 390×… capture
      assert.ok(png.width > 0 && png.width <= 390 * 2 && png.height < 300 * 2, `${f.file}: ${png.width}×${png.height}`);
    }

    const unit = await runMain(['explain', '--unit', 'checkout/default-mobile'], dir);
    assert.equal(unit.code, 0, unit.stderr);
    assert.match(unit.stdout, /^checkout\/default-mobile: fail, parity \S+; 4 finding\(s\)$/m);
    assert.match(unit.stdout, new RegExp(`^ {2}${path.join('evals', 'runs', RUN_ID, 'checkout', 'default-mobile.png').replace(/[.\\/]/g, '\\$&')} {2}\\(capture`, 'm'));

    const json = await runMain(['explain', 'checkout#1', '--json'], dir);
    assert.equal(JSON.parse(json.stdout).finding.id, 'checkout#1');

    const bad = await runMain(['explain', 'checkout#99'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /no finding "checkout#99" in run \S+; its findings: checkout#1, checkout#2/);
    const none = await runMain(['explain'], dir);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give either a finding \("<spec>#<n>"\) or a unit/);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('the README\'s command table lists exactly the commands `veval --help` prints', async () => {
  const help = runCli(['--help'], REPO);
  const block = /Commands:\n([\s\S]*?)\n\n/.exec(help.stdout)?.[1] ?? '';
  const fromHelp = new Set(block.split('\n').map((l) => /^\s+(\S+)/.exec(l)?.[1]).filter((c): c is string => !!c));
  assert.ok(fromHelp.size > 10 && fromHelp.has('explain'), help.stdout);
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  // the table's first column: `veval <cmd> …`, or `veval a`, `b`, `c` for commands sharing a row
  const rows = readme.split('\n').filter((l) => /^\| `veval /.test(l)).map((l) => l.split(' | ')[0]);
  const fromReadme = new Set(rows.flatMap((cell) => [...cell.matchAll(/`(?:veval )?([a-z]+)[^`]*`/g)].map((m) => m[1])));
  assert.deepEqual([...fromReadme].sort(), [...fromHelp].sort());
});
