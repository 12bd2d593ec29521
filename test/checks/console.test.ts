import { check } from '../../src/checks/console.js';
import { groupKey } from '../../src/checks/lib/group.js';
import { record, testCheck } from './helpers.js';

const thrown = { type: 'pageerror' as const, text: 'TypeError: x is undefined', location: 'app.js:3:5' };
const resource = { type: 'error' as const, text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', location: 'http://127.0.0.1/x.png' };

testCheck(check, {
  valid: [
    { name: 'a clean console', units: [record()] },
    { name: 'Chromium "Failed to load resource" lines are left to requests', units: [record({ console: [resource] })] },
    // measured in firefox-esr 153 on test/fixtures/defects (blank-bundle, server-error): the same failed loads, in Firefox's words
    { name: 'Firefox\'s lines for a failed subresource are left to requests too', units: [record({ console: [
      { type: 'pageerror', text: 'Loading module from “http://127.0.0.1:1/assets/index.js” was blocked because of a disallowed MIME type (“text/plain”).', location: null },
      { type: 'pageerror', text: 'Loading failed for the <script> with source “http://127.0.0.2:9/widget.js”.', location: null },
      { type: 'pageerror', text: 'Content at http://127.0.0.1:1/status/500 may not load or link to resource://content-accessible/plaintext.css.', location: null },
    ] })] },
    { name: 'messages matching an ignore regex', units: [record({ console: [{ type: 'error', text: 'ResizeObserver loop limit exceeded', location: null }] })], options: { ignore: ['^ResizeObserver'] } },
  ],
  invalid: [
    {
      name: 'a thrown script error in two viewports: a blocker by default (a page that throws is broken), one finding each, one group',
      units: [record({ console: [thrown, resource] }), record({ viewport: 'mobile', console: [thrown] })],
      findings: [
        { severity: 'blocker', viewport: 'desktop', message: ['uncaught exception', 'TypeError: x is undefined', 'app.js:3:5'], group: groupKey('console', `pageerror ${thrown.text}`), evidence: { text: thrown.text } },
        { severity: 'blocker', viewport: 'mobile', message: ['uncaught exception', 'TypeError: x is undefined'], group: groupKey('console', `pageerror ${thrown.text}`), evidence: { file: 'checkout/default-mobile.png' } },
      ],
    },
    {
      name: 'a console.error stays important by default',
      units: [record({ console: [{ type: 'error', text: 'boom', location: null }] })],
      findings: [{ severity: 'important', message: 'console error: "boom"' }],
    },
    {
      name: 'a spec severity lowers an uncaught exception',
      units: [record({ console: [thrown] })], severity: 'polish',
      findings: [{ severity: 'polish', message: ['uncaught exception'] }],
    },
    {
      name: 'a console.error with the spec severity',
      units: [record({ console: [{ type: 'error', text: 'boom', location: null }] })],
      severity: 'blocker', options: { ignore: ['unrelated'] },
      findings: [{ severity: 'blocker', message: 'console error: "boom"' }],
    },
  ],
});
