import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';
import { check } from '../../src/checks/min-gap.js';
import type { CaptureRecord } from '../../src/core/artifacts.js';
import { layoutOf } from '../../src/parity/store/layout-boxes.js';
import { box, record, regions, testCheck, unit } from './helpers.js';

const r = (spec: Parameters<typeof regions>[0]) => record({ viewport: 'mobile', regions: regions(spec) });
/** Regions with the box and, separately, what they paint (`ink`). */
const inked = (spec: Record<string, [[number, number, number, number], [number, number, number, number] | null]>) => record({
  viewport: 'mobile',
  regions: Object.fromEntries(Object.entries(spec).map(([n, [b, i]]) => [n, { selector: `[data-region=${n}]`, count: 1, box: box(...b), ink: i ? box(...i) : null }])),
});
/** This run's record, with the layout approved from `approved` as its baseline (as approve stores it). */
const since = (approved: CaptureRecord | null, now: CaptureRecord) => ({ ...unit(now), baseline: approved ? layoutOf(approved) : null });
/** A baseline approved before `ink` was recorded: boxes only. */
const boxesOnly = (approved: CaptureRecord, now: CaptureRecord) => ({ ...unit(now), baseline: { ...layoutOf(approved), ink: undefined } });
const pairs = (...p: [string, string][]) => ({ pairs: p });

