// The real-page scoring in npm test, on a few pages: the same harness and truth files as the whole
// corpus (test/real/corpus.test.ts, the precision tier), on a page per kind of finding — a
// framework page clipped by a hidden overflow and one whose input overlaps, a real page with an
// axe violation, a clean real page, a label cut by an ancestor it does not own (design systems).
// Any difference from the committed truth fails, as there.
import { pageByPage } from './page-by-page.js';

pageByPage('chromium', false, {
  frameworks: ['bootstrap-hidden-overflow', 'bootstrap-input-overlap'],
  'real corpus': ['h5bp-404', 'pico-v1-sign-in'],
  'design systems': ['bootstrap-toolbar'],
});
