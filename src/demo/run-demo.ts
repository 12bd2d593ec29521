// veval demo: the embedded default. Copies the bundled demo project (config, spec, brief, shop)
// into a scratch folder — so baselines come from this machine's browser build — and runs it in
// three visible steps: approve the approved build, pass on it, fail on a regressed build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT } from '../core/errors.js';
import { PACKAGE_ROOT } from '../core/version.js';
import { loadProject } from '../spec/project.js';
import { REPORTER_IDS, runPipeline } from '../index.js';
import { ioOf } from '../cli/common.js';
import type { CommonOptions } from '../cli/common.js';

const COPY = ['visual-eval.config.yaml', 'specs', 'briefs', 'demo/app'];

function banner(out: NodeJS.WriteStream, text: string): void {
  out.write(`\n${'━'.repeat(78)}\n${text}\n${'━'.repeat(78)}\n`);
}

export async function cmdDemo(opts: CommonOptions): Promise<number> {
  const io = ioOf(opts);
  const out = io.stdout;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'veval-demo-'));
  for (const rel of COPY) fs.cpSync(path.join(PACKAGE_ROOT, rel), path.join(scratch, rel), { recursive: true });
  const signal = io.signal;
  const run = async (updateBaselines: boolean) => {
    const plan = await loadProject({ cwd: scratch });
    return runPipeline(plan, { reporters: [...REPORTER_IDS], argv: ['demo'], log: out, updateBaselines, signal });
  };
  out.write(`veval demo — the bundled Demo Shop's checkout, in a scratch project: ${scratch}\n`);

  banner(out, 'Step 1/3 · approve: capture the approved build and write its baselines (explicit first-baseline step)\n          veval run --update-baselines');
  const first = await run(true);

  banner(out, 'Step 2/3 · run the approved build against those baselines — the gate should pass\n          veval run');
  const approved = await run(false);

  banner(out, 'Step 3/3 · run a regressed build: on a 390 px phone the sticky order summary covers the\n          bottom 8 px of the Pay button at every scroll position — the gate should fail\n          veval run');
  fs.copyFileSync(path.join(PACKAGE_ROOT, 'demo/regressed/build.css'), path.join(scratch, 'demo/app/build.css'));
  const regressed = await run(false);

  const findings = regressed.report.specs.flatMap((s: any) => s.findings) as any[];
  const caught = findings.find((f) => f.check === 'required-visible' && f.viewport === 'mobile' && String(f.evidence?.selector ?? f.message).includes('#pay'));
  banner(out, 'Result');
  out.write(`  approve run:   ${first.report.status}  (${first.run.runDir})\n`);
  out.write(`  approved build: ${approved.report.status} (exit ${approved.report.exitCode})  ${path.join(approved.run.runDir, 'index.html')}\n`);
  out.write(`  regressed build: ${regressed.report.status} (exit ${regressed.report.exitCode})  ${path.join(regressed.run.runDir, 'index.html')}\n`);
  if (caught) out.write(`  caught: [${caught.severity}] ${caught.check} @ ${caught.state}/${caught.viewport}: ${caught.message}\n`);
  const ok = approved.report.status === 'pass' && regressed.report.status === 'fail' && !!caught;
  out.write(ok
    ? '\nThe demo behaved as it should: the approved build passed, the regression failed with evidence.\n'
    : '\nThe demo did NOT behave as expected (see the reports above).\n');
  out.write(`(the scratch project stays at ${scratch} for inspection)\n`);
  return ok ? EXIT.pass : EXIT.fail;
}
