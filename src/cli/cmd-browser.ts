// veval browser [--install]: which browser a run would use, so CI logs say it; with --install, when
// there is none, Playwright's Chromium (and the system packages it needs) is installed first.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EXIT, FatalError } from '../core/errors.js';
import { loadProject } from '../spec/project.js';
import type { ProjectPlan } from '../spec/plan.js';

export async function cmdBrowser(opts: { config?: string; install?: boolean }): Promise<number> {
  const plan = await loadProject({ config: opts.config });
  const { findBrowser, flavourOf, INSTALL_HINT } = await import('../capture/browser.js');
  if (plan.browser.wsEndpoint || plan.browser.cdpEndpoint) {
    process.stdout.write(`browser: remote (${plan.browser.wsEndpoint ?? plan.browser.cdpEndpoint}) from the config\n`);
    return EXIT.pass;
  }
  const say = (b: { path: string | null }) => process.stdout.write(`browser: ${b.path} (${flavourOf(b.path)})\n`);
  let found = findBrowser(plan);
  if (found.path) { say(found); return EXIT.pass; }
  if (found.explicit) throw new FatalError(`browser not found at ${found.explicit} (set by ${plan.browser.executablePath === process.env.VEVAL_BROWSER ? 'VEVAL_BROWSER' : 'the config'})`, INSTALL_HINT);
  if (!opts.install) throw new FatalError('no browser found', INSTALL_HINT);
  installPlaywrightChromium();
  found = findBrowser(plan as Pick<ProjectPlan, 'browser'>);
  if (!found.path) throw new FatalError('Playwright\'s Chromium was installed but is not where playwright-core looks for it', INSTALL_HINT);
  say(found);
  return EXIT.pass;
}

/** The installer of the playwright-core veval runs with, so the browser build matches it. */
function installPlaywrightChromium(): void {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  process.stdout.write('browser: none found; installing Playwright\'s Chromium (playwright-core install --with-deps chromium)\n');
  const r = spawnSync(process.execPath, [cli, 'install', '--with-deps', 'chromium'], { stdio: 'inherit' });
  if (r.status !== 0) throw new FatalError(`installing Playwright's Chromium failed (${r.error?.message ?? `exit code ${r.status}`})`);
}
