// axe-core in the page (injected source works under strict CSP), with the options of the spec's
// `axe` check; masked elements are excluded. Runs after the screenshot so it cannot disturb it.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { inPageScript } from './in-page/script.js';

let source: string | null = null;
function axeSource(): string {
  if (source === null) source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

export interface AxeOptions { tags?: string[]; disable?: string[]; include?: string[]; exclude?: string[] }

function runAxe(arg: { include: string[]; exclude: string[]; tags: string[]; disable: string[] }) {
  const axe = (window as any).axe;
  const context: any = { exclude: arg.exclude.map((s) => [s]) };
  if (arg.include.length) context.include = arg.include.map((s) => [s]);
  const options: any = { resultTypes: ['violations', 'incomplete'], rules: {}, elementRef: true };
  if (arg.tags.length) options.runOnly = { type: 'tag', values: arg.tags };
  for (const id of arg.disable) options.rules[id] = { enabled: false };
  return axe.run(context, options).then((r: any) => {
    // role + accessible name of each violating node (its debt fingerprint besides the selector),
    // read with axe's own commons over a fresh tree; null when axe cannot tell
    let tree = false;
    try { axe.setup(document); tree = true; } catch { /* no fingerprint beyond the selector */ }
    const fp = (el: Element | undefined) => {
      if (!tree || !el) return { role: null, name: null };
      try {
        const vn = axe.utils.getNodeFromTree(el);
        const role = vn ? axe.commons.aria.getRole(vn) : null;
        const name = vn ? String(axe.commons.text.accessibleTextVirtual(vn) ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) : null;
        return { role: role ?? null, name };
      } catch { return { role: null, name: null }; }
    };
    const slim = (list: any[], withFp: boolean) => list.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, description: v.description, tags: v.tags,
      nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary, impact: n.impact, ...(withFp ? fp(n.element) : {}) })),
    }));
    const out = { testEngine: r.testEngine, url: r.url, timestamp: r.timestamp, violations: slim(r.violations, true), incomplete: slim(r.incomplete, false) };
    if (tree) { try { axe.teardown(); } catch { /* nothing to release */ } }
    return out;
  });
}

export async function axeResults(page: Page, opts: AxeOptions, masks: string[]): Promise<unknown> {
  await page.evaluate(axeSource());
  const arg = { include: opts.include ?? [], exclude: [...(opts.exclude ?? []), ...masks], tags: opts.tags ?? [], disable: opts.disable ?? [] };
  return page.evaluate(inPageScript([], runAxe, arg));
}
