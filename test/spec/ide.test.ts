// Authoring specs in an editor, as a user sees it: the real yaml-language-server (what VS Code's
// YAML extension runs) over LSP, in a project made by `veval init`, with the `yaml.schemas` settings
// init wrote to .vscode/settings.json — so a spec in a subfolder validates without a modeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { YamlLsp } from '../helpers/lsp.js';
import { CHECK_IDS } from '../../src/checks/registry.js';
import { runCli, tmpDir, writeTree } from '../helpers/tmp.js';

const LINES = [
  'route: /',
  'bogus: 1',
  '',                               // completion at the top level
  'checks:',
  '  overflow: warn',
  '  overflw: true',
  '  ',                             // completion inside checks:
  'viewports:',
  '  - name: phone',
  '    width: wide',
  '    height: 700',
  'states:',
  '  - name: menu',
  '    steps:',
  '      - clack: "#menu"',
  '      - wait: 300',              // hover: the step's own example
  '      - ',                       // completion inside a step
];
const SPEC = LINES.join('\n');
const line = (text: string) => LINES.indexOf(text);

test('yaml-language-server over LSP: completion, hover and diagnostics name what they are and what is valid', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': '{"name":"app","version":"1.0.0"}', 'index.html': '<h1>hi</h1>' });
  assert.equal(runCli(['init', '--ci', 'none'], dir).code, 0);
  const settings = JSON.parse(fs.readFileSync(path.join(dir, '.vscode/settings.json'), 'utf8'));
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, '.vscode/extensions.json'), 'utf8')).recommendations, ['redhat.vscode-yaml']);
  const file = path.join(dir, 'specs', 'flows', 'menu.yaml');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, SPEC);
  const lsp = new YamlLsp();
  try {
    await lsp.start(dir, { schemas: settings['yaml.schemas'] });
    const diags = await lsp.open(file, SPEC);
    const at = (line: number) => diags.filter((d) => d.range.start.line === line).map((d) => d.message);
    assert.deepEqual(at(line('bogus: 1')), ['Property bogus is not allowed.'], 'an unknown key');
    assert.match(at(line('  overflw: true')).join('\n'), /not a check id; the check ids are axe, console, .*overflow/, 'a misspelt check id names the valid ids');
    assert.match(at(line('  overflow: warn')).join('\n'), /checks\.overflow: expected one of blocker, important, polish; true or false; or options \{/, 'a wrong check value names the valid ones');
    assert.match(at(line('      - clack: "#menu"')).join('\n'), /a step is one of: click, fill, press, hover, select, check, uncheck, scroll, waitFor, wait/, 'a wrong step verb');
    assert.deepEqual(at(line('    width: wide')), ['Incorrect type. Expected "integer".'], 'a string where a number belongs');
    assert.ok(!diags.some((d) => /object\(veval spec\)/.test(d.message)));

    const top = await lsp.completion(file, line(''), 0);
    for (const k of ['name', 'brief', 'required', 'regions', 'parity', 'judge', 'gate']) assert.ok(top.some((i) => i.label === k), `top-level completion offers ${k}`);
    assert.ok(!top.some((i) => i.label === 'route'), 'a key already there is not offered again');
    const route = top.find((i) => i.label === 'required')!;
    assert.match(JSON.stringify(route.documentation), /Example:/);

    const checks = await lsp.completion(file, line('  '), 2);
    // every check id from the registry but overflow, which the file already has
    assert.deepEqual(checks.map((i) => i.label).filter((l) => /^[a-z-]+$/.test(l)).sort(), CHECK_IDS.filter((id) => id !== 'overflow'));

    const step = await lsp.completion(file, line('      - '), 8);
    const labels = step.map((i) => i.label);
    for (const verb of ['click', 'fill', 'press', 'hover', 'select', 'check', 'uncheck', 'scroll', 'waitFor', 'wait']) {
      assert.ok(labels.includes(`step: ${verb}`), `step completion names step: ${verb}`);
      assert.ok(labels.includes(`${verb} step`), `a ${verb} snippet`);
    }
    assert.ok(!labels.some((l) => /object\(/.test(l)), 'no "object(veval spec)" items');
    assert.match(step.find((i) => i.label === 'fill step')!.insertText!, /fill:\n\s+selector: \$\{1:#field\}\n\s+value: \$\{2:text\}/);

    const hover = await lsp.hover(file, 0, 2);
    assert.match(hover, /^#### route\n/);
    assert.match(hover, /Example:\n```yaml\nroute: \/checkout\/payment/);
    const hoverChecks = await lsp.hover(file, line('checks:'), 2);
    assert.match(hoverChecks, /^#### checks\n/);
    // the wait step's hover shows the step (a number of ms), not the spec-level wait: { for: … }
    const hoverWait = await lsp.hover(file, line('      - wait: 300'), 9);
    assert.match(hoverWait, /Example:\n```yaml\n- wait: 300\n```/, hoverWait);
    assert.doesNotMatch(hoverWait, /for: selector/);
  } finally {
    await lsp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
