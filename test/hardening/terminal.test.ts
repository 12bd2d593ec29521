// Page text printed to a terminal or CI log is one line without control characters or escape
// sequences: a page cannot forge GitHub Actions workflow commands (`::error::`, `::add-mask::`),
// Azure logging commands, colours, hyperlinks or a cleared screen in veval's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runCliAsync } from './helpers.js';
import { forTerminal } from '../../src/report/terminal.js';

const FORGED = 'first\n::error title=forged::veval PASS\n::add-mask::x';

test('forTerminal: one line, no control characters, no escape sequences, no CI command markers', () => {
  assert.equal(forTerminal(FORGED), 'first ::error title=forged::veval PASS ::add-mask::x');
  assert.equal(forTerminal('::error::x'), ': :error::x', 'a command marker at the start is broken');
  assert.equal(forTerminal('  ::warning::x'), '  : :warning::x');
  assert.equal(forTerminal('a\r\nb\u2028c\u2029d\u0085e\u000bf\u000cg\th'), 'a b c d e f g h');
  assert.equal(forTerminal('\u001b[31mred\u001b[0m \u001b[2J\u001b[Hclear'), 'red clear', 'CSI removed');
  assert.equal(forTerminal('\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007'), 'link', 'OSC 8 hyperlink removed (BEL)');
  assert.equal(forTerminal('\u001b]0;title\u001b\\x'), 'x', 'OSC ended by ST removed');
  assert.equal(forTerminal('\u009b31mC1\u009d0;t\u009cx'), 'C1x', 'C1 CSI and OSC removed');
  assert.equal(forTerminal('a\u0000b\u0007c\u007fd\u0080e\u001b'), 'abcde', 'C0, DEL, C1, lone ESC removed');
  assert.equal(forTerminal('pay \u202eevil\u202c \u2066x\u2069 \u200bz\u200f\ufeff'), 'pay evil x z', 'bidi overrides, isolates, marks and zero-width removed');
  assert.equal(forTerminal('echo ##vso[task.setvariable variable=x]1 ##[error]y'), 'echo # #vso[task.setvariable variable=x]1 # #[error]y');
  assert.equal(forTerminal('x'.repeat(5000)).length, 2000, 'a huge value is clipped');
  assert.equal(forTerminal(null), '');
  assert.equal(forTerminal('plain text — ünïcødé ✓'), 'plain text — ünïcødé ✓', 'ordinary text unchanged');
});

const page = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>
<body><main><h1>Shop</h1><p>hello</p><script>${script}</script></main></body></html>`;

test('terminal: a page console error forging workflow commands puts no line starting with :: on stdout or stderr', async () => {
  const dir = tmpDir('veval-term-');
  try {
    const hostile = `console.error(${JSON.stringify(FORGED)}); console.error(${JSON.stringify('\u001b]8;;http://x\u0007\u001b[2Jcleared\r::warning::w')});`;
    writeTree(dir, {
      'visual-eval.config.yaml': 'server: { static: site }\nviewports:\n  desktop: { width: 640, height: 480 }\njudge: { mode: off }\n',
      'site/index.html': page(hostile),
      // a required text the page lacks: its message echoes spec text into the findings and reasons
      'specs/home.yaml': `route: /index.html\nrequired:\n  - text: ${JSON.stringify('nope\n::error::from-spec')}\n`,
    });
    const r = await runCliAsync(['run'], dir, { OPENAI_API_KEY: '' });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /console {2}.*first ::error title=forged::veval PASS ::add-mask::x.* {2}in 1 capture: home\/default @ desktop/, 'the console error is shown, folded to one line');
    for (const [name, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
      const bad = text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).filter((l) => /^\s*(::|##\[|##vso\[)/.test(l));
      assert.deepEqual(bad, [], `${name} has a line a CI runner reads as a command`);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, `${name} holds a control character or escape sequence`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
