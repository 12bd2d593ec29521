// Issue 55 item 2's last part: where parity changes between two captures and the page read the clock
// while it rendered (its time not frozen), the message names the clock and the setting, as it names
// an unseeded random source. A page that prints the time it was rendered (as "updated at" lines and
// charts' time axes do); with context.freezeTime the same page is the approved image again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { clockCause } from '../../src/parity/compare/pixels.js';
import type { CaptureRecord } from '../../src/core/artifacts.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clock</title></head><body><main>
<h1>Orders</h1><p id="at"></p><script>document.getElementById('at').textContent = 'Updated ' + new Date().toISOString() + ' (' + Date.now() + ')';</script>
</main></body></html>`;

function project(context: string): string {
  const dir = tmpDir('veval-clock-');
  writeTree(dir, {
    'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 800, height: 600 }\n',
    'site/index.html': PAGE,
    'specs/t.yaml': `name: t\nroute: /\nviewports: [desktop]\nchecks: { axe: false }\nparity: { structure: false }\n${context}`,
  });
  return dir;
}
const parityOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(fs.realpathSync(path.join(dir, 'evals', 'latest')), 'report.json'), 'utf8')).specs[0].findings.filter((f: any) => f.check === 'parity');

test('a page printing the time it rendered: parity fails naming the clock reads and context.freezeTime; frozen, it passes', async () => {
  let dir = project('');
  let r = await runMain(['run', '--update-baselines'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['run'], dir);
  assert.equal(r.code, 1, 'the printed time differs');
  const [finding] = parityOf(dir);
  assert.match(finding.message, /the page read the clock while it rendered: Date\.now ×\d+, new Date\(\) ×\d+.*context\.freezeTime: true/, finding.message);

  dir = project('context: { freezeTime: true }\n');
  r = await runMain(['run', '--update-baselines'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runMain(['run'], dir);
  assert.equal(r.code, 0, JSON.stringify(parityOf(dir).map((f: any) => f.message)));
});

test('the clock is named for Date reads, never for performance.now alone (a scheduler reads it every frame)', () => {
  const rec = (clock: CaptureRecord['clock']) => ({ clock }) as CaptureRecord;
  assert.equal(clockCause(rec({ dateNow: 0, newDate: 0, performanceNow: 500 })), null);
  assert.equal(clockCause(rec(undefined)), null, 'a frozen clock is not counted');
  assert.match(String(clockCause(rec({ dateNow: 2, newDate: 0, performanceNow: 9 }))), /Date\.now ×2, performance\.now ×9/);
});
