import { check } from '../../src/checks/http-status.js';
import { record, testCheck } from './helpers.js';

testCheck(check, {
  valid: [
    { name: '200 and 304 answers', units: [record({ httpStatus: 200 }), record({ viewport: 'mobile', httpStatus: 304 })] },
    { name: 'no answer from a failed capture is left to the capture finding', units: [record({ ok: false, httpStatus: null, error: { reason: 'connection-refused', message: 'refused' } })] },
  ],
  invalid: [
    {
      name: 'a 500 route, once for all captures that saw it',
      units: [record({ httpStatus: 500 }), record({ viewport: 'mobile', httpStatus: 500 })],
      severity: 'polish',
      findings: [{ severity: 'blocker', viewport: 'desktop', message: ['HTTP 500', 'http://127.0.0.1:4000/checkout', '2 captures'], evidence: { status: 500, units: ['default-desktop', 'default-mobile'] } }],
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
      findings: [{ viewport: 'desktop', message: '502' }, { viewport: 'mobile', message: '503' }],
    },
  ],
});
