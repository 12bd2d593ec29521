import { check } from '../../src/checks/overlap.js';
import { box, record, regions, testCheck } from './helpers.js';

const r = (spec: Parameters<typeof regions>[0], vp: 'desktop' | 'mobile' = 'mobile') => record({ viewport: vp, regions: regions(spec) });

testCheck(check, {
  valid: [
    { name: 'separate regions', units: [r({ form: [0, 100, 390, 500], cta: [16, 620, 200, 48] })] },
    { name: 'touching edges do not overlap', units: [r({ a: [0, 0, 100, 100], b: [0, 100, 100, 100] })] },
    { name: 'with all, a nested region is structure, not overlap', units: [r({ form: [0, 100, 390, 600], cta: [16, 620, 200, 48] })] },
    { name: 'a region absent from one capture is not an overlap', units: [r({ form: [0, 100, 390, 500], banner: null }), r({ form: [0, 100, 390, 500], banner: [0, 0, 390, 80] }, 'desktop')], options: { pairs: [['form', 'banner']] } },
    { name: 'an intersection within tolerance', units: [r({ a: [0, 0, 100, 100], b: [0, 98, 100, 100] })], options: { tolerancePx: 2 } },
    // Record boxes are rounded to 1/100 px per edge, so stacked sections of fractional height
    // (y 10.02 + 20.02 vs. the next at 30.03) share a sliver: rounding, not an overlap
    { name: 'stacked sections with fractional heights share a sub-pixel sliver', units: [r({ article: [0, 10.02, 720, 20.02], footer: [0, 30.03, 720, 200] }, 'desktop')] },
    { name: 'a listed pair sharing a 0.6 px sliver does not overlap either', units: [r({ header: [0, 0, 390, 80.6], hero: [0, 80, 390, 400] })], options: { pairs: [['header', 'hero']] } },
    { name: 'side-by-side columns sharing a 0.5 px sliver', units: [r({ left: [0, 0, 200.5, 300], right: [200, 0, 190, 300] })] },
    { name: 'a nested region sticking out by a fraction of a pixel is still nested', units: [r({ card: [0, 0, 300, 200], body: [10, 10, 290.4, 190.5] })] },
    { name: 'an unlisted pair', units: [r({ a: [0, 0, 100, 100], b: [50, 50, 100, 100], c: [0, 300, 10, 10] })], options: { pairs: [['a', 'c']] } },
  ],
  invalid: [
    {
      name: 'a cookie banner over the CTA, with the intersection box',
      units: [r({ banner: [0, 760, 390, 84], cta: [16, 740, 200, 48] })],
      findings: [{ severity: 'blocker', message: 'regions banner and cta overlap by 200×28 px', evidence: { box: box(16, 760, 200, 28), regions: ['banner', 'cta'] } }],
    },
    {
      name: 'an overlap of one whole pixel is an overlap',
      units: [r({ header: [0, 0, 390, 81], hero: [0, 80, 390, 400] })],
      findings: [{ severity: 'blocker', message: 'regions header and hero overlap by 390×1 px', evidence: { box: box(0, 80, 390, 1) } }],
    },
    {
      name: 'a listed pair counts nesting too',
      units: [r({ form: [0, 100, 390, 600], cta: [16, 620, 200, 48] })], options: { pairs: [['form', 'cta']] }, severity: 'important',
      findings: [{ severity: 'important', evidence: { box: box(16, 620, 200, 48) } }],
    },
    {
      name: 'a listed region never found anywhere is said once',
      units: [r({ form: [0, 100, 390, 500] }), r({ form: [0, 100, 390, 500] }, 'desktop')], options: { pairs: [['form', 'sumary']] },
      findings: [{ severity: 'important', viewport: 'mobile', message: 'region sumary was not found in any capture' }],
    },
  ],
});
