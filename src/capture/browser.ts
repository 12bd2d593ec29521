// Finds and launches the capturing browser, and fingerprints it (build, flavour, fonts) so that
// baselines made elsewhere can be told apart.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import type { EnvFingerprint } from '../core/artifacts.js';
import { FatalError } from '../core/errors.js';
import type { ProjectPlan } from '../spec/plan.js';
import { fontConfigHash, listFonts, privateFontConfig } from './fonts.js';
import { DEFAULT_ENGINES, type Engine } from '../core/engines.js';
import { keptOrLaunched } from './shared-browser.js';

export const LAUNCH_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

export const INSTALL_HINT = 'apt-get install -y --no-install-recommends chromium-headless-shell chromium fonts-dejavu-core fontconfig (Debian), or `veval browser --install` (Playwright\'s Chromium)';

const PLAYWRIGHT_VERSION: string = createRequire(import.meta.url)('playwright-core/package.json').version;
const FIREFOX_PLAYWRIGHT_VERSION: string = createRequire(import.meta.url)('playwright-core-firefox/package.json').version;

function playwrightBrowser(): string | null {
  try { return chromium.executablePath() || null; } catch { return null; }
}

/** Where the browser packages put their binaries: Debian's Chromium, Playwright's own download,
 *  Google Chrome (what GitHub's ubuntu-latest runners ship). */
export const SYSTEM_BROWSERS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'];
export const CHROME_BROWSERS = ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];

/** Candidate executables in resolution order (the first that exists wins). */
export function browserCandidates(plan: Pick<ProjectPlan, 'browser'>, env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    plan.browser.executablePath, env.VEVAL_BROWSER,
    ...SYSTEM_BROWSERS,
    playwrightBrowser(),
    ...CHROME_BROWSERS,
  ].filter((p): p is string => !!p);
}

/** The browser a launch would use: the explicit one (config or VEVAL_BROWSER) or the first found. */
export function findBrowser(plan: Pick<ProjectPlan, 'browser'>, env: NodeJS.ProcessEnv = process.env): { path: string | null; explicit: string | null } {
  const explicit = plan.browser.executablePath ?? env.VEVAL_BROWSER ?? null;
  if (explicit) return { path: fs.existsSync(explicit) ? explicit : null, explicit };
  return { path: browserCandidates(plan, env).find((p) => fs.existsSync(p)) ?? null, explicit };
}

export function flavourOf(executable: string | null): EnvFingerprint['flavour'] {
  if (!executable) return 'remote';
  if (/firefox-esr/.test(executable)) return 'firefox-esr';
  if (/firefox/.test(executable)) return 'firefox';
  if (/headless[-_]shell/.test(executable)) return 'headless-shell';
  if (executable.includes('ms-playwright')) return 'playwright';
  if (/google-chrome|[/\\]chrome$/.test(executable)) return 'chrome';
  if (executable.includes('chromium')) return 'chromium';
  return 'unknown';
}

/** The engines a run captures in (the config's browser.engines; a spec narrows them in its plan). */
export const enginesOf = (plan: Pick<ProjectPlan, 'browser'>): Engine[] => plan.browser.engines ?? DEFAULT_ENGINES;

export interface Launched { browser: Browser; environment: EnvFingerprint }

export async function launchBrowser(plan: ProjectPlan, engine: Engine = 'chromium'): Promise<Launched> {
  return engine === 'firefox' ? launchFirefox(plan) : launchChromium(plan);
}

async function launchChromium(plan: ProjectPlan): Promise<Launched> {
  if (plan.browser.wsEndpoint || plan.browser.cdpEndpoint) return connectChromium(plan);
  const found = findBrowser(plan);
  if (found.explicit && !found.path) throw new FatalError(`browser not found at ${found.explicit}`, INSTALL_HINT);
  const executablePath = found.path;
  if (!executablePath) throw new FatalError('no browser found', INSTALL_HINT);
  const fontConfig = privateFontConfig();
  const args = [...LAUNCH_FLAGS, ...plan.browser.args];
  return keptOrLaunched(JSON.stringify(['chromium', executablePath, args, fontConfig]), async () => {
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath, args,
        env: { ...process.env, FONTCONFIG_FILE: fontConfig },
        // veval handles SIGINT/SIGTERM itself (partial results, report marked incomplete, then the
        // browser is closed); Playwright's own handlers would exit 130 before the report is written.
        handleSIGINT: false, handleSIGTERM: false,
      });
    } catch (err) {
      throw new FatalError(`could not launch ${executablePath}: ${(err as Error).message.split('\n')[0]}`, INSTALL_HINT);
    }
    return { browser, environment: chromiumEnvironment(browser, executablePath, fontConfig) };
  });
}

