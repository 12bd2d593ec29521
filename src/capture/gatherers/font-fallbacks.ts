// Which font families fell back to what, from the fonts Chromium really used (CDP
// CSS.getPlatformFontsForNode). Asked only when a font or stylesheet request failed, so a parity
// diff from the fallback is explained ("Inter" → DejaVu Sans) and a clean page pays nothing.
import type { Page } from 'playwright-core';
import type { CaptureRecord } from '../../core/artifacts.js';
import { generatedName, selectorOf } from '../in-page/dom.js';
import { fontStacks } from '../in-page/font-stacks.js';
import { inPageScript } from '../in-page/script.js';
import type { Gatherer } from '../gatherer.js';

const MAX_STACKS = 12;
const GENERIC = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-\w+|math|emoji|fangsong|-apple-system|BlinkMacSystemFont)$/i;

export type FontFallback = NonNullable<CaptureRecord['fontFallbacks']>[number];

/** A failed font or stylesheet request is what makes a page fall back to other fonts. */
export const mayHaveFallenBack = (r: Pick<CaptureRecord, 'failedRequests'>) =>
  r.failedRequests.some((q) => q.resourceType === 'font' || q.resourceType === 'stylesheet');

export async function fontFallbacks(page: Page): Promise<FontFallback[]> {
  const { stacks, failedFaces } = await page.evaluate(inPageScript([generatedName, selectorOf], fontStacks, { max: MAX_STACKS })) as ReturnType<typeof fontStacks>;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const out: FontFallback[] = [];
    for (const s of stacks) {
      if (!s.first || GENERIC.test(s.first)) continue;
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: s.selector }).catch(() => ({ nodeId: 0 }));
      if (!nodeId) continue;
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).catch(() => ({ fonts: [] as { familyName: string; glyphCount: number }[] }));
      const used = [...fonts].sort((a, b) => b.glyphCount - a.glyphCount)[0]?.familyName;
      if (!used || used.toLowerCase() === s.first.toLowerCase()) continue;
      out.push({ family: s.first, usedFont: used, selector: s.selector, elements: s.count, faceFailed: failedFaces.includes(s.first) });
    }
    return out;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** After the image, when a font or stylesheet request failed; CDP only (Chromium). */
export const gatherer: Gatherer = {
  meta: { id: 'font-fallbacks', version: 1, what: 'web font families that fell back to another font (explains a parity diff)', paints: false, engines: ['chromium'], fields: ['fontFallbacks'] },
  wants: ({ record }) => mayHaveFallenBack(record),
  slots: { 'after-shot': async ({ page }) => ({ record: { fontFallbacks: await fontFallbacks(page).catch(() => undefined) } }) },
};
