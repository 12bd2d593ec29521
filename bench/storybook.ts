// Benchmark: the cost of a story unit against a route unit of the same page. The example Storybook
// (test/fixtures/storybook-example, 8 stories) is run two ways over one build, in one process,
// rounds alternating: as one `storybook:` spec (index read, the preview asked for every story's
// parameters, each story waited for on Storybook's render phase), and as 8 route specs on the same
// iframe.html?id=… pages, ready when the story root has content. Same checks on both (the story
// defaults: no whole-page axe rules, interactive-reachable on), 2 viewports, parity against
// baselines, same workers. Best wall time of each side; target: story / route ≤ 1.2.
// Run: node --import tsx bench/storybook.ts   (WORKERS=n, ROUNDS=n)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPipeline } from '../src/index.js';
import { loadProject } from '../src/spec/project.js';
import { STORY_CHECKS } from '../src/spec/storybook-checks.js';
import { readIndexFile } from '../src/spec/storybook-index.js';
import { BENCH, BROWSER, VIEWPORTS, emit, median } from './project.js';

const WORKERS = Number(process.env.WORKERS ?? os.availableParallelism());
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUILD = path.join(BENCH, '..', 'test/fixtures/storybook-example/storybook-static');
const devNull = fs.createWriteStream('/dev/null') as unknown as NodeJS.WriteStream;
const index = readIndexFile(BUILD);
if (typeof index === 'string') throw new Error(index);
const UNITS = index.stories.length * VIEWPORTS.length;

const checks = `checks: ${JSON.stringify(STORY_CHECKS)}`;
function project(kind: 'story' | 'route'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `veval-bench-sb-${kind}-`));
  fs.cpSync(BUILD, path.join(dir, 'sb'), { recursive: true });
  const vp = VIEWPORTS.map((v) => `  ${v.name}: { width: ${v.width}, height: ${v.height}${v.isMobile ? ', isMobile: true, hasTouch: true' : ''} }`).join('\n');
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), `${kind === 'route' ? 'server: { static: sb }\n' : ''}browser: { executablePath: ${BROWSER} }\nviewports:\n${vp}\n`);
  fs.mkdirSync(path.join(dir, 'specs'));
  if (kind === 'story') fs.writeFileSync(path.join(dir, 'specs/stories.yaml'), `storybook: { static: ../sb }\nparity: {}\n`);
  else for (const s of (index as Exclude<typeof index, string>).stories) {
    fs.writeFileSync(path.join(dir, `specs/${s.id}.yaml`), `route: "/iframe.html?id=${s.id}&viewMode=story"\nwait: { for: selector, selector: "#storybook-root > *" }\nparity: {}\n${checks}\n`);
  }
  return dir;
}

async function runOnce(dir: string, updateBaselines = false): Promise<{ ms: number; capture: number[] }> {
  const plan = await loadProject({ cwd: dir });
  const t0 = performance.now();
  const { report } = await runPipeline(plan, { out: path.join(dir, 'evals'), workers: WORKERS, reporters: ['json', 'markdown', 'junit', 'html'], argv: [], log: devNull, updateBaselines, keepRuns: 2 });
  const ms = performance.now() - t0;
  const units = report.specs.flatMap((s) => s.units);
  if (units.length !== UNITS || units.some((u) => u.status === 'error')) throw new Error(`${dir}: ${units.length} units, ${units.filter((u) => u.status === 'error').length} not captured`);
  if (!updateBaselines && report.status !== 'pass') throw new Error(`${dir}: ${report.status}: ${report.specs.flatMap((s) => s.reasons).join('; ')}`);
  return { ms, capture: units.map((u) => u.ms ?? 0) };
}

const dirs = { story: project('story'), route: project('route') };
await runOnce(dirs.story, true);   // baselines, and a warm-up
await runOnce(dirs.route, true);
const best = { story: { ms: Infinity, capture: [] as number[] }, route: { ms: Infinity, capture: [] as number[] } };
for (let i = 0; i < ROUNDS; i++) {
  for (const k of ['route', 'story'] as const) {
    const r = await runOnce(dirs[k]);
    if (r.ms < best[k].ms) best[k] = r;
  }
}
for (const d of Object.values(dirs)) fs.rmSync(d, { recursive: true, force: true });
const ratio = best.story.ms / best.route.ms;
console.log(`storybook: ${index.stories.length} stories × ${VIEWPORTS.length} viewports = ${UNITS} units, ${WORKERS} workers, best of ${ROUNDS}, same process`);
console.log(`  as one storybook spec: ${best.story.ms.toFixed(0)} ms, ${(best.story.ms / UNITS).toFixed(0)} ms/unit (median unit capture ${median(best.story.capture).toFixed(0)} ms)`);
console.log(`  as ${index.stories.length} route specs on the same iframe.html pages: ${best.route.ms.toFixed(0)} ms, ${(best.route.ms / UNITS).toFixed(0)} ms/unit (median unit capture ${median(best.route.capture).toFixed(0)} ms)`);
console.log(`  story / route: ${ratio.toFixed(2)} (target ≤ 1.2)`);
emit({ units: UNITS, workers: WORKERS, rounds: ROUNDS, storyMs: best.story.ms, routeMs: best.route.ms, ratio });
