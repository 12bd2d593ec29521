// Makes docs/img/report-demo.png: the first screen (1400×900, as a reviewer's laptop shows it) of
// index.html for the demo's failing run — the bundled shop approved, then its regressed build.
// Run: node --import tsx scripts/report-screenshot.ts   (needs Chromium, like the demo)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from '../src/capture/browser.js';
import { runPipeline } from '../src/index.js';
import { loadProject } from '../src/spec/project.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(REPO, 'docs/img/report-demo.png');
const quiet = { write: () => true } as unknown as NodeJS.WriteStream;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-shot-'));
try {
  for (const rel of ['visual-eval.config.yaml', 'specs', 'briefs', 'demo/app']) fs.cpSync(path.join(REPO, rel), path.join(scratch, rel), { recursive: true });
  // a busy machine must not turn the picture into one of timed-out captures: room for slow units
  fs.appendFileSync(path.join(scratch, 'visual-eval.config.yaml'), '\ntimeout: 600000\nworkers: 1\n');
  const run = async (updateBaselines: boolean) => runPipeline(await loadProject({ cwd: scratch }), { reporters: ['json', 'html'], argv: ['run'], log: quiet, updateBaselines });
  await run(true);
  fs.copyFileSync(path.join(REPO, 'demo/regressed/build.css'), path.join(scratch, 'demo/app/build.css'));
  const regressed = await run(false);
  if (regressed.report.status !== 'fail') throw new Error('the regressed demo build did not fail: no screenshot to make');
  const failed = regressed.report.specs.flatMap((s) => s.findings).filter((f) => f.check === 'capture');
  if (failed.length) throw new Error(`a capture failed, not the regression: ${failed[0].message}`);

  const plan = await loadProject({ cwd: scratch });
  const { browser } = await launchBrowser(plan);
  try {
    // laid out at 1400×900 CSS px, stored at 0.75 scale: GitHub shows a README image about 900 px wide anyway
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 0.75 });
    await page.goto(pathToFileURL(path.join(regressed.run.runDir, 'index.html')).href, { waitUntil: 'load' });
    await page.waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy').every((i) => i.complete));
    await page.waitForTimeout(200);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    await page.screenshot({ path: OUT });
  } finally {
    await browser.close();
  }
  console.log(`wrote ${path.relative(process.cwd(), OUT)} (${Math.round(fs.statSync(OUT).size / 1024)} KB)`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
