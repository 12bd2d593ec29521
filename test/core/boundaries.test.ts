// Import boundaries over src/, like Playwright's per-folder DEPS.list: which folders a folder may
// import at run time (a static import, an `export … from` or an `import()`); type-only imports are
// free, but no import of any kind may close a cycle; process.exit is called in src/cli/main.ts only.
// A new folder under src/ must be declared here. A key with a slash is a room inside a folder
// (src/parity/store/, …: src/parity/README.md), ruled apart from the rest of its folder. The last
// tests prove the rules can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/tmp.js';

const SRC = path.join(REPO, 'src');

/** Folder → the folders its files may import at run time ('.' is src/index.ts and src/pipeline.ts, the library). */
const DEPS: Record<string, string[] | '*'> = {
  core: [],                                               // artifacts, run folders, errors, files
  spec: ['core', 'checks', 'steps'],                      // each check's and step verb's option schema
  steps: ['core', 'spec'],
  checks: ['core', 'parity/store'],                       // the baselines and debt a check reads
  'parity/store': ['core', 'spec'],                       // baselines on disk: what the other stages may read
  'parity/compare': ['core', 'spec', 'parity/store'],     // the comparators
  'parity/approve': ['core', 'spec', 'parity/store'],     // writing baselines: veval approve, review, MCP
  parity: ['core', 'spec', 'parity/store', 'parity/compare', 'parity/approve'], // the stage (index.ts)
  capture: ['core', 'spec', 'checks', 'parity/store', 'steps'], // checks: what to gather, asked by artifact
  judge: ['core', 'spec', 'parity/store'],
  gate: ['core', 'spec', 'checks', 'parity/store'],       // never report: the gate decides, reporters render
  report: ['core'],                                       // report.json only: never the gate, a check or a stage
  look: ['.', 'core', 'spec', 'steps'],
  '.': ['core', 'spec', 'capture', 'checks', 'parity', 'parity/store', 'judge', 'gate', 'report', 'look'],
  demo: ['.', 'core', 'spec', 'cli'],
  mcp: ['.', 'core', 'spec', 'judge', 'look', 'gate', 'report', 'parity/store', 'parity/approve', 'cli'],
  review: ['core', 'report', 'parity/store', 'parity/approve'], // parity/approve: approve is `veval approve`'s, one code path
  cli: '*',
};
/** File-level exceptions, each with its reason. */
const ALLOWED: [from: string, to: string, why: string][] = [
  ['core/artifact-schemas.ts', 'gate/report-schema.ts', 'the one registry of artifact schemas includes report.json\'s'],
  ['core/artifact-schemas.ts', 'spec/schema.ts', 'every published schema is written by toJsonSchema'],
  ['look/index.ts', 'cli/select.ts', 'a look narrows its plan with the CLI\'s --viewport selection'],
  ['look/index.ts', 'gate/policy.ts', 'a look\'s verdict is the gate\'s policy, never a rule of its own'],
];

interface Edge { from: string; to: string; typeOnly: boolean }
const ROOMS = Object.keys(DEPS).filter((k) => k.includes('/'));
/** The folder (or room) a file is ruled by: src/parity/store/png.ts → parity/store, src/parity/index.ts → parity. */
const folderOf = (rel: string) => ROOMS.find((r) => rel.startsWith(`${r}/`)) ?? (rel.includes('/') ? rel.split('/')[0] : '.');

/** The relative imports of one file (path relative to src). Comment lines are skipped. */
export function importsOf(rel: string, text: string): Edge[] {
  const code = text.split('\n').filter((l) => !/^\s*(\/\/|\/\*|\*)/.test(l)).join('\n');
  const out: Edge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return;
    out.push({ from: rel, to: path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)).replace(/\.js$/, '.ts'), typeOnly });
  };
  for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)) {
    const names = m[2].trim();
    const allTypes = /^\{[\s\S]*\}$/.test(names) && names.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '));
    add(m[3], !!m[1] || allTypes);
  }
  for (const m of code.matchAll(/(typeof\s+)?\bimport\(\s*'([^']+)'\s*\)/g)) add(m[2], !!m[1]);
  for (const m of code.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g)) add(m[1], false);
  return out;
}

function sources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of fs.readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.ts')) continue;
    const abs = path.join(e.parentPath, e.name);
    out.set(path.relative(SRC, abs).split(path.sep).join('/'), fs.readFileSync(abs, 'utf8'));
  }
  return out;
}

/** Every rule the edges break, in words. */
export function violations(edges: Edge[]): string[] {
  const bad: string[] = [];
  for (const e of edges) {
    const [from, to] = [folderOf(e.from), folderOf(e.to)];
    const deps = DEPS[from];
    if (!deps) { bad.push(`src/${from}/ is not declared in DEPS (test/core/boundaries.test.ts)`); continue; }
    if (e.typeOnly || from === to || deps === '*' || deps.includes(to)) continue;
    if (ALLOWED.some(([f, t]) => f === e.from && t === e.to)) continue;
    bad.push(`${e.from} imports ${e.to} at run time: src/${from}/ may import only ${deps.join(', ') || 'nothing else'}`);
  }
  // cycles over every import (type-only and dynamic included): depth-first, one report per cycle
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open'); stack.push(f);
    for (const t of next.get(f) ?? []) {
      if (state.get(t) === 'open') bad.push(`import cycle: ${[...stack.slice(stack.indexOf(t)), t].join(' → ')}`);
      else if (!state.has(t)) visit(t);
    }
    stack.pop(); state.set(f, 'done');
  };
  for (const f of [...next.keys()].sort()) if (!state.has(f)) visit(f);
  return [...new Set(bad)];
}

