// In-page reads of a Storybook preview (iframe.html): whether the story is done rendering (and
// what Storybook's error display says), and every story's parameters.veval. Sent as text through
// inPageScript, so they use nothing from outside themselves.

export interface StoryOutcome { done: boolean; error?: string; phase?: string | null }

/** Done when the preview's render of this story reached a finished phase (Storybook 7+), or — without
 *  a preview object (6.x) — when the main view shows and is no longer preparing. False while not. */
export function storyOutcome(arg: { id: string; done: string[]; roots: string[] }): StoryOutcome | false {
  const w = window as any;
  const body = document.body;
  if (!body) return false;
  const text = (sel: string) => (document.querySelector(sel)?.textContent ?? '').trim();
  if (body.classList.contains('sb-show-errordisplay')) {
    const stack = text('#error-stack').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' | ');
    return { done: true, error: `${text('#error-message') || 'Storybook shows its error display'}${stack ? ` — ${stack}` : ''}` };
  }
  if (body.classList.contains('sb-show-nopreview')) return { done: true, error: `Storybook shows "No Preview": ${text('.sb-nopreview_main p') || 'no story selected'}` };
  const r = w.__STORYBOOK_PREVIEW__?.currentRender;
  w.__vevalStoryPhase = r?.phase ?? null;
  if (r && r.id === arg.id && r.phase === 'errored') return { done: true, error: `${text('#error-message') || 'the story errored'} (Storybook's render phase: errored)` };
  if (r && r.id === arg.id) { if (!arg.done.includes(r.phase)) return false; }
  else if (r || !body.classList.contains('sb-show-main') || body.classList.contains('sb-show-preparing-story')) return false;
  // rendered: something must show, in the root or in a portal beside it (a modal, a tooltip).
  // Shown text only (innerText: not a <style>'s, not a hidden element's), and none of Storybook's
  // own elements beside the root (#storybook-highlights-root carries a <style> since 8.x)
  const root = arg.roots.map((s) => document.querySelector(s)).find(Boolean) ?? null;
  const media = 'img, svg, canvas, video, input, button, iframe';
  const rendered = (el: Element) => el.getClientRects().length > 0;   // innerText of an unrendered element is its textContent
  const shows = (el: Element) => (rendered(el) && (el as HTMLElement).innerText.trim() !== '') || [...el.querySelectorAll(media)].some(rendered);
  const outside = [...body.children].filter((el) => el !== root && !el.matches('.sb-wrapper, [id^="storybook-"], script, style, link'));
  if (root && (root.childElementCount > 0 || shows(root))) return { done: true };
  if (outside.some(shows)) return { done: true };
  return { done: true, error: 'the story rendered nothing (its root is empty)' };
}

/** The render phase last seen by storyOutcome (for a timeout's message). */
export function storyPhase(): string | null {
  return (window as any).__vevalStoryPhase ?? null;
}

/** Whether the preview has loaded its story store. */
export function previewLoaded(): boolean {
  const w = window as any;
  return !!(w.__STORYBOOK_PREVIEW__ || w.__STORYBOOK_STORY_STORE__ || w.__STORYBOOK_CLIENT_API__);
}

/** Every story's parameters.veval (JSON), from the preview's story store: `extract()` in 7+, the client
 *  API's store in 6.x. */
export async function storyParams(): Promise<{ params: Record<string, unknown> } | { error: string }> {
  const w = window as any;
  const pick = (all: Record<string, any>) => {
    const out: Record<string, unknown> = {};
    for (const [id, s] of Object.entries(all ?? {})) {
      const v = s?.parameters?.veval;
      if (v !== undefined) out[id] = JSON.parse(JSON.stringify(v));
    }
    return out;
  };
  try {
    const pv = w.__STORYBOOK_PREVIEW__;
    if (pv?.extract) {
      await pv.storeInitializationPromise;
      await pv.storyStoreValue?.cacheAllCSFFiles?.();
      return { params: pick(await pv.extract()) };
    }
    const store = w.__STORYBOOK_STORY_STORE__ ?? w.__STORYBOOK_CLIENT_API__?._storyStore;
    if (store?.raw) return { params: pick(Object.fromEntries(store.raw().map((s: any) => [s.id, s]))) };
    return { error: 'the preview offers neither __STORYBOOK_PREVIEW__.extract() nor a 6.x story store' };
  } catch (err) {
    return { error: String((err as Error)?.message ?? err) };
  }
}
