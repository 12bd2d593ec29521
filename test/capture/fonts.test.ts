// Which font each CSS generic family renders in, asked of the browser itself (CDP
// CSS.getPlatformFontsForNode) through veval's private fontconfig: as on a Debian desktop with
// DejaVu, never whatever font sorts first. The aliases are part of the environment fingerprint.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { launchBrowser, LAUNCH_FLAGS } from '../../src/capture/browser.js';
import { FONT_DIRS, fontConfigHash, fontsConf, installedEmoji } from '../../src/capture/fonts.js';
import type { EnvFingerprint } from '../../src/core/artifacts.js';
import { serveStatic, type StaticServer } from '../../src/core/static-server.js';
import type { ProjectPlan } from '../../src/spec/plan.js';
import { TEST_BROWSER_PATH } from '../helpers/browser.js';
import { tmpDir } from '../helpers/tmp.js';

const FAMILIES: Record<string, string> = {
  'sans-serif': 'DejaVu Sans', 'system-ui': 'DejaVu Sans', 'ui-sans-serif': 'DejaVu Sans', 'ui-rounded': 'DejaVu Sans',
  cursive: 'DejaVu Sans', fantasy: 'DejaVu Sans',
  serif: 'DejaVu Serif', 'ui-serif': 'DejaVu Serif',
  monospace: 'DejaVu Sans Mono', 'ui-monospace': 'DejaVu Sans Mono',
  math: 'DejaVu Math TeX Gyre',
};
// the first fonts of Bootstrap 5's and Tailwind's default stacks, none of them installed here
const BOOTSTRAP = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif`;
const TAILWIND = `ui-sans-serif, system-ui, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fonts</title></head><body>
<p id="none">No font-family anywhere</p>
${Object.keys(FAMILIES).map((f) => `<p id="g-${f}" style="font-family: ${f}">Quick brown fox</p>`).join('\n')}
<p id="g-emoji" style="font-family: emoji">\u{1F600}</p>
<p id="bootstrap" style='font-family: ${BOOTSTRAP}'>Bootstrap body text</p>
<p id="tailwind" style='font-family: ${TAILWIND}'>Tailwind body text</p>
</body></html>`;

/** The font(s) the browser rendered the element's text in, most glyphs first. */
async function platformFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.sort((a, b) => b.glyphCount - a.glyphCount).map((f) => f.familyName);
}

const PLAN = { browser: { executablePath: null, wsEndpoint: null, cdpEndpoint: null, args: [] } } as unknown as ProjectPlan;

describe('generic font families through the private fontconfig', () => {
  let server: StaticServer;
  const dir = tmpDir('veval-fonts-');
  before(async () => {
    fs.writeFileSync(path.join(dir, 'fonts.html'), PAGE);
    server = await serveStatic(dir);
  });
  after(async () => { await server?.close(); });

  it('every generic family, a page without font-family, and the Bootstrap and Tailwind stacks render as on a Debian desktop', async () => {
    let browser: Browser | undefined;
    let env: EnvFingerprint;
    try {
      ({ browser, environment: env } = await launchBrowser(PLAN));
      const page = await browser.newPage();
      await page.goto(`${server.url}/fonts.html`);
      assert.deepEqual((await platformFonts(page, '#none'))[0], 'DejaVu Sans', 'the unnamed default');
      for (const [generic, family] of Object.entries(FAMILIES)) {
        assert.deepEqual((await platformFonts(page, `#g-${generic}`))[0], family, generic);
      }
      assert.equal((await platformFonts(page, '#bootstrap'))[0], 'DejaVu Sans', 'Bootstrap 5 stack');
      assert.equal((await platformFonts(page, '#tailwind'))[0], 'DejaVu Sans', 'Tailwind stack');
      // setup installs fonts-noto-color-emoji where it can; without it, emoji is DejaVu Sans
      const emoji = installedEmoji();
      assert.equal((await platformFonts(page, '#g-emoji'))[0], emoji ?? 'DejaVu Sans', 'emoji');
    } finally {
      await browser?.close();
    }
    assert.equal(env!.fontConfigHash, fontConfigHash(), 'the fingerprint carries the hash of the aliases');
    assert.match(env!.fontConfigHash!, /^[0-9a-f]{64}$/);
  });

  it('without a colour emoji font installed, emoji resolves to DejaVu Sans, and the aliases hash differently', async () => {
    // a font folder holding only DejaVu (what a machine without fonts-noto-color-emoji has)
    const fonts = path.join(dir, 'fonts');
    fs.mkdirSync(fonts);
    for (const d of FONT_DIRS) {
      for (const f of (fs.readdirSync(d, { recursive: true }) as string[]).filter((f) => /DejaVu[^/]*\.ttf$/.test(f))) fs.symlinkSync(path.join(d, f), path.join(fonts, path.basename(f)));
    }
    assert.equal(installedEmoji([fonts]), null);
    assert.notEqual(fontConfigHash([fonts], null), fontConfigHash([fonts], 'Noto Color Emoji'));
    const conf = path.join(dir, 'no-emoji.conf');
    fs.writeFileSync(conf, fontsConf(path.join(dir, 'cache'), [fonts]));
    const browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: LAUNCH_FLAGS, env: { ...process.env, FONTCONFIG_FILE: conf } });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/fonts.html`);
      assert.equal((await platformFonts(page, '#g-emoji'))[0], 'DejaVu Sans');
      assert.equal((await platformFonts(page, '#g-system-ui'))[0], 'DejaVu Sans');
    } finally {
      await browser.close();
    }
  });

  it('fonts.conf hashes the same wherever its cache folder is', () => {
    assert.equal(fontConfigHash(), fontConfigHash());
    assert.ok(!fontsConf('/a/cache').includes('/b/cache'));
  });
});
