import { Type } from '@sinclair/typebox';
import type { Check } from './types.js';
import { severityOf } from './lib/finding.js';
import { groupedFindings } from './lib/group.js';
import { compileRegexes, quote } from './lib/text.js';

const ID = 'console';
/** Chromium repeats every failed subresource as a console line; requests/http-status report it. */
const RESOURCE_LINE = /^Failed to load resource\b/;

export const check: Check<{ ignore?: string[] }> = {
  meta: {
    id: ID,
    title: 'No console errors',
    description: 'Console errors and uncaught exceptions (a page that throws is broken: an uncaught exception is a blocker by default). Chromium own "Failed to load resource" lines are left to requests/http-status; an error veval\'s own emulation caused (a view transition aborted under the emulated reduced motion) is recorded with its cause, not reported. The same message in several captures is one finding per capture, all with the same `group` key.',
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
