import { check } from '../../src/checks/overflow.js';
import { box, record, testCheck } from './helpers.js';

const table = { selector: 'table.orders', box: box(0, 400, 720, 300), overflowPx: 330 };
const url = { selector: 'p.receipt > a', box: box(16, 900, 540, 20), overflowPx: 166 };
const wide = (vp: 'mobile' | 'desktop', px: number, offenders = [table, url]) => record({ viewport: vp, overflow: { overflowPx: px, offenders } });

testCheck(check, {
  valid: [
    { name: 'a page that fits', units: [record(), record({ viewport: 'mobile' })] },
    { name: 'overflow within tolerance', units: [wide('mobile', 2, [{ ...url, overflowPx: 2 }])], options: { tolerancePx: 2 } },
    { name: 'a failed capture', units: [record({ ok: false, overflow: { overflowPx: 300, offenders: [] }, error: { reason: 'internal', message: 'x' } })] },
  ],
  invalid: [
    {
      name: 'a wide table and an unbroken URL on mobile: blocker naming both, widest first',
      units: [wide('mobile', 330, [url, table])],
      findings: [{ severity: 'blocker', viewport: 'mobile', message: ['330 px wider than the 390 px viewport', '"table.orders" by 330 px, "p.receipt > a" by 166 px'], evidence: { selector: 'table.orders', box: table.box, overflowPx: 330 } }],
    },
    { name: 'desktop overflow is important', units: [wide('desktop', 40)], findings: [{ severity: 'important' }] },
    { name: 'the spec mobileMaxWidth decides what is mobile', units: [wide('desktop', 40)], spec: { mobileMaxWidth: 1400 }, findings: [{ severity: 'blocker' }] },
    { name: 'the option mobileMaxWidth wins over the spec', units: [wide('mobile', 40)], spec: { mobileMaxWidth: 1400 }, options: { mobileMaxWidth: 320 }, findings: [{ severity: 'important' }] },
    { name: 'a severity override', units: [wide('mobile', 40)], severity: 'polish', findings: [{ severity: 'polish' }] },
    { name: 'overflow without a named element still fails', units: [wide('mobile', 12, [])], findings: [{ message: 'no single element named', evidence: { selector: undefined, box: null } }] },
  ],
});
