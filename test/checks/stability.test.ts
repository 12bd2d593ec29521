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
    {
      name: 'a clock and a carousel: the flake map names both, the cause, and the masks to add (a one-off change is not one)',
      units: [record({ stability: { ...unstable, changedRegion: null, changedSelector: 'time.updated', map: 'default-desktop.flake.png', pairs: 14, hot: [
        { box: box(40, 67, 600, 222), element: 'section.promos', elementBox: box(40, 67, 600, 222), mask: '.promos', cause: 'carousel', pixels: 120000, changes: 7, detail: 'attribute style', repeated: true },
        { box: box(252, 15, 10, 12), element: 'time.updated', elementBox: box(190, 12, 72, 19), mask: 'time.updated', cause: 'clock', pixels: 102, changes: 5, detail: 'children', repeated: true },
        { box: box(0, 500, 300, 200), element: 'img.hero', elementBox: box(0, 500, 300, 200), mask: '.hero', cause: null, pixels: 60000, changes: 1, detail: 'pixels changed', repeated: false },
      ] } })],
      findings: [{
        severity: 'blocker',
        message: ['moving: .promos (a carousel), time.updated (a running clock); add masks: [".promos", "time.updated"] or freeze the clock'],
        evidence: { masks: ['.promos', 'time.updated'], flakeMap: 'checkout/default-desktop.flake.png' },
      }],
    },
    { name: 'a severity override', units: [record({ stability: { ...unstable, changedRegion: null } })], severity: 'important', findings: [{ severity: 'important', message: 'in section.hero' }] },
  ],
});