testCheck(check, {
  valid: [
    // listed pairs: held to px in every run
    { name: 'stacked regions 16 px apart', units: [r({ a: [0, 0, 390, 100], b: [0, 116, 390, 100] })], options: pairs(['a', 'b']) },
    { name: 'diagonal regions are not adjacent', units: [r({ a: [0, 0, 100, 100], b: [102, 102, 100, 100] })], options: pairs(['a', 'b']) },
    { name: 'overlapping and nested regions are left to overlap', units: [r({ a: [0, 0, 390, 100], b: [0, 50, 390, 100], c: [10, 10, 20, 20] })], options: pairs(['a', 'b'], ['a', 'c']) },
    { name: 'a smaller px option', units: [r({ a: [0, 0, 390, 100], b: [0, 104, 390, 100] })], options: { px: 4, ...pairs(['a', 'b']) } },
    { name: 'stacked sections whose boxes touch but whose content sits 48 px apart', units: [inked({ a: [[0, 0, 390, 400], [16, 24, 358, 352]], b: [[0, 400, 390, 400], [16, 424, 358, 100]] })], options: pairs(['a', 'b']) },
    { name: 'a region that paints nothing has no edge to crowd', units: [inked({ a: [[0, 0, 390, 100], [0, 0, 390, 100]], b: [[0, 100, 390, 100], null] })], options: pairs(['a', 'b']) },
    { name: 'only listed pairs', units: [r({ a: [0, 0, 390, 100], b: [0, 102, 390, 100], c: [0, 400, 390, 10] })], options: pairs(['a', 'c']) },
    // without pairs: against the approved baseline
    {
      name: 'a header flush on a full-bleed hero, no pairs and no baseline yet: nothing, and one note says so',
      units: [r({ header: [0, 0, 390, 64], hero: [0, 64, 390, 480] })],
      notes: ['min-gap: no approved baseline for checkout yet, so the spacing between its regions was not compared'],
    },
    {
      name: 'a header flush on a hero in the baseline too: flush by design',
      units: [since(r({ header: [0, 0, 390, 64], hero: [0, 64, 390, 480] }), r({ header: [0, 0, 390, 64], hero: [0, 64, 390, 480] }))], notes: [],
    },
    {
      name: 'a gap that shrank a little (24 → 16 px) stays above px and above half of the baseline\'s',
      units: [since(r({ form: [0, 100, 390, 500], summary: [0, 624, 390, 200] }), r({ form: [0, 100, 390, 500], summary: [0, 616, 390, 200] }))],
    },
    {
      name: 'a gap that grew, or held within a pixel of rounding',
      units: [since(r({ a: [0, 0, 390, 100], b: [0, 104, 390, 100], c: [0, 300, 390, 100] }), r({ a: [0, 0, 390, 100], b: [0, 124, 390, 100], c: [0, 324.6, 390, 100] }))],
    },
    {
      name: 'header and footer are not neighbours: the page between them getting shorter is not collapsed spacing',
      units: [since(r({ header: [0, 0, 390, 64], main: [0, 64, 390, 1200], footer: [0, 1264, 390, 100] }), r({ header: [0, 0, 390, 64], main: [0, 64, 390, 400], footer: [0, 464, 390, 100] }))],
    },
    {
      name: 'a pair the baseline did not have (a new region) is not compared',
      units: [since(r({ form: [0, 100, 390, 500] }), r({ form: [0, 100, 390, 500], promo: [0, 602, 390, 50] }))],
    },
  ],
  invalid: [
    {
      name: 'content of unpainted regions crowding each other, measured between what they paint',
      units: [inked({ a: [[0, 0, 390, 100], [16, 10, 300, 88]], b: [[0, 100, 390, 100], [16, 101, 200, 20]] })], options: pairs(['a', 'b']),
      findings: [{ severity: 'important', message: 'regions a and b are 3 px apart (vertical)', evidence: { box: box(16, 98, 200, 3), gapPx: 3 } }],
    },
    {
      name: 'collapsed vertical spacing of a listed pair, with the gap box',
      units: [r({ form: [0, 100, 390, 500], summary: [0, 602, 390, 200] })], options: pairs(['form', 'summary']),
      findings: [{ severity: 'important', message: 'regions form and summary are 2 px apart (vertical), less than 8 px', evidence: { box: box(0, 600, 390, 2), gapPx: 2 } }],
    },
    {
      name: 'listed side-by-side regions touching',
      units: [r({ left: [0, 0, 200, 100], right: [200, 20, 190, 100] })], severity: 'polish', options: pairs(['left', 'right']),
      findings: [{ severity: 'polish', message: '0 px apart (horizontal)', evidence: { box: box(200, 20, 0, 80) } }],
    },
    {
      name: 'listed stacked regions sharing a sub-pixel sliver are flush (0 px apart), not overlapping',
      units: [r({ header: [0, 0, 390, 80.4], hero: [0, 80, 390, 400] })], options: pairs(['header', 'hero']),
      findings: [{ severity: 'important', message: 'regions header and hero are 0 px apart (vertical)' }],
    },
    {
      name: 'listed columns sharing a 0.5 px sliver sit side by side (horizontal), not one above the other',
      units: [r({ left: [0, 0, 200.5, 300], right: [200, 0, 190, 300] })], options: pairs(['left', 'right']),
      findings: [{ severity: 'important', message: 'regions left and right are 0 px apart (horizontal)' }],
    },
    {
      name: 'without pairs: a gap that collapsed from 24 px to 2 px since the baseline',
      units: [since(r({ form: [0, 100, 390, 500], summary: [0, 624, 390, 200] }), r({ form: [0, 100, 390, 500], summary: [0, 602, 390, 200] }))], notes: [],
      findings: [{ severity: 'important', viewport: 'mobile', message: 'regions form and summary are 2 px apart (vertical), down from 24 px in the approved baseline', evidence: { box: box(0, 600, 390, 2), gapPx: 2, baselineGapPx: 24, regions: ['form', 'summary'] } }],
    },
    {
      name: 'without pairs: a gap that shrank to less than half of the baseline\'s (48 → 20 px), though above px',
      units: [since(r({ left: [0, 0, 160, 300], right: [208, 0, 160, 300] }), r({ left: [0, 0, 160, 300], right: [180, 0, 160, 300] }))],
      findings: [{ message: 'regions left and right are 20 px apart (horizontal), down from 48 px in the approved baseline' }],
    },
    {
      name: 'without pairs: measured between what the regions paint, now and in the baseline',
      units: [since(
        inked({ a: [[0, 0, 390, 400], [16, 24, 358, 352]], b: [[0, 400, 390, 400], [16, 424, 358, 100]] }),
        inked({ a: [[0, 0, 390, 400], [16, 24, 358, 374]], b: [[0, 400, 390, 400], [16, 402, 358, 100]] }))],
      findings: [{ message: 'regions a and b are 4 px apart (vertical), down from 48 px' }],
    },
    {
      name: 'without pairs: a baseline approved before ink was recorded compares boxes',
      units: [boxesOnly(r({ form: [0, 100, 390, 500], summary: [0, 624, 390, 200] }), r({ form: [0, 100, 390, 500], summary: [0, 603, 390, 200] }))],
      findings: [{ message: 'regions form and summary are 3 px apart (vertical), down from 24 px' }],
    },
    {
      name: 'without pairs: one unit approved and one not — the finding for the first, a note naming the second',
      units: [
        since(r({ form: [0, 100, 390, 500], summary: [0, 624, 390, 200] }), r({ form: [0, 100, 390, 500], summary: [0, 602, 390, 200] })),
        since(null, record({ viewport: 'desktop', regions: regions({ form: [0, 100, 800, 500], summary: [0, 602, 800, 200] }) })),
      ],
      notes: ['min-gap: no approved baseline for default-desktop, so the spacing'],
      findings: [{ viewport: 'mobile', message: 'down from 24 px' }],
    },
  ],
});

