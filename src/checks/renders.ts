import { Type } from '@sinclair/typebox';
import type { CaptureRecord } from '../core/artifacts.js';
import type { Check } from './types.js';
import { findingFor, measured, severityOf } from './lib/finding.js';
import { quote } from './lib/text.js';
import { onePerUrl, sameOrigin } from './requests.js';

const ID = 'renders';
/** Share of the first viewport's pixels that may differ from the background on a blank page (a
 *  caret, a 1 px border): above it something was painted. */
export const INK_MAX = 0.001;

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
const failure = (q: CaptureRecord['failedRequests'][number]) => (q.status !== null ? `HTTP ${q.status}` : q.failure ?? 'no answer');
const pathOf = (url: string) => { try { const u = new URL(url); return u.pathname + u.search; } catch { return url; } };

/** What the record saw that leaves a page blank, most telling first. */
export function likelyCauses(r: CaptureRecord): string[] {
  const page = r.finalUrl || r.url;
  const code = onePerUrl(r.failedRequests).filter((q) => q.resourceType === 'script' || q.resourceType === 'stylesheet');
  const own = code.filter((q) => sameOrigin(q.url, page));
  const elsewhere = code.filter((q) => !sameOrigin(q.url, page));
  const thrown = r.console.filter((c) => c.type === 'pageerror');
  return [
    ...(own.length ? [`its own ${own.length === 1 ? `${own[0].resourceType} ${pathOf(own[0].url)} failed to load (${failure(own[0])})` : `scripts and stylesheets failed to load: ${own.slice(0, 3).map((q) => `${pathOf(q.url)} (${failure(q)})`).join(', ')}${own.length > 3 ? ` and ${own.length - 3} more` : ''}`}`] : []),
    ...(elsewhere.length ? [`its ${elsewhere[0].resourceType} ${elsewhere[0].url} failed to load from another origin (${failure(elsewhere[0])}): an absolute asset base, such as Vite's \`base: "https://…"\`, points where the app is not served`] : []),
    ...(thrown.length ? [`an uncaught exception: ${quote(thrown[0].text, 120)}${thrown[0].location ? ` at ${thrown[0].location}` : ''}`] : []),
  ];
}

export const check: Check<Record<string, never>> = {
  meta: {
    id: ID,
    title: 'The page renders',
    description: `The first viewport of every capture paints something: a visible text, image or control (measured in the page), or pixels that differ from the page background (over ${INK_MAX * 100}% of them). A blank capture — a bundle that failed to load or threw before rendering — is one finding per capture, naming the likely cause it saw.`,
    defaultSeverity: 'blocker',
    defaultEnabled: true,
    order: 15,
    score: 'structural',
    options: Type.Object({}, { additionalProperties: false }),
  },
  run(ctx) {
    const units = measured(ctx.units);
    const unmeasured = units.filter((u) => !u.record.paint);
    if (unmeasured.length) ctx.note?.(`renders: ${unmeasured.length} capture(s) recorded before paint was measured; not checked`);
    return units.flatMap((u) => {
      const p = u.record.paint;
      if (!p || p.content > 0 || p.ink === null || p.ink > INK_MAX) return [];
      const causes = likelyCauses(u.record);
      const why = causes.length ? `likely cause: ${causes.join('; ')}` : 'no failed script or stylesheet and no uncaught exception was seen: the page may render only after an interaction, or hide its content';
      return [findingFor(ID, u, severityOf(ctx, 'blocker'),
        `blank page: the first viewport paints nothing but its background (${p.background}; no visible text, image or control, ${pct(p.ink)} of its pixels differ); ${why}`,
        { background: p.background, ink: p.ink, causes })];
    });
  },
};
