import assert from 'node:assert/strict';
import { it } from 'node:test';
import { listChecks } from '../../src/checks/list.js';
import { CHECKS } from '../../src/checks/registry.js';

it('veval checks lists every check with its default severity, always-on flag and options', () => {
  const text = listChecks();
  for (const { meta } of CHECKS) {
    const block = text.slice(text.indexOf(`${meta.id} — `));
    assert.ok(text.includes(`${meta.id} — ${meta.title}`), meta.id);
    assert.match(block.split('\n')[0]!, meta.alwaysOn ? /always on/ : meta.defaultEnabled ? /on by default/ : /off by default/);
    for (const opt of Object.keys((meta.options as any).properties ?? {})) assert.match(block, new RegExp(`^ {4}${opt} `, 'm'), `${meta.id} option ${opt}`);
  }
  assert.match(text, /axe — [^\n]*\n {2}default severity: by axe impact/);
  assert.match(text, /overflow — [^\n]*\n {2}default severity: blocker below mobileMaxWidth/);
  assert.match(text, /required-visible — [^\n]*\n {2}default severity: blocker \(cannot be changed\)/);
});
