import { check } from '../../src/checks/required-visible.js';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { box, record, required, runCase, testCheck } from './helpers.js';

const mobile = (req: ReturnType<typeof required>[], ok = true) => record({ viewport: 'mobile', required: req, ok, ...(ok ? {} : { error: { reason: 'navigation-timeout', message: 'timeout' } }) });

testCheck(check, {
  valid: [
    { name: 'a fully visible required element', units: [mobile([required()])] },
    { name: 'partial requirement met by a partly covered element', units: [mobile([required({ visible: 'partial' }, { level: 'partial', visibleFraction: 0.6 })])] },
    { name: 'present requirement met by a hidden element', units: [mobile([required({ visible: 'present' }, { displayed: false, level: 'none' })])] },
    { name: 'a failed capture leaves presence to the capture finding', units: [mobile([required({}, { present: false, level: 'none' })], false)] },
    { name: 'a spec without required entries', units: [mobile([])] },
    // an older capture recorded a 0.25 px overhang as a clip, rounded to 0 px: rounding, not a clip
    { name: 'a clip under 1 px recorded by an older capture', units: [mobile([required({}, { level: 'partial', clippedBy: { selector: 'div.dropdown-menu', box: box(0, 0, 320, 335), hiddenPx: 0 } })])] },
  ],
  invalid: [
    {
      name: 'the Pay button covered by the sticky summary by 8 px',
      units: [mobile([required({}, {
        level: 'partial', visibleFraction: 0.83, reason: 'covered',
        coveredBy: { selector: 'aside.summary', box: box(0, 760, 390, 84), coveredPx: 8, coveredBox: box(20, 740, 200, 8) },
      })])],
      severity: 'polish', // always-on: a spec override must not downgrade it
      findings: [{
        severity: 'blocker', viewport: 'mobile', state: 'default',
        message: ['"primary CTA" (#pay)', 'not fully visible at mobile', 'covered by "aside.summary" over 8 px'],
        evidence: { file: 'checkout/default-mobile.png', selector: '#pay', coveredBy: { selector: 'aside.summary', box: box(20, 740, 200, 8), coveredPx: 8 } },
      }],
    },
    {
      name: 'an off-screen CTA 400 px left of the viewport',
      units: [mobile([required({}, { offscreenX: -400, level: 'none', visibleFraction: 0 })])],
      findings: [{ message: '400 px left of the viewport' }],
    },
    {
      name: 'an entry in a closed off-canvas panel says closed, not where the panel was moved (issue 56)',
      units: [mobile([
        required({ selector: '#about', name: 'about' }, { offscreenX: -315, level: 'none', closed: { selector: '#nav-mobile', how: 'translated' }, clippedBy: { selector: '#nav-mobile', box: box(-315, 0, 300, 904), hiddenPx: 44 } }),
        required({ selector: '#help', name: 'help' }, { displayed: false, level: 'none', closed: { selector: 'aside.drawer', how: 'hidden' } }),
      ])],
      findings: [
        { message: ['"about" (#about)', 'closed: it is inside "#nav-mobile", moved out of the window until a user opens it'], evidence: { closed: { selector: '#nav-mobile', how: 'translated' } } },
        { message: 'closed: it is inside "aside.drawer", visibility: hidden until a user opens it' },
      ],
    },
    {
      name: 'an entry of a scrolling list that no scroll position shows whole says the list scrolls (issue 56)',
      units: [mobile([required({ selector: '#last', name: 'last' }, { reachable: false, level: 'partial', visibleFraction: 0.5, scrolls: { selector: '#nav-mobile' } })])],
      findings: [{ message: 'it lies in "#nav-mobile", which scrolls, but no scroll position of it and of the page shows it whole in the viewport' }],
    },
    {
      name: 'a menu clipped by its card',
      units: [mobile([required({ selector: '.menu', name: 'menu' }, { level: 'partial', clippedBy: { selector: 'section.card', box: box(0, 0, 300, 200), hiddenPx: 120 } })])],
      findings: [{ message: ['clipped by "section.card"', '120 px hidden'], evidence: { clippedBy: { selector: 'section.card', box: box(0, 0, 300, 200), hiddenPx: 120 } } }],
    },
    {
      name: 'display: none, zero size and opacity 0 each named',
      units: [mobile([
        required({ selector: '#a', name: 'a' }, { displayed: false, level: 'none' }),
        required({ selector: '#b', name: 'b' }, { nonZeroSize: false, level: 'none' }),
        required({ selector: '#c', name: 'c' }, { opacity: 0, level: 'none' }),
      ])],
      findings: [{ message: 'display: none' }, { message: 'zero size' }, { message: 'opacity 0' }],
    },
    {
      name: 'a required text that is not on the page',
      units: [mobile([required({ selector: null, text: '/required|enter/i', within: 'form#payment', name: 'error text' }, { present: false, level: 'none', box: null })])],
      findings: [{ message: ['not present', 'no visible text matches "/required|enter/i" within "form#payment"'], evidence: { selector: 'form#payment', text: '/required|enter/i' } }],
    },
    {
      name: 'partial requirement with nothing visible',
      units: [mobile([required({ visible: 'partial' }, { level: 'none', reachable: false, visibleFraction: 0 })])],
      findings: [{ message: ['not visible at', 'cannot be scrolled'] }],
    },
    {
      name: 'a missing selector in one of two viewports',
      units: [record({ required: [required()] }), mobile([required({}, { present: false, count: 0, level: 'none', box: null })])],
      findings: [{ viewport: 'mobile', message: 'no element matches "#pay"' }],
    },
  ],
});

it('names a clipping ancestor once when the capture also reports it as the cover', () => {
  const [f] = runCase(check, { name: '', units: [mobile([required({ selector: '#menu' }, { level: 'partial', clippedBy: { selector: 'section.card', box: null, hiddenPx: 104 }, coveredBy: { selector: 'section.card', box: null, coveredPx: 67, coveredBox: null } })])] });
  assert.match(f!.message, /clipped by "section\.card" \(104 px hidden\)$/);
});

it('a required entry is reported under its spec selector and name, whichever element matched it in a capture', () => {
  const covered = { level: 'partial' as const, visibleFraction: 0.8, reason: 'covered', coveredBy: { selector: 'div.bar', box: box(0, 700, 390, 100), coveredPx: 8, coveredBox: null } };
  // the capture names the matched element by a selector unique in that page: it differs by layout
  const units = [
    record({ viewport: 'mobile', required: [required({ selector: 'button.btn', name: 'Pay', matchedSelector: 'button.btn.btn__primary' }, covered)] }),
    record({ viewport: 'desktop', required: [required({ selector: 'button.btn', name: 'Pay', matchedSelector: 'form > button.btn.btn__primary' }, covered)] }),
  ].map((r) => ({ record: r, file: `${r.spec}/${r.state}-${r.viewport.name}.png` }));
  const findings = check.run({ units, spec: {} as never, options: {} } as never) as { evidence: Record<string, unknown> }[];
  assert.equal(findings.length, 2);
  const labels = findings.map((f) => check.meta.label!(f.evidence));
  assert.deepEqual(labels, ['button.btn (Pay)', 'button.btn (Pay)']);
  // the element that matched stays in the evidence (explain and the crops use it)
  assert.deepEqual(findings.map((f) => f.evidence.selector), ['button.btn.btn__primary', 'form > button.btn.btn__primary']);
});