async function connectChromium(plan: ProjectPlan): Promise<Launched> {
  let browser: Browser;
  try {
    browser = plan.browser.wsEndpoint
      ? await chromium.connect(plan.browser.wsEndpoint)
      : await chromium.connectOverCDP(plan.browser.cdpEndpoint!);
  } catch (err) {
    throw new FatalError(`could not connect to the remote browser: ${(err as Error).message.split('\n')[0]}`);
  }
  return { browser, environment: chromiumEnvironment(browser, null, privateFontConfig()) };
}

function chromiumEnvironment(browser: Browser, executablePath: string | null, fontConfig: string): EnvFingerprint {
  // a remote browser's fonts are not ours to list: the fingerprint says so
  const fonts = executablePath ? listFonts(fontConfig) : { fonts: [], fontsHash: 'remote' };
  return {
    browserName: browser.browserType().name(),
    browserVersion: browser.version(),
    flavour: flavourOf(executablePath),
    executablePath,
    ...fonts,
    fontConfigHash: executablePath ? fontConfigHash() : 'remote',
    deviceScaleFactor: 1,
    platform: `${process.platform}-${process.arch}`,
    playwrightVersion: PLAYWRIGHT_VERSION,
  };
}

// ---- Firefox (WebDriver BiDi) ----

/** Debian's package first (what `apt-get install firefox-esr` gives), then a plain firefox. */
export const FIREFOX_BROWSERS = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
export const FIREFOX_INSTALL_HINT = 'apt-get install -y firefox-esr (Debian), or set browser.firefox.executablePath';

export function findFirefox(plan: Pick<ProjectPlan, 'browser'>): { path: string | null; explicit: string | null } {
  const explicit = plan.browser.firefox?.executablePath ?? null;
  if (explicit) return { path: fs.existsSync(explicit) ? explicit : null, explicit };
  return { path: FIREFOX_BROWSERS.find((p) => fs.existsSync(p)) ?? null, explicit };
}

/** Firefox prefs for every capture: reduced motion is a browser-wide pref in Firefox (the BiDi
 *  driver has no per-context override), so Firefox units capture under `reduce`, veval's default;
 *  a spec asking no-preference is skipped there with that reason (capture/engine.ts). */
export const FIREFOX_PREFS = { 'ui.prefersReducedMotion': 1 };

/** The Firefox a run will launch, or exit 3 naming how to install one. */
export function requireFirefox(plan: Pick<ProjectPlan, 'browser'>): string {
  const found = findFirefox(plan);
  if (found.explicit && !found.path) throw new FatalError(`Firefox not found at ${found.explicit}`, FIREFOX_INSTALL_HINT);
  if (!found.path) throw new FatalError('browser.engines lists firefox, but no Firefox was found', FIREFOX_INSTALL_HINT);
  return found.path;
}

async function launchFirefox(plan: ProjectPlan): Promise<Launched> {
  const found = { path: requireFirefox(plan) };
  // Playwright 1.65's BiDi expects a newer Firefox than Debian's ESR 153; 1.64.1 (an npm alias) fits it (docs/engines.md)
  const { firefox } = await import('playwright-core-firefox');
  const fontConfig = privateFontConfig();
  let browser: Browser;
  try {
    browser = await firefox.launch({
      channel: 'moz-firefox', executablePath: found.path, args: plan.browser.firefox?.args ?? [],
      firefoxUserPrefs: FIREFOX_PREFS,
      env: { ...process.env, FONTCONFIG_FILE: fontConfig },
      handleSIGINT: false, handleSIGTERM: false,
    }) as unknown as Browser;
  } catch (err) {
    throw new FatalError(`could not launch ${found.path}: ${(err as Error).message.split('\n')[0]}`, FIREFOX_INSTALL_HINT);
  }
  const environment: EnvFingerprint = {
    browserName: 'firefox',
    browserVersion: browser.version(),
    flavour: flavourOf(found.path),
    executablePath: found.path,
    ...listFonts(fontConfig),
    fontConfigHash: fontConfigHash(),
    deviceScaleFactor: 1,
    platform: `${process.platform}-${process.arch}`,
    playwrightVersion: FIREFOX_PLAYWRIGHT_VERSION,
  };
  return { browser, environment };
}
