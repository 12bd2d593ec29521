import { check } from '../../src/checks/min-gap.js';
import { box, record, regions, testCheck } from './helpers.js';

const r = (spec: Parameters<typeof regions>[0]) => record({ viewport: 'mobile', regions: regions(spec) });
/** Regions with the box and, separately, what they paint (`ink`). */
const inked = (spec: Record<string, [[number, number, number, number], [number, number, number, number] | null]>) => record({
  viewport: 'mobile',
  regions: Object.fromEntries(Object.entries(spec).map(([n, [b, i]]) => [n, { selector: `[data-region=${n}]`, count: 1, box: box(...b), ink: i ? box(...i) : null }])),
});

testCheck(check, {
  valid: [
    { name: 'stacked regions 16 px apart', units: [r({ a: [0, 0, 390, 100], b: [0, 116, 390, 100] })] },
    { name: 'diagonal regions are not adjacent', units: [r({ a: [0, 0, 100, 100], b: [102, 102, 100, 100] })] },
    { name: 'overlapping and nested regions are left to overlap', units: [r({ a: [0, 0, 390, 100], b: [0, 50, 390, 100], c: [10, 10, 20, 20] })] },
    { name: 'a smaller px option', units: [r({ a: [0, 0, 390, 100], b: [0, 104, 390, 100] })], options: { px: 4 } },
    { name: 'stacked sections whose boxes touch but whose content sits 48 px apart', units: [inked({ a: [[0, 0, 390, 400], [16, 24, 358, 352]], b: [[0, 400, 390, 400], [16, 424, 358, 100]] })] },
    { name: 'a region that paints nothing has no edge to crowd', units: [inked({ a: [[0, 0, 390, 100], [0, 0, 390, 100]], b: [[0, 100, 390, 100], null] })] },
    { name: 'only listed pairs', units: [r({ a: [0, 0, 390, 100], b: [0, 102, 390, 100], c: [0, 400, 390, 10] })], options: { pairs: [['a', 'c']] } },
  ],
  invalid: [
    {
      name: 'content of unpainted regions crowding each other, measured between what they paint',
      units: [inked({ a: [[0, 0, 390, 100], [16, 10, 300, 88]], b: [[0, 100, 390, 100], [16, 101, 200, 20]] })],
      findings: [{ severity: 'important', message: 'regions a and b are 3 px apart (vertical)', evidence: { box: box(16, 98, 200, 3), gapPx: 3 } }],
    },
    {
      name: 'collapsed vertical spacing, with the gap box',
      units: [r({ form: [0, 100, 390, 500], summary: [0, 602, 390, 200] })],
      findings: [{ severity: 'important', message: 'regions form and summary are 2 px apart (vertical), less than 8 px', evidence: { box: box(0, 600, 390, 2), gapPx: 2 } }],
    },
    {
      name: 'listed stacked regions sharing a sub-pixel sliver are flush (0 px apart), not overlapping',
      units: [r({ header: [0, 0, 390, 80.4], hero: [0, 80, 390, 400] })], options: { pairs: [['header', 'hero']] },
      findings: [{ severity: 'important', message: 'regions header and hero are 0 px apart (vertical)' }],
    },
    {
      name: 'listed columns sharing a 0.5 px sliver sit side by side (horizontal), not one above the other',
      units: [r({ left: [0, 0, 200.5, 300], right: [200, 0, 190, 300] })], options: { pairs: [['left', 'right']] },
      findings: [{ severity: 'important', message: 'regions left and right are 0 px apart (horizontal)' }],
    },
    {
      name: 'side-by-side regions touching',
      units: [r({ left: [0, 0, 200, 100], right: [200, 20, 190, 100] })], severity: 'polish',
      findings: [{ severity: 'polish', message: '0 px apart (horizontal)', evidence: { box: box(200, 20, 0, 80) } }],
    },
  ],
});
