// The README says what `veval validate` prints when the project is valid, and it prints that: an
// `ok:` line naming what it checked (a silent exit cannot be told from a run that found no spec).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runMain } from '../helpers/cli.js';
import { REPO, tmpDir, writeTree } from '../helpers/tmp.js';

test('validate on a valid project prints the ok line the README promises (issue 55)', async () => {
  const dir = tmpDir('veval-validate-');
  writeTree(dir, { 'visual-eval.config.yaml': 'baseURL: http://127.0.0.1:9\n', 'specs/home.yaml': 'route: /\n' });
  const r = await runMain(['validate'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^ok: 1 spec\(s\) valid \(2 capture units\)/);
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  assert.doesNotMatch(readme, /validate`? until it prints nothing/);
  assert.match(readme, /`veval validate` until it prints `ok: N spec\(s\) valid/);
});
