// Stress units end to end (issue 61's done-when), in Chromium on a page served on 127.0.0.1: a
// button that clips its label under WCAG 1.4.12 text spacing fails, naming the criterion, the
// element and the rule's file:line; the same button whose label may wrap passes. Under `expand`
// the required text is still found (matched against the original words).
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<link rel="stylesheet" href="button.css">
<style>body { margin: 0; font: 16px/1.4 sans-serif; padding: 24px; }</style></head><body>
<main><h1>Payment</h1><p>Check your order.</p><button class="btn" id="pay">Continue to payment</button>EXTRA</main>
</body></html>`;
// a designed ellipsis: truncated as drawn, its full text in title
const ELLIPSIS = '<p><span id="who" title="Maria Theresia Ahlefeldt" style="display: inline-block; width: 90px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Maria Theresia Ahlefeldt</span></p>';
// the label fits as drawn (about 160 px of 174), not with 0.12em letter and 0.16em word spacing
const CLIPS = `.btn {\n  width: 190px;\n  height: 40px;\n  overflow: hidden;\n  white-space: nowrap;\n  font: 16px sans-serif;\n  padding: 0 8px;\n}\n`;
const WRAPS = `.btn {\n  width: 190px;\n  min-height: 40px;\n  font: 16px sans-serif;\n  padding: 0 8px;\n}\n`;

function project(css: string, stress: string, extra = ''): string {
  const dir = tmpDir();
  writeTree(dir, {
    'site/index.html': PAGE.replace('EXTRA', extra), 'site/button.css': css,
    'visual-eval.config.yaml': 'server: { static: site }\nviewports: { mobile: { width: 390, height: 700 } }\n',
    'specs/checkout.yaml': `route: /\nrequired: [{ selector: "#pay", name: pay }, { text: "Continue to payment" }]\nstress: ${stress}\n`,
  });
  return dir;
}
const report = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));

test('a button that clips its label under 1.4.12 fails with the criterion, element and rule; one whose label wraps passes', async () => {
  const dir = project(CLIPS, '{ text-spacing: blocker, expand: true }', ELLIPSIS);
  const r = await runMain(['run'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const spec = report(dir).specs[0];
  assert.deepEqual(spec.units.map((u: any) => u.state), ['default', 'default-text-spacing', 'default-expand']);
  const spacing = spec.findings.filter((f: any) => f.state === 'default-text-spacing');
  assert.deepEqual(spacing.map((f: any) => [f.check, f.severity]), [['text-clipped', 'blocker']], JSON.stringify(spacing));
  const f = spacing[0];
  assert.match(f.message, /^with WCAG 1\.4\.12 text spacing, text in "#pay" is cut off .*"Continue to payment" \(width: 190px, white-space: nowrap, overflow: hidden\), set by width: 190px in site\/button\.css:2:3/);
  assert.deepEqual([f.stress.criterion, f.stress.of, f.stress.rule.file, f.stress.rule.line], ['1.4.12', 'default', 'site/button.css', 2]);
  // a designed ellipsis (full text in title) truncates in the plain state already: never a stress finding
  assert.ok(!spec.findings.some((f: any) => f.stress && /who/.test(f.evidence.selector ?? '')), JSON.stringify(spec.findings));
  // the plain state's button is fine; the expanded one still finds its required text (matched as written)
  assert.ok(!spec.findings.some((f: any) => f.state === 'default' && /pay/.test(f.evidence.selector ?? '')));
  assert.ok(!spec.findings.some((f: any) => f.check === 'required-visible'), JSON.stringify(spec.findings));
  assert.ok(spec.findings.some((f: any) => f.state === 'default-expand' && f.check === 'text-clipped' && f.severity === 'important'));
  // the report shows the stress unit beside its plain state, the broken element boxed
  assert.deepEqual(spec.units[1].stress, { variant: 'text-spacing', of: 'default', criterion: '1.4.12' });
  const html = fs.readFileSync(path.join(dir, 'evals', 'latest', 'index.html'), 'utf8');
  assert.match(html, /default-text-spacing @ mobile — text-spacing stress of default \(WCAG 1\.4\.12\)/);
  assert.match(html, /<figure class="plain"[^>]*><figcaption>plain state default, without the stress — <a href="checkout\/default-mobile\.png">/);
  assert.match(html, /class="box[^"]*" data-for="[^"]+" data-severity="blocker" data-check="text-clipped"/);
  // a stress unit runs no axe and needs no baseline
  assert.ok(!fs.existsSync(path.join(dir, 'evals', 'latest', 'checkout', 'default-text-spacing-mobile.axe.json')));

  const ok = project(WRAPS, '[text-spacing]');
  const r2 = await runMain(['run'], ok);
  assert.equal(r2.code, 0, r2.stdout + r2.stderr);
  assert.deepEqual(report(ok).specs[0].findings, []);
});

test('look --stress captures the stress unit beside the plain one; a variant it does not know is refused', async () => {
  const dir = project(CLIPS, 'false');
  const r = await runMain(['look', '/', '--stress', 'text-spacing', '--json'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.units.map((u: any) => `${u.state}@${u.viewport}`), ['default@mobile', 'default-text-spacing@mobile']);
  const f = out.units[1].findings.find((x: any) => x.check === 'text-clipped');
  assert.match(f.message, /^with WCAG 1\.4\.12 text spacing, text in "#pay" is cut off/);
  const bad = await runMain(['look', '/', '--stress', 'text-300'], dir);
  assert.equal(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /veval look: .*text-300|text-300/);
});

test('the width sweep composes: a stressed state is swept stressed (expand at every width)', async () => {
  const dir = project(CLIPS, '[expand]\nsweep: { from: 320, to: 480, step: 80 }');
  const r = await runMain(['run'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const swept = report(dir).specs[0].findings.filter((f: any) => f.check === 'sweep' && f.state === 'default-expand');
  assert.ok(swept.length, r.stdout);
  assert.ok(swept.every((f: any) => f.stress?.variant === 'expand' && /^with text lengthened as a translation would/.test(f.message) && f.sweep.from === 320), JSON.stringify(swept));
});
