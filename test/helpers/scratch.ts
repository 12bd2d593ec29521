// A scratch copy of the sources (src, scripts, schema, docs, test, package.json, tsconfigs) with
// node_modules linked, for tests that extend veval the way a contributor would — add files, run
// `npm run schema` — and prove nothing else had to change. Removed with the test's temp folders.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, TSX, tmpDir, writeTree, type CliResult } from './tmp.js';

const COPIED = ['src', 'scripts', 'schema', 'docs', 'test', 'package.json', 'tsconfig.json', 'tsconfig.all.json'];

export interface Scratch {
  root: string;
  /** writes files under the copy; their paths are the only hand edits allowed */
  add(tree: Record<string, string>): void;
  /** `npm run schema` in the copy (scripts/gen-schema.ts); returns the files it says it wrote */
  regenerate(): string[];
  /** files that differ from the checkout (added, changed or removed), relative to the copy */
  changed(): string[];
  /** the copy's CLI (src/cli/main.ts through tsx) in cwd */
  cli(args: string[], cwd: string, env?: Record<string, string>): CliResult;
  /** node --test on test files of the copy */
  test(files: string[]): CliResult;
  /** add(tree), then regenerate(): the other files that changed, and those of them npm run schema did not write (a hand edit would be needed: must be []) */
  extend(tree: Record<string, string>): { edited: string[]; unexplained: string[] };
}

const hashes = (root: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const top of COPIED) {
    const abs = path.join(root, top);
    if (!fs.existsSync(abs)) continue;
    const files = fs.statSync(abs).isDirectory() ? fs.readdirSync(abs, { recursive: true }).map((f) => path.join(top, String(f))) : [top];
    for (const rel of files) {
      const file = path.join(root, rel);
      if (fs.statSync(file).isFile()) out.set(rel.split(path.sep).join('/'), crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  }
  return out;
};

export function scratchCopy(): Scratch {
  const root = tmpDir('veval-scratch-');
  for (const rel of COPIED) fs.cpSync(path.join(REPO, rel), path.join(root, rel), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const before = hashes(root);
  const run = (args: string[], cwd: string, env: Record<string, string> = {}): CliResult => {
    // NODE_TEST_CONTEXT would make a nested `node --test` report to this runner instead of printing
    const { NODE_TEST_CONTEXT: _, ...parent } = process.env;
    const r = spawnSync(process.execPath, ['--import', TSX, ...args], { cwd, env: { ...parent, NO_COLOR: '1', CI: 'true', ...env }, encoding: 'utf8', timeout: 240_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const scratch: Scratch = {
    root,
    add: (tree) => writeTree(root, tree),
    extend(tree) {
      scratch.add(tree);
      const wrote = scratch.regenerate();
      const edited = scratch.changed().filter((f) => !(f in tree));
      return { edited, unexplained: edited.filter((f) => !wrote.includes(f)) };
    },
    regenerate() {
      const r = run([path.join(root, 'scripts', 'gen-schema.ts')], root);
      if (r.code !== 0) throw new Error(`npm run schema failed in the copy: ${r.stderr}`);
      return r.stdout.split('\n').flatMap((l) => /^wrote (.+)$/.exec(l)?.[1]?.split(', ') ?? []);
    },
    changed() {
      const after = hashes(root);
      return [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f)).sort();
    },
    cli: (args, cwd, env) => run([path.join(root, 'src', 'cli', 'main.ts'), ...args], cwd, env),
    test: (files) => run(['--test', '--test-concurrency=1', ...files.map((f) => path.join(root, f))], root),
  };
  return scratch;
}
