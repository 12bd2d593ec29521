// The browser's own word on whether anything painted: Chromium's screencast sends a frame only when
// the compositor produced a changed frame (bench/PAINT-SIGNALS.md: it fired on every changing
// class in the viewport and stayed silent on every still page but a focused field's caret, which
// is hidden while watching, as veval's shots hide it). A tiny frame size keeps it cheap.
import type { CDPSession, Page } from 'playwright-core';
import { hidePageCarets } from './shots.js';
import { STILL_BUDGETS } from './budgets.js';

export interface PaintWatch {
  /** frames the compositor produced since the last reset (each one a painted change) */
  readonly frames: number;
  /** waits for the frames the watch itself caused (its caret style, the stream's start), then counts from zero */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const { paintResetTries: RESET_TRIES, firstFrameMs: FIRST_FRAME_MS } = STILL_BUDGETS;

/** A watch on `page`, or why there is none (a browser without the DevTools protocol: Firefox). */
export async function openPaintWatch(page: Page): Promise<PaintWatch | string> {
  let cdp: CDPSession;
  try { cdp = await page.context().newCDPSession(page); } catch { return 'this browser sends no paint signal (no DevTools protocol)'; }
  let frames = 0;
  let started = false;
  let first: () => void = () => {};
  const firstFrame = new Promise<void>((r) => { first = r; });
  const onFrame = (f: { sessionId: number }) => {
    frames++;
    first();
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  };
  cdp.on('Page.screencastFrame', onFrame);
  const close = async () => {
    cdp.off('Page.screencastFrame', onFrame);
    if (started) await cdp.send('Page.stopScreencast').catch(() => {});
    await cdp.detach().catch(() => {});
  };
  try {
    // the caret blinks in a focused field: hidden while watching, by the style the shots use too
    await hidePageCarets(page);
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 64, maxHeight: 64, everyNthFrame: 1 });
    started = true;
  } catch (err) {
    await close();
    return `the paint signal could not start (${String((err as Error).message ?? err).split('\n')[0]})`;
  }
  return {
    get frames() { return frames; },
    async reset() {
      // the stream's first frame is the page as it is, not a change; then frames are zeroed until
      // two animation frames pass without one (the caret style's own repaint, a frame in flight)
      await Promise.race([firstFrame, new Promise((r) => setTimeout(r, FIRST_FRAME_MS))]);
      for (let i = 0; i < RESET_TRIES; i++) {
        frames = 0;
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))).catch(() => {});
        if (!frames) break;
      }
      frames = 0;
    },
    close,
  };
}
