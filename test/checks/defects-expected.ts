// What each defect fixture page (test/fixtures/defects) must produce: per spec, the
// "check severity state-viewport" of every finding and what its message must say (clean-* pages:
// nothing). Used by test/checks/e2e-defects.test.ts and scripts/precision.ts.
import path from 'node:path';
import type { Route } from '../../src/core/static-server.js';
import { REPO } from '../helpers/tmp.js';

export const DEFECTS_DIR = path.join(REPO, 'test', 'fixtures', 'defects');
const BOTH = ['desktop', 'mobile'];
const at = (check: string, severity: string, viewports: string[], state = 'default', message?: RegExp) =>
  viewports.map((vp) => ({ key: `${check} ${severity} ${state}-${vp}`, message }));

/** Per spec: "check severity state-viewport" of every finding, and what its message must say. */
export const EXPECTED: Record<string, { key: string; message?: RegExp }[]> = {
  'sticky-summary': at('required-visible', 'blocker', ['mobile'], 'default', /covered by "aside\.summary" over 8 px/),
  'cookie-banner': at('required-visible', 'blocker', BOTH, 'default', /covered by "#cookie-banner"/),
  'modal-behind': at('required-visible', 'blocker', BOTH, 'default', /covered by "main"/),
  'offscreen-cta': at('required-visible', 'blocker', BOTH, 'default', /400 px left of the viewport/),
  'menu-clipped': [...at('required-visible', 'blocker', BOTH, 'menu-open', /clipped by "section\.card"/), ...at('text-clipped', 'important', BOTH, 'menu-open')],
  'mobile-overflow': at('overflow', 'blocker', ['mobile'], 'default', /"table" by \d+ px, "a" by \d+ px/),
  'overlapping-regions': at('overlap', 'blocker', BOTH, 'default', /regions promo and signup overlap by \d+×40 px/),
  'collapsed-spacing': at('min-gap', 'important', BOTH, 'default', /regions form and summary are 2 px apart \(vertical\)/),
  'button-nowrap': at('text-clipped', 'important', BOTH, 'default', /"button\.next".*"Continue to payment"/),
  'rtl-overflow': at('overflow', 'blocker', ['mobile'], 'default', /"table\.orders" by \d+ px stick out past the left edge/),
  'ghost-overlay': at('required-visible', 'blocker', BOTH, 'default', /required "#subscribe" is not fully visible .*covered by "div\.fade"/),
  'faded-out': [...at('required-visible', 'blocker', ['desktop'], 'default', /#trial.*opacity 0/), ...at('required-visible', 'blocker', ['desktop'], 'default', /Cancel anytime.*its text colour is transparent/)],
  'pseudo-overlay': at('required-visible', 'blocker', BOTH, 'default', /covered by "section\.hero::before"/),
  'link-button-spill': at('text-clipped', 'important', BOTH, 'default', /"a\.btn\.buy" runs \d+ px out of its box .*"In den Warenkorb legen"/),
  // the word also leaves the card it is printed on: the card's edge cuts through it on screen
  'long-words': [...at('overflow', 'blocker', ['mobile'], 'default', /: "h2" by \d+ px stick out past the right edge/), ...at('text-clipped', 'important', ['mobile'], 'default', /text in "h2" runs \d+ px out of "div\.card"/)],
  'field-covered': at('required-visible', 'blocker', ['desktop'], 'default', /"#message".*covered by "button\.chat-bubble"/),
  'clipped-button-label': at('text-clipped', 'important', BOTH, 'default', /"button\.pay".*"Pay €1,249\.00 now"/),
  'mobile-reordered-cta': at('task-order', 'important', ['mobile'], 'default', /cta comes before pitch/),
  'form-no-error': at('required-visible', 'blocker', BOTH, 'empty-submit', /not present/),
  'missing-labels': at('axe', 'blocker', BOTH, 'default', /axe label \(critical\)/),
  'low-contrast': at('axe', 'blocker', BOTH, 'default', /axe color-contrast \(serious\)/),
  'skipped-headings': at('axe', 'important', BOTH, 'default', /axe heading-order/),
  'no-main': [...at('axe', 'important', BOTH, 'default', /landmark-one-main/), ...at('axe', 'important', BOTH, 'default', /axe region/)],
  'script-error': [...at('console', 'blocker', BOTH, 'default', /uncaught exception: "window\.initGallery is not a function"/), ...at('requests', 'important', BOTH, 'default', /image request answered HTTP 404/)],
  'blank-bundle': [...at('renders', 'blocker', BOTH, 'default', /blank page: .*likely cause: its own script \/assets\/index-3f9a1c\.js failed to load \(HTTP 404\)/), ...at('requests', 'blocker', BOTH, 'default', /script request answered HTTP 404: \/assets\/index-3f9a1c\.js/),
    // an empty body has no main landmark and no h1 either: axe says so
    ...at('axe', 'important', BOTH, 'default', /landmark-one-main/), ...at('axe', 'important', BOTH, 'default', /page-has-heading-one/)],
  'third-party-404': at('requests', 'important', BOTH, 'default', /script request failed .*http:\/\/127\.0\.0\.2:9\/widget\.js/),
  'server-error': at('http-status', 'blocker', BOTH, 'default', /HTTP 500/),
  'clean-fixed-header': [], 'clean-modal': [], 'clean-animated-hero': [], 'clean-landing': [], 'clean-shapes': [], 'clean-rtl': [], 'clean-fields': [], 'clean-dynamic': [], 'clean-fractional': [], 'clean-code-listing': [],
};

/** The test server answers /status/500 with a 500 (the server-error page). */
export const DEFECT_ROUTES: Route[] = [(req, res) => {
  if (req.url !== '/status/500') return false;
  res.writeHead(500, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>Error</title><main><h1>Server error</h1></main></html>');
  return true;
}];
