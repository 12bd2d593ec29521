// Cost of the CSS record (docs/root-cause.md): every real corpus page (../shared/corpus/real-pages)
// at desktop and mobile through captureRun with a parity section, twice: first with no approved
// record (what a first approval pays), then with the first pass's records approved beside the
// baselines (the steady state: elements changed since approval are looked up first). Per pass: the
// median unit capture time, the median time of the CSS phase, and their ratio (target ≤ 15 %).
// Run: node --import tsx bench/root-cause.ts   (WORKERS=n to change the pool size)
import fs from 'node:fs';
import path from 'node:path';
import { captureRun } from '../src/capture/index.js';
import { serveStatic } from '../src/core/static-server.js';
import type { CaptureRecord } from '../src/core/artifacts.js';
import { cssRel } from '../src/parity/store/baselines.js';
import { unitKey } from '../src/core/run.js';
import { makeRun, makeSpec, desktop, mobile } from '../test/capture/plan-fixture.js';
import { tmpDir, REPO } from '../test/helpers/tmp.js';

const CORPUS = path.resolve(REPO, '..', 'shared', 'corpus', 'real-pages');
const WORKERS = Number(process.env.WORKERS ?? 2);
const pages = fs.readdirSync(path.join(CORPUS, 'pages')).filter((p) => fs.existsSync(path.join(CORPUS, 'pages', p, 'index.html')));
const srv = await serveStatic(CORPUS);
const out = tmpDir('veval-bench-cause-');
const parity = { threshold: 0.1, maxDiffRatio: 0, regions: {}, structure: 'important' } as never;
const specs = pages.map((p) => makeSpec(p, { route: `/pages/${p}/index.html`, viewports: [desktop, mobile], parity, regions: { main: 'main' } }));

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : 0; };
const lines: string[] = [];
for (const pass of ['first approval (no approved record)', 'steady state (records approved)']) {
  const run = makeRun(out, specs, srv.url, `run-${lines.length}`);
  await captureRun(run, { workers: WORKERS });
  const recs: CaptureRecord[] = [];
  for (const s of specs) for (const vp of [desktop, mobile]) {
    const f = path.join(run.runDir, s.name, `${unitKey('default', vp.name)}.json`);
    if (fs.existsSync(f)) recs.push(JSON.parse(fs.readFileSync(f, 'utf8')));
  }
  const ok = recs.filter((r) => r.ok && r.timings.css !== undefined);
  const total = median(ok.map((r) => r.timings.total)), css = median(ok.map((r) => r.timings.css!));
  const shares = ok.map((r) => r.timings.css! / r.timings.total);
  const looked = ok.map((r) => { const c = JSON.parse(fs.readFileSync(path.join(run.runDir, r.spec, r.css!), 'utf8')); return c.counts.looked / Math.max(1, c.counts.recorded); });
  lines.push(`${pass}: ${ok.length} of ${recs.length} units; median unit ${total} ms, median CSS record ${css} ms: ${(100 * css / Math.max(1, total)).toFixed(1)} % (target ≤ 15 %); `
    + `largest share of one unit ${(100 * Math.max(...shares)).toFixed(1)} %; median share of elements whose rules were looked up ${(100 * median(looked)).toFixed(0)} %`);
  // approve: the records go beside the baselines, as `veval approve` puts them
  for (const r of ok) {
    const dest = path.join(run.root, cssRel(r.spec, unitKey(r.state, r.viewport.name)));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(path.join(run.runDir, r.spec, r.css!), dest);
  }
}
await srv.close();
console.log(`root-cause cost: ${pages.length} corpus pages × 2 viewports, ${WORKERS} workers\n  ${lines.join('\n  ')}`);