// min-gap without pairs, end to end through the CLI on a real page: a header flush on a full-bleed
// hero is a design choice (no finding, before or after a baseline exists); spacing that collapsed
// since the approved baseline (24 px → 2 px between two cards) is reported.
const PAGE = (gap: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>
<style>
body { margin: 0; font: 16px/1.5 "DejaVu Sans", sans-serif; }
header { height: 64px; background: #123; color: #fff; padding: 0 16px; }
.hero { height: 320px; background: #f3e9d2; padding: 24px 16px; box-sizing: border-box; }
.cards { padding: 24px 16px; }
.card { border: 1px solid #777; border-radius: 8px; padding: 16px; }
.summary { margin-top: ${gap}px; }
</style></head><body>
<header><strong>Shop</strong></header>
<main>
<section class="hero"><h1>New season</h1></section>
<div class="cards"><section class="card form"><h2>Address</h2><p>Street, city.</p></section>
<section class="card summary"><h2>Summary</h2><p>Two items.</p></section></div>
</main></body></html>`;

const SPEC = 'route: /shop\nviewports: [phone]\nregions: { header: header, hero: .hero, form: .form, summary: .summary }\nparity: { maxDiffRatio: 0 }\n';
// evals/latest names the newest completed run
const latest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'evals', 'latest', 'report.json'), 'utf8'));
const minGap = (report: any) => report.specs[0].findings.filter((f: any) => f.check === 'min-gap');

test('min-gap without pairs: a flush header is no finding, the run says once that nothing was compared without a baseline, and a gap that collapsed from 24 px to 2 px since the baseline is reported', async () => {
  const dir = tmpDir('veval-min-gap-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  phone: { width: 390, height: 800, isMobile: true }\n',
    'site/shop.html': PAGE(24), 'specs/shop.yaml': SPEC,
  });
  let r = await runMain(['run', '--update-baselines', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  let report = latest(dir);
  assert.deepEqual(minGap(report), [], 'header flush on the hero: no finding');
  const notes = report.specs[0].notes.filter((n: string) => n.startsWith('min-gap'));
  assert.equal(notes.length, 1, JSON.stringify(report.specs[0].notes));
  assert.match(notes[0], /^min-gap: no approved baseline for shop yet, so the spacing between its regions was not compared/);
  const layout = JSON.parse(fs.readFileSync(path.join(dir, 'baselines/shop/manifest.json'), 'utf8')).images['default-phone'].layout;
  assert.ok(layout.ink && layout.ink.form, 'approve records what each region paints');

  // the same page again: compared with the baseline, flush stays flush, nothing to say
  r = await runMain(['run', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  report = latest(dir);
  assert.deepEqual(minGap(report), []);
  assert.deepEqual(report.specs[0].notes.filter((n: string) => n.startsWith('min-gap')), []);

  // the regression: the summary card pulled up against the form card
  writeTree(dir, { 'site/shop.html': PAGE(2) });
  r = await runMain(['run', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const found = minGap(latest(dir));
  assert.equal(found.length, 1, JSON.stringify(found.map((f: any) => f.message)));
  assert.match(found[0].message, /^regions form and summary are 2 px apart \(vertical\), down from 24 px in the approved baseline, at phone \(default\)$/);
  assert.equal(found[0].severity, 'important');
  assert.equal(found[0].evidence.baselineGapPx, 24);
});
