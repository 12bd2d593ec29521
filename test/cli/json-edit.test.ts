// init adds its keys to the user's JSON files in the file's own style: only the added lines differ.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addJson, readJsonc, styleOf } from '../../src/cli/init/json-edit.js';

test('addJson: tabs, inline objects and arrays, a comment after the last member, CRLF, an empty object, a missing parent', () => {
  const tabs = '{\n\t"name": "x",\n\t"scripts": {\n\t\t"dev": "astro dev"\n\t},\n\t"[js]": { "a": 1 }\n}\n';
  assert.equal(addJson(tabs, ['scripts', 'eval:visual'], 'veval run'), tabs.replace('"astro dev"\n', '"astro dev",\n\t\t"eval:visual": "veval run"\n'));
  assert.equal(addJson(tabs, ['[js]', 'b'], 2), tabs.replace('{ "a": 1 }', '{ "a": 1, "b": 2 }'));
  assert.equal(addJson('{\n  "recommendations": ["a"]\n}', ['recommendations', '[]'], 'b'), '{\n  "recommendations": ["a", "b"]\n}');
  // JSON with comments (VS Code settings): the comment stays on its line
  const commented = '{\r\n    // editor\r\n    "a": 1 // why\r\n}';
  assert.equal(addJson(commented, ['mcp', 'veval'], { command: 'x' }), '{\r\n    // editor\r\n    "a": 1, // why\r\n    "mcp": {\r\n        "veval": {\r\n            "command": "x"\r\n        }\r\n    }\r\n}');
  assert.equal(addJson('{\n\t"servers": {}\n}\n', ['servers', 'veval'], { type: 'stdio' }), '{\n\t"servers": {\n\t\t"veval": {\n\t\t\t"type": "stdio"\n\t\t}\n\t}\n}\n');
  assert.deepEqual(styleOf('{\n    "a": 1\n}'), { indent: '    ', eol: '\n' });
  assert.deepEqual(readJsonc('{ "a": 1, /* c */ }'), { a: 1 });
  assert.equal(readJsonc('[1]'), null);
  assert.equal(readJsonc('{ "a": '), null);
});
