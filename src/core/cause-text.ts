// How a declaration behind a parity finding's cause is named, in one place for the finding's
// message (parity/compare/cause.ts) and the report's property table (report/html.ts).
import type { Static } from '@sinclair/typebox';
import type { CauseAreaSchema } from './artifact-parts.js';

type CauseSource = NonNullable<Static<typeof CauseAreaSchema>['causes'][number]['props'][number]['source']>;

/** "demo/app/build.css:5 (.order-summary)", "index.html:12 (inline style)", "index.html (inline
 *  style)" when its line cannot be told, "script (.promo)" / "script (inline style)" for what a
 *  script made (read after "set by"). */
export const placeText = (s: CauseSource) => `${s.script ? 'script' : s.file}${s.line !== null ? `:${s.line}` : ''}${s.selector ? ` (${s.selector})` : s.kind === 'inline' ? ' (inline style)' : s.kind === 'attribute' ? ' (an HTML attribute)' : ''}${s.inherited ? ', inherited' : ''}`;
