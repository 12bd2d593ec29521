import { check } from '../../src/checks/stability.js';
import { box, record, testCheck } from './helpers.js';

const unstable = { checked: true, stable: false, attempts: 25, changedBox: box(0, 80, 1280, 400), changedRegion: 'hero', changedSelector: 'section.hero' };

testCheck(check, {
  valid: [
    { name: 'a stable capture', units: [record()] },
    { name: 'stability not checked (one capture taken)', units: [record({ stability: { ...unstable, checked: false } })] },
  ],
  invalid: [
    {
      name: 'an animated hero that never settles',
      units: [record({ stability: unstable })],
      findings: [{ severity: 'blocker', message: ['never settled', 'after 25 captures', '1280×400 at 0,80', 'in region hero'], evidence: { selector: 'section.hero', box: unstable.changedBox, region: 'hero' } }],
    },
    { name: 'a severity override', units: [record({ stability: { ...unstable, changedRegion: null } })], severity: 'important', findings: [{ severity: 'important', message: 'in section.hero' }] },
  ],
});
