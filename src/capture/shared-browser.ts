// One local browser kept open across the commands of one process (tests run hundreds of commands
// in process). Off by default: a user's command launches and closes its own browser. A kept
// browser is the same local launch (same binary, flags and fonts), so it keeps its local
// fingerprint; each command gets a lease whose close() closes only the contexts it opened.
import type { Browser, BrowserContext } from 'playwright-core';
import type { EnvFingerprint } from '../core/artifacts.js';

/** A launched browser and its fingerprint (browser.ts's Launched, which imports this file). */
interface Launched { browser: Browser; environment: EnvFingerprint }

const kept = new Map<string, Promise<Launched>>();
let keeping = false;

/** From now on, local launches with the same settings share one browser until closeKept(). */
export function keepBrowsers(): void { keeping = true; }

/** Closes every kept browser (a test file's `after`). */
export async function closeKeptBrowsers(): Promise<void> {
  keeping = false;
  const all = [...kept.values()];
  kept.clear();
  await Promise.all(all.map(async (p) => { try { await (await p).browser.close(); } catch { /* already gone */ } }));
}

/** The launch itself when not keeping; else a lease on the kept browser for `key`. */
export async function keptOrLaunched(key: string, launch: () => Promise<Launched>): Promise<Launched> {
  if (!keeping) return launch();
  let entry = kept.get(key);
  const alive = entry && (await entry.catch(() => null))?.browser.isConnected();
  if (!entry || !alive) {
    entry = launch();
    kept.set(key, entry);
    entry.catch(() => kept.delete(key));
  }
  const { browser, environment } = await entry;
  return { browser: lease(browser), environment };
}

/** The browser as one command sees it: its contexts, its 'disconnected' listeners, its close. */
function lease(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const listeners: Array<(...a: unknown[]) => void> = [];
  let closed = false;
  const own: Partial<Record<keyof Browser, unknown>> = {
    newContext: async (...args: Parameters<Browser['newContext']>) => {
      const c = await browser.newContext(...args);
      contexts.add(c);
      c.on('close', () => contexts.delete(c));
      return c;
    },
    newPage: async (...args: Parameters<Browser['newPage']>) => {
      const p = await browser.newPage(...args);
      contexts.add(p.context());
      return p;
    },
    contexts: () => [...contexts],
    isConnected: () => !closed && browser.isConnected(),
    on: (ev: string, fn: (...a: unknown[]) => void) => {
      if (ev === 'disconnected') listeners.push(fn);
      browser.on(ev as 'disconnected', fn);
      return proxy;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
      for (const fn of listeners.splice(0)) browser.off('disconnected', fn);
    },
  };
  const proxy: Browser = new Proxy(browser, {
    get(target, prop, receiver) {
      if (prop in own) return own[prop as keyof Browser];
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return proxy;
}
