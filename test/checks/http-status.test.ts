import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../../src/checks/http-status.js';
import { groupKey } from '../../src/checks/lib/group.js';
import { record, specPlan, testCheck, unit } from './helpers.js';

testCheck(check, {
  valid: [
    { name: '200 and 304 answers', units: [record({ httpStatus: 200 }), record({ viewport: 'mobile', httpStatus: 304 })] },
    { name: 'no answer from a failed capture is left to the capture finding', units: [record({ ok: false, httpStatus: null, error: { reason: 'connection-refused', message: 'refused' } })] },
  ],
  invalid: [
    {
      name: 'a 500 route: one finding per capture that saw it, one group',
      units: [record({ httpStatus: 500 }), record({ viewport: 'mobile', httpStatus: 500 })],
      severity: 'polish',
      findings: [
        { severity: 'blocker', viewport: 'desktop', state: 'default', message: ['HTTP 500', 'http://127.0.0.1:4000/checkout'], group: groupKey('http-status', '500 /checkout'), evidence: { status: 500 } },
        { severity: 'blocker', viewport: 'mobile', state: 'default', message: ['HTTP 500', 'http://127.0.0.1:4000/checkout'], group: groupKey('http-status', '500 /checkout'), evidence: { status: 500, file: 'checkout/default-mobile.png' } },
      ],
    },
    {
      name: 'a 404 even when the capture itself failed',
      units: [record({ ok: false, httpStatus: 404, error: { reason: 'step-failed', message: 'x' } })],
      findings: [{ message: 'HTTP 404' }],
    },
    {
      name: 'no answer at all from a page that otherwise captured',
      units: [record({ httpStatus: null })],
      findings: [{ message: 'no answer' }],
    },
    {
      name: 'different statuses are different findings',
      units: [record({ httpStatus: 502 }), record({ viewport: 'mobile', httpStatus: 503 })],
      findings: [{ viewport: 'desktop', message: '502', group: groupKey('http-status', '502 /checkout') }, { viewport: 'mobile', message: '503', group: groupKey('http-status', '503 /checkout') }],
    },
  ],
});

test('the group key leaves out the origin: the same 500 on another port is the same problem', () => {
  const on = (port: number) => check.run({ spec: specPlan(), units: [unit(record({ httpStatus: 500, url: `http://127.0.0.1:${port}/checkout`, finalUrl: `http://127.0.0.1:${port}/checkout` }))], options: {}, severity: null });
  assert.equal(on(4000)[0]!.group, on(5123)[0]!.group);
  assert.notEqual(on(4000)[0]!.group, groupKey('console', '500 /checkout'));
});
