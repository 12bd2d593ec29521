// veval browser [--install]: which browsers a run would use (Chromium, and Firefox when the config's
// engines list it), so CI logs say it; with --install, when there is none, Playwright's Chromium
// (and the system packages it needs) is installed first, and Debian's firefox-esr for Firefox.
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
  if (found.path) { say(found); return firefoxToo(plan, !!opts.install); }
  if (found.explicit) throw new FatalError(`browser not found at ${found.explicit} (set by ${plan.browser.executablePath === process.env.VEVAL_BROWSER ? 'VEVAL_BROWSER' : 'the config'})`, INSTALL_HINT);
  if (!opts.install) throw new FatalError('no browser found', INSTALL_HINT);
  installPlaywrightChromium();
  found = findBrowser(plan as Pick<ProjectPlan, 'browser'>);
  if (!found.path) throw new FatalError('Playwright\'s Chromium was installed but is not where playwright-core looks for it', INSTALL_HINT);
  say(found);
  return firefoxToo(plan, !!opts.install);
}

/** The Firefox engine, when the config lists it: found, or (--install, as root on Debian) apt's firefox-esr. */
async function firefoxToo(plan: ProjectPlan, install: boolean): Promise<number> {
  const { enginesOf, findFirefox, flavourOf, requireFirefox, FIREFOX_INSTALL_HINT } = await import('../capture/browser.js');
  if (!enginesOf(plan).includes('firefox')) return EXIT.pass;
  let found = findFirefox(plan);
  if (!found.path && install && !found.explicit && process.getuid?.() === 0) {
    process.stdout.write('firefox: none found; installing Debian\'s firefox-esr (apt-get install -y firefox-esr)\n');
    const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'firefox-esr'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new FatalError(`installing firefox-esr failed (${r.error?.message ?? `exit code ${r.status}`})`, FIREFOX_INSTALL_HINT);
    found = findFirefox(plan);
  }
  const at = requireFirefox(plan);
  process.stdout.write(`firefox: ${at} (${flavourOf(at)})\n`);
  return EXIT.pass;
}

/** The installer of the playwright-core veval runs with, so the browser build matches it. */
function installPlaywrightChromium(): void {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  process.stdout.write('browser: none found; installing Playwright\'s Chromium (playwright-core install --with-deps chromium)\n');
  const r = spawnSync(process.execPath, [cli, 'install', '--with-deps', 'chromium'], { stdio: 'inherit' });
  if (r.status !== 0) throw new FatalError(`installing Playwright's Chromium failed (${r.error?.message ?? `exit code ${r.status}`})`);
}
