// veval init writes the MCP client configurations (Claude Code's .mcp.json, Cursor's
// .cursor/mcp.json, VS Code's .vscode/mcp.json) and the AGENTS.md done rule — under init's rules:
// the user's own servers are kept, what the user removed is not re-added, --force writes it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runMain } from '../helpers/cli.js';

const NODE = { command: 'node', args: ['node_modules/veval-cli/dist/cli/main.js', 'mcp'] };
const read = (dir: string, rel: string) => JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));

test('init writes .mcp.json, .cursor/mcp.json and .vscode/mcp.json in the formats those clients read, and the done rule', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'package.json': JSON.stringify({ name: 'app' }), 'package-lock.json': '{}' });
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  // node itself, whatever the manager: nothing but the protocol reaches stdout (issue 47)
  assert.deepEqual(read(dir, '.mcp.json'), { mcpServers: { veval: NODE } });
  assert.deepEqual(read(dir, '.cursor/mcp.json'), { mcpServers: { veval: NODE } });
  assert.deepEqual(read(dir, '.vscode/mcp.json'), { servers: { veval: { type: 'stdio', ...NODE } } });
  const agents = fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8');
  assert.match(agents, /a UI change is done only when `veval verify` passes for the current working tree, and your\s+done message includes the checklist answers with the capture files they rest on/);
  assert.match(agents, /`approve` tool, with\s+`confirm: true`/);
});

test('init merges veval into the user\'s own MCP config, keeps what they changed, and starts veval with node in a pnpm project too', async () => {
  const dir = tmpDir();
  writeTree(dir, {
    'package.json': JSON.stringify({ name: 'app' }), 'pnpm-lock.yaml': 'lockfileVersion: 9\n',
    '.mcp.json': JSON.stringify({ mcpServers: { mine: { command: 'my-server' } } }),
    '.cursor/mcp.json': '{ // my comments stay\n "mcpServers": {} }',
    '.vscode/mcp.json': '{ "servers": ',
  });
  const r = await runMain(['init'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(read(dir, '.mcp.json'), { mcpServers: { mine: { command: 'my-server' }, veval: NODE } });
  assert.match(r.stdout, /updated \.mcp\.json/);
  // JSON with comments gets veval added, its comment kept; a file that is not JSON is left alone
  assert.match(r.stdout, /updated +\.cursor\/mcp\.json/);
  assert.match(fs.readFileSync(path.join(dir, '.cursor/mcp.json'), 'utf8'), /^\{ \/\/ my comments stay\n "mcpServers": \{\n {2,}"veval": \{/);
  assert.match(r.stdout, /kept +\.vscode\/mcp\.json \(not a JSON object/);
  fs.rmSync(path.join(dir, '.vscode/mcp.json'));
  assert.equal((await runMain(['init', '--force'], dir)).code, 0);
  // the user removes veval from .vscode/mcp.json and deletes .mcp.json's entry: a second init leaves both alone
  fs.writeFileSync(path.join(dir, '.vscode/mcp.json'), JSON.stringify({ servers: {} }));
  const again = await runMain(['init'], dir);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(read(dir, '.vscode/mcp.json'), { servers: {} });
  assert.match(again.stdout, /(kept|skipped) +\.vscode\/mcp\.json/);
  const forced = await runMain(['init', '--force'], dir);
  assert.equal(forced.code, 0, forced.stderr);
  assert.deepEqual(read(dir, '.vscode/mcp.json'), { servers: { veval: { type: 'stdio', ...NODE } } });
});
