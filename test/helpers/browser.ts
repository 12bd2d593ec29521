// One real headless Chromium per test file (Debian's build; see environment.md).
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const TEST_BROWSER_PATH = [
  process.env.VEVAL_BROWSER,
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
].find((p): p is string => !!p && fs.existsSync(p));

export async function launchTestBrowser(): Promise<Browser> {
  if (!TEST_BROWSER_PATH) throw new Error('no Chromium found: run `bash scripts/setup.sh` (apt-get install chromium-headless-shell)');
  return chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
