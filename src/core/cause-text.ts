// How a declaration behind a parity finding's cause is named, in one place for the finding's
// message (parity/compare/cause.ts) and the report's property table (report/html.ts); and the
// file a stylesheet URL names, for those and for the checks' findings (checks/runner.ts).
import type { Static } from '@sinclair/typebox';
import fs from 'node:fs';
import path from 'node:path';
import type { CauseAreaSchema } from './artifact-parts.js';
import type { RunContext } from './run.js';

type CauseSource = NonNullable<Static<typeof CauseAreaSchema>['causes'][number]['props'][number]['source']>;

/** "demo/app/build.css:5 (.order-summary)", "index.html:12 (inline style)", "index.html (inline
 *  style)" when its line cannot be told, "script (.promo)" / "script (inline style)" for what a
 *  script made (read after "set by"). */
export const placeText = (s: CauseSource) => `${s.script ? 'script' : s.file}${s.line !== null ? `:${s.line}` : ''}${s.selector ? ` (${s.selector})` : s.kind === 'inline' ? ' (inline style)' : s.kind === 'attribute' ? ' (an HTML attribute)' : ''}${s.inherited ? ', inherited' : ''}`;

export interface FileOf { (url: string): string }

/** A stylesheet URL as the file a user edits: a path in the project when the app is served from
 *  it, else the URL without the page's origin. */
export function fileResolver(run: RunContext, pageUrl: string): FileOf {
  const server = run.plan.server;
  let origin = '';
  try { origin = new URL(pageUrl).origin; } catch { /* not a URL: leave URLs whole */ }
  return (url: string) => {
    let u: URL;
    try { u = new URL(url); } catch { return url; }
    if (u.origin !== origin) return url;
    if (server?.kind === 'static') {
      const file = path.join(path.resolve(run.root, server.dir), decodeURIComponent(u.pathname));
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return path.relative(run.root, file).split(path.sep).join('/');
    }
    return u.pathname + u.search;
  };
}
