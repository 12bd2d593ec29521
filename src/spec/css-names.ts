// The pseudo-classes and pseudo-elements Chromium's querySelectorAll accepts (checked against the
// Chromium in test/spec/selectors.test.ts). css-what parses any name, so names are checked here.

/** Pseudo-classes written without arguments. before/after/first-line/first-letter: the legacy
 *  one-colon pseudo-elements. The scrollbar ones (horizontal … window-inactive) parse too. */
export const PSEUDO_CLASSES = new Set([
  'active', 'any-link', 'autofill', '-webkit-autofill', 'checked', 'default', 'defined', 'disabled', 'empty', 'enabled',
  'first-child', 'first-of-type', 'focus', 'focus-visible', 'focus-within', 'fullscreen', '-webkit-full-screen', 'future',
  'host', 'hover', 'in-range', 'indeterminate', 'invalid', 'last-child', 'last-of-type', 'link', 'modal', 'only-child',
  'only-of-type', 'open', 'optional', 'out-of-range', 'past', 'picture-in-picture', 'placeholder-shown', 'popover-open',
  'read-only', 'read-write', 'required', 'root', 'scope', 'target', 'user-invalid', 'user-valid', 'valid', 'visited',
  '-webkit-any-link', '-webkit-drag', 'xr-overlay', 'current', 'active-view-transition', 'target-current',
  'interest-source', 'interest-target', '-webkit-full-page-media',
  'horizontal', 'vertical', 'decrement', 'increment', 'start', 'end', 'double-button', 'single-button', 'no-button',
  'corner-present', 'window-inactive',
  'before', 'after', 'first-line', 'first-letter',
]);

/** Pseudo-classes that take an argument, by the kind of argument. */
export const PSEUDO_CLASS_FUNCTIONS: Record<string, 'selectors' | 'relative' | 'forgiving' | 'nth' | 'nth-of' | 'ident'> = {
  not: 'selectors', host: 'selectors', 'host-context': 'selectors', '-webkit-any': 'selectors',
  has: 'relative',
  is: 'forgiving', where: 'forgiving',           // invalid parts are dropped, even an empty list is valid
  'nth-child': 'nth-of', 'nth-last-child': 'nth-of', 'nth-of-type': 'nth', 'nth-last-of-type': 'nth',
  lang: 'ident', dir: 'ident', state: 'ident', 'active-view-transition-type': 'ident',
};

export const PSEUDO_ELEMENTS = new Set([
  'before', 'after', 'first-line', 'first-letter', 'selection', 'placeholder', 'marker', 'backdrop', 'file-selector-button',
  '-webkit-file-upload-button', 'cue', 'target-text', 'spelling-error', 'grammar-error', 'details-content', 'column',
  'scroll-marker', 'scroll-marker-group', 'picker-icon', 'checkmark', 'search-text', 'view-transition',
]);
export const PSEUDO_ELEMENT_FUNCTIONS = new Set([
  'cue', 'part', 'slotted', 'highlight', 'view-transition-group', 'view-transition-image-pair', 'view-transition-old', 'view-transition-new',
]);

/** Playwright's own pseudo-classes (locators in steps and wait.selector), any argument. */
export const PLAYWRIGHT_PSEUDO = new Set(['has-text', 'text', 'text-is', 'text-matches', 'visible', 'nth-match', 'left-of', 'right-of', 'above', 'below', 'near']);
/** Playwright selector engines, written `engine=body`. */
export const PLAYWRIGHT_ENGINES = new Set(['css', 'text', 'xpath', 'id', 'data-testid', 'data-test-id', 'data-test', 'role', 'nth', 'visible', 'internal:control', '_react', '_vue']);

/** Things people write from jQuery or other tools; a hint says what to write instead. */
export const PSEUDO_HINTS: Record<string, string> = {
  contains: 'CSS has no :contains(); use text: in required, or :has-text() in a step',
  first: 'write :first-child or :first-of-type',
  last: 'write :last-child or :last-of-type',
  eq: 'write :nth-child(n) or :nth-of-type(n)',
  checkbox: 'write [type=checkbox]',
  radio: 'write [type=radio]',
  visible: ':visible is Playwright syntax, for steps only',
  'has-text': ':has-text() is Playwright syntax, for steps only; use text: in required',
  text: ':text() is Playwright syntax, for steps only; use text: in required',
};