const graph = (files: Map<string, string>) => [...files].flatMap(([rel, text]) => importsOf(rel, text));

test('src keeps its import boundaries and has no import cycle', () => {
  const files = sources();
  assert.ok(files.size > 100, `read ${files.size} files`);
  assert.deepEqual(violations(graph(files)), []);
});

test('process.exit is called in src/cli/main.ts only', () => {
  const callers = [...sources()].filter(([, text]) => /\bprocess\.exit\s*\(/.test(text.split('\n').filter((l) => !/^\s*(\/\/|\*)/.test(l)).join('\n'))).map(([rel]) => rel);
  assert.deepEqual(callers, ['cli/main.ts']);
});

test('the boundary test fails when a reporter imports the gate at run time, and not for a type-only import', () => {
  const files = sources();
  const junit = files.get('report/junit.ts')!;
  const withImport = (line: string) => graph(new Map([...files, ['report/junit.ts', `${line}\n${junit}`]]));
  assert.deepEqual(violations(withImport("import { decide } from '../gate/policy.js';")),
    ['report/junit.ts imports gate/policy.ts at run time: src/report/ may import only core']);
  assert.deepEqual(violations(withImport("const { gateRun } = await import('../gate/index.js');")),
    ['report/junit.ts imports gate/index.ts at run time: src/report/ may import only core']);
  assert.deepEqual(violations(withImport("import type { Verdict } from '../gate/policy.js';")), []);
  assert.deepEqual(violations(withImport("import { type Verdict, type PolicyInput } from '../gate/policy.js';")), []);
});

test('the boundary test fails on a type-only cycle and on an undeclared folder', () => {
  const files = sources();
  const types = files.get('parity/store/types.ts')!;
  const cyclic = new Map([...files, ['parity/store/types.ts', `import type { DebtFile } from './a11y-debt.js';\n${types}`]]);
  // the cycle this repository had (parity types → a11y-debt → baselines → types), brought back by one
  // type import; where the search enters the cycle depends on what else imports its files, so the
  // cycle is compared from its first file in name order
  const rotated = (files: string[]) => { const i = files.indexOf([...files].sort()[0]); return [...files.slice(i), ...files.slice(0, i)].join(' → '); };
  const found = violations(graph(cyclic));
  const cycles = found.filter((v) => v.startsWith('import cycle: ')).map((v) => rotated(v.slice('import cycle: '.length).split(' → ').slice(0, -1)));
  assert.ok(cycles.includes(rotated(['parity/store/types.ts', 'parity/store/a11y-debt.ts', 'parity/store/baselines.ts'])), found.join('\n'));
  const stray = new Map([...files, ['widgets/x.ts', "import { files } from '../core/run.js';\n"]]);
  assert.deepEqual(violations(graph(stray)), ['src/widgets/ is not declared in DEPS (test/core/boundaries.test.ts)']);
});

test('capture and checks import only the baseline store of parity/, and the store imports no comparator', () => {
  const files = sources();
  const withFile = (rel: string, line: string) => violations(graph(new Map([...files, [rel, `${line}\n`]])));
  assert.deepEqual(withFile('capture/x.ts', "import { compareImages } from '../parity/compare/pixel-diff.js';"),
    ['capture/x.ts imports parity/compare/pixel-diff.ts at run time: src/capture/ may import only core, spec, checks, parity/store, steps']);
  assert.deepEqual(withFile('checks/x.ts', "const { approve } = await import('../parity/approve/promote.js');"),
    ['checks/x.ts imports parity/approve/promote.ts at run time: src/checks/ may import only core, parity/store']);
  assert.deepEqual(withFile('checks/x.ts', "import { runParity } from '../parity/index.js';"),
    ['checks/x.ts imports parity/index.ts at run time: src/checks/ may import only core, parity/store']);
  assert.deepEqual(withFile('parity/store/x.ts', "import { layoutOf } from '../compare/layout.js';"),
    ['parity/store/x.ts imports parity/compare/layout.ts at run time: src/parity/store/ may import only core, spec']);
  assert.deepEqual(withFile('capture/x.ts', "import { decodePng } from '../parity/store/png.js';"), []);
});

test('approve is one entry: from outside parity/approve/ only its index.ts is imported', () => {
  const inside = (f: string) => f.startsWith('parity/approve/');
  const edges = graph(sources()).filter((e) => inside(e.to) && !inside(e.from) && !e.typeOnly);
  assert.ok(edges.length >= 4, `the CLI, review, MCP and the stage call it: ${edges.map((e) => e.from).join(', ')}`);
  assert.deepEqual(edges.filter((e) => e.to !== 'parity/approve/index.ts').map((e) => `${e.from} imports ${e.to}`), []);
});

