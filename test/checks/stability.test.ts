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
    {
      name: 'a flipping box, named with the kind of painted change the page reported',
      units: [record({ stability: { ...unstable, changedRegion: null, changedSelector: '#box', kind: 'mutation', changes: [{ kind: 'mutation', selector: '#box', box: box(40, 80, 300, 200), detail: 'attribute style' }] } })],
      findings: [{ severity: 'blocker', message: ['in #box', 'painted changes: #box (mutation: attribute style)'], evidence: { selector: '#box', kind: 'mutation' } }],
    },
    { name: 'a severity override', units: [record({ stability: { ...unstable, changedRegion: null } })], severity: 'important', findings: [{ severity: 'important', message: 'in section.hero' }] },
  ],
});
