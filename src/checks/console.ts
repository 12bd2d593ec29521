import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { severityOf } from './lib/finding.js';
import { groupedFindings } from './lib/group.js';
import { compileRegexes, quote } from './lib/text.js';

const ID = 'console';
/**
 * Each engine repeats a failed subresource as a console line of its own; requests/http-status
 * report the request. Chromium: "Failed to load resource: …". Firefox (as an error log entry):
 * "Loading module from “…” was blocked because of a disallowed MIME type" (the 404 page of a
 * script), "Loading failed for the <script> with source “…”", and "Content at … may not load or
 * link to resource://…" (its own stylesheet for a plain-text error page; measured on the defect set).
 */
const RESOURCE_LINE = /^Failed to load resource\b|^Loading (module from|failed for the (<script>|module)) .*|^Content at \S+ may not load or link to (resource|chrome):\/\//;

export const check: Check<{ ignore?: string[] }> = {
  meta: {
    id: ID,
    title: 'No console errors',
    description: 'Console errors and uncaught exceptions (a page that throws is broken: an uncaught exception is a blocker by default). Each engine\'s own lines for a subresource that failed to load (Chromium "Failed to load resource", Firefox "Loading failed for the <script>…", a module blocked for its MIME type) are left to requests/http-status; an error veval\'s own emulation caused (a view transition aborted under the emulated reduced motion) is recorded with its cause, not reported. The same message in several captures is one finding per capture, all with the same `group` key.',
    defaultSeverity: 'by-kind',
    defaultEnabled: true,
    order: 100,
    score: 'structural',
    names: { ignore: 'regexes' },
    options: Type.Object({
      ignore: Type.Optional(Type.Array(Type.String(), { description: 'regular expressions (source text) for messages to ignore' })),
    }, { additionalProperties: false }),
  },
  run(ctx) {
    const ignore = compileRegexes(ctx.options.ignore, 'console.ignore');
    return groupedFindings(ID, ctx.units, severityOf(ctx, 'important'), ({ record }) => record.console
      // an error veval's own emulation caused is not the page's: the record says so (causedBy)
      .filter((c) => !c.causedBy && !RESOURCE_LINE.test(c.text) && !ignore.some((re) => re.test(c.text)))
      .map((c) => ({
        key: `${c.type} ${c.text}`,
        severity: severityOf(ctx, c.type === 'pageerror' ? 'blocker' : 'important'),
        message: `${c.type === 'pageerror' ? 'uncaught exception' : 'console error'}: ${quote(c.text, 160)}${c.location ? ` at ${c.location}` : ''}`,
        evidence: { text: c.text, type: c.type, location: c.location },
      })));
  },
};
