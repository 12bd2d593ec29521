// The real-page suites of test/real/corpus.test.ts in Firefox (issue 42), scored page by page
// against the same ground truth: an entry that holds in one engine only says so (`engines:` in
// the truth file, with what was measured), so every difference between the engines is one that was
// measured and looked at. End to end (npm run test:e2e): minutes longer than the Chromium run.
// Skipped with the reason without firefox-esr or without the corpus.
import fs from 'node:fs';
import { FIREFOX_BROWSERS } from '../../src/capture/browser.js';
import { pageByPage } from './page-by-page.js';

const NO_FIREFOX = FIREFOX_BROWSERS.some((p) => fs.existsSync(p)) ? false
  : 'firefox-esr is not installed (VEVAL_FIREFOX=1 bash scripts/setup.sh, or apt-get install -y firefox-esr)';

pageByPage('firefox', NO_FIREFOX);
