// The real CLI on a page whose pay button sits inside a same-origin iframe behind a cookie wall:
// `veval run` fails on required-visible, naming the frame and the cover, with top-page boxes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

test('run: a CTA covered by a cookie wall inside a same-origin iframe fails required-visible, naming the frame and the cover', () => {
  const dir = tmpDir('veval-frames-run-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 1280, height: 800 }\n',
    'specs/checkout.yaml': [
      'route: /checkout.html',
      'required:',
      '  - selector: "#pay"',
      '    name: pay button',
      '    frame: "#checkout-frame"',
      'checks: { stability: false, axe: false }',
    ].join('\n') + '\n',
    'site/checkout.html': '<!doctype html><body style="margin:0"><h1>Checkout</h1><iframe id="checkout-frame" src="pay.html" style="position:absolute; left:100px; top:150px; width:500px; height:300px; border:0"></iframe></body>',
    'site/pay.html': '<!doctype html><body style="margin:0"><button id="pay" style="position:absolute; left:20px; top:40px; width:120px; height:40px">Pay</button>'
      + '<div class="cookie-wall" style="position:fixed; inset:30px 0 auto 0; height:120px; background:#222; color:#fff">We use cookies</div></body>',
  });
  const r = runCli(['run', '--reporter', 'json'], dir, { OPENAI_API_KEY: '' });
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  const f = report.specs[0].findings.find((x: any) => x.check === 'required-visible');
  assert.ok(f, JSON.stringify(report.specs[0].findings, null, 1));
  assert.equal(f.severity, 'blocker');
  assert.match(f.message, /required "pay button" \(#pay\) inside the frame "#checkout-frame" is not fully visible at desktop \(default\): covered by "div\.cookie-wall" inside the frame "#checkout-frame"/);
  assert.deepEqual(f.evidence.frame, ['#checkout-frame']);
  assert.deepEqual(f.evidence.coveredBy.frame, ['#checkout-frame']);
  // boxes in top-page coordinates: the button at (100 + 20, 150 + 40)
  assert.deepEqual(f.evidence.box, { x: 120, y: 190, width: 120, height: 40 });
  assert.ok(fs.existsSync(path.join(dir, 'evals', 'latest', f.evidence.file)));
});
