// axe-core in the page (injected source works under strict CSP), with the options of the spec's
// `axe` check; masked elements are excluded. Runs after the screenshot so it cannot disturb it.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { generatedName, selectorOf } from '../in-page/dom.js';
import { inPageScript } from '../in-page/script.js';
import { files } from '../../core/run.js';
import type { Gathered, Gatherer } from '../gatherer.js';

let source: string | null = null;
function axeSource(): string {
  if (source === null) source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** The axe check's options, its defaults filled (checks/registry.ts gatherFor): `impact` is always there. */
export interface AxeOptions { impact: string; tags?: string[]; disable?: string[]; include?: string[]; exclude?: string[] }

function runAxe(arg: { include: string[]; exclude: string[]; tags: string[]; disable: string[]; min: string }) {
  const axe = (window as any).axe;
  const context: any = { exclude: arg.exclude.map((s) => [s]) };
  if (arg.include.length) context.include = arg.include.map((s) => [s]);
  const options: any = { resultTypes: ['violations', 'incomplete'], rules: {}, elementRef: true };
  if (arg.tags.length) options.runOnly = { type: 'tag', values: arg.tags };
  // a rule that cannot reach the threshold could never be a finding: not run (see unreportableRules)
  for (const id of unreportableRules({ min: arg.min })) options.rules[id] = { enabled: false };
  for (const id of arg.disable) options.rules[id] = { enabled: false };
  return axe.run(context, options).then((r: any) => {
    // role + accessible name of each violating node (its debt fingerprint besides the selector),
    // read with axe's own commons over a fresh tree; null when axe cannot tell
    // (only when there is a violation to fingerprint: building the tree costs a pass over the page)
    let tree = false;
    if (r.violations.length) { try { axe.setup(document); tree = true; } catch { /* no fingerprint beyond the selector */ } }
    const fp = (el: Element | undefined) => {
      if (!tree || !el) return { role: null, name: null };
      try {
        const vn = axe.utils.getNodeFromTree(el);
        const role = vn ? axe.commons.aria.getRole(vn) : null;
        const name = vn ? String(axe.commons.text.accessibleTextVirtual(vn) ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) : null;
        return { role: role ?? null, name };
      } catch { return { role: null, name: null }; }
    };
    // where the violating element is in the full-page capture (document CSS px): a finding's crop
    const boxOf = (el: Element | undefined) => {
      if (!el || typeof el.getBoundingClientRect !== 'function') return null;
      const r = el.getBoundingClientRect();
      return r.width || r.height ? { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height } : null;
    };
    // a node of the top document is named by veval's own selector, from the element's own tag and
    // classes up: axe picks its rarest class in this DOM (the same skip link was `.inset-s-44` at
    // 1280 px and `.fixed` at 390 px, where the sidebar is not rendered), and a generated id or
    // class (issue 55). axe's own is kept beside it: debt recorded by it still matches.
    const named = (n: any) => {
      if (!n.element || !Array.isArray(n.target) || n.target.length !== 1 || typeof n.target[0] !== 'string') return { target: n.target };
      const own = selectorOf(n.element);
      return own === n.target[0] ? { target: n.target } : { target: [own], axeTarget: n.target };
    };
    const slim = (list: any[], withFp: boolean) => list.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, description: v.description, tags: v.tags,
      nodes: v.nodes.map((n: any) => ({ ...named(n), html: n.html, failureSummary: n.failureSummary, impact: n.impact, ...(withFp ? { ...fp(n.element), box: boxOf(n.element) } : {}) })),
    }));
    const out = { testEngine: r.testEngine, url: r.url, timestamp: r.timestamp, violations: slim(r.violations, true), incomplete: slim(r.incomplete, false) };
    if (tree) { try { axe.teardown(); } catch { /* nothing to release */ } }
    return out;
  });
}

/** In the page, after axe is injected: the rules that can never report a violation at or above
 *  `min` impact. A violation's impact comes from its failing checks' impacts (and the rule's own),
 *  fixed in axe's metadata, so a rule whose every known impact is below `min` is one; a rule with
 *  no known impact at all (from a newer axe) is not. Rules off by default are listed too when
 *  below `min` (a spec's tags may switch them on), never the others. */
export function unreportableRules(arg: { min: string }): string[] {
  const axe = (window as any).axe;
  const order = ['minor', 'moderate', 'serious', 'critical'];
  const lo = order.indexOf(arg.min);
  const checkImpact = (c: any) => axe._audit.data?.checks?.[typeof c === 'string' ? c : c.id]?.impact;
  return axe._audit.rules
    .filter((r: any) => {
      const known = [r.impact, ...[...r.any, ...r.all, ...r.none].map(checkImpact)].map((i) => order.indexOf(String(i))).filter((i) => i !== -1);
      return known.length > 0 && Math.max(...known) < lo;
    })
    .map((r: any) => r.id as string);
}

export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(axeSource());
}

export async function axeResults(page: Page, opts: AxeOptions, masks: string[]): Promise<unknown> {
  await injectAxe(page);
  // min: the axe check's threshold, moderate unless the spec lowers it
  const arg = { include: opts.include ?? [], exclude: [...(opts.exclude ?? []), ...masks], tags: opts.tags ?? [], disable: opts.disable ?? [], min: opts.impact };
  return page.evaluate(inPageScript([unreportableRules, generatedName, selectorOf], runAxe, arg));
}

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0];

/** Read-only but long (seconds on a long page under load): in the gap after the proof's image. Its
 *  failure is recorded (axeError), never fatal; the scroll it leaves is put back. */
export const gatherer: Gatherer<AxeOptions> = {
  meta: {
    id: 'axe-results', version: 1, what: 'axe-core results of the page (the axe check), masked elements excluded',
    paints: true, asks: 'axe', fields: ['axe', 'axeError'], timing: 'axe',
  },
  slots: {
    async 'gap-after-image'({ page, options, spec, state, viewport }) {
      const y = await page.evaluate(() => [window.scrollX, window.scrollY] as const);
      let got: Gathered;
      try {
        const rel = files.axe(spec.name, state.name, viewport.name);
        got = { files: [{ rel, json: await axeResults(page, options, spec.masks), field: 'axe' }] };
      } catch (err) { got = { record: { axeError: firstLine(err) } }; }
      await page.evaluate(([x, yy]) => window.scrollTo({ left: x, top: yy, behavior: 'instant' as ScrollBehavior }), y);
      return got;
    },
  },
};
