// The check on capture records; test/look/look.test.ts finds the elements on real pages.
import type { CaptureRecord } from '../../src/core/artifacts.js';
import { check } from '../../src/checks/interactive-reachable.js';
import { box, record, testCheck, verdict } from './helpers.js';

const look = (hidden: NonNullable<CaptureRecord['interactive']>['hidden'], over: Partial<NonNullable<CaptureRecord['interactive']>> = {}) =>
  ({ checked: 12, total: 12, limit: 150, hidden, actions: [], landmarks: [], ...over });

const covered = {
  selector: '#save', role: 'button', name: 'Save settings',
  verdict: verdict({ level: 'none', visibleFraction: 0, coveredBy: { selector: '#cover', box: box(0, 0, 200, 60), coveredPx: 43, coveredBox: box(0, 0, 120, 43) }, reason: 'covered' }),
};
const halfClipped = {
  selector: 'a.more', role: 'link', name: 'More',
  verdict: verdict({ level: 'partial', visibleFraction: 0.5, clippedBy: { selector: 'div.card', box: box(0, 0, 100, 20), hiddenPx: 30 } }),
};

testCheck(check, {
  valid: [
    { name: 'every interactive element fully visible', units: [record({ interactive: look([]) } as any)] },
    { name: 'a failed capture (the capture finding reports it)', units: [record({ ok: false, interactive: look([covered]) } as any)] },
  ],
  invalid: [
    {
      name: 'a covered button is a blocker, a half-clipped link polish',
      units: [record({ interactive: look([covered, halfClipped]) } as any)],
      findings: [
        { severity: 'blocker', message: ['button "Save settings" (#save) cannot be seen or reached at desktop (default)', 'covered by "#cover"'], evidence: { selector: '#save' } },
        { severity: 'polish', message: ['link "More" (a.more) is only partly visible (50%)', 'clipped by "div.card"'] },
      ],
    },
    {
      name: 'the spec severity replaces the blocker one; a page with more elements than measured says so',
      units: [record({ interactive: look([covered], { total: 400, checked: 150 }) } as any)],
      severity: 'important',
      notes: ['has 400 interactive elements; the first 150 were measured'],
      findings: [{ severity: 'important' }],
    },
  ],
});
