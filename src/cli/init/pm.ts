// The project's package manager, chosen by evidence (not by which lockfile happens to be first):
// `--pm`, then package.json's `packageManager`, then the lockfile(s), and among several lockfiles
// the one whose manager installed node_modules, else the one that is installed here. Everything
// init writes (server command, CI, MCP configs, AGENTS.md, the hints it prints) says what it chose.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../../core/errors.js';

export const PM_NAMES = ['npm', 'pnpm', 'yarn', 'bun'] as const;
export type PmName = (typeof PM_NAMES)[number];

export interface PackageManager {
  name: PmName;
  /** the lockfile it was told by, or null (then npm, installing without one) */
  lockfile: string | null;
  /** why this manager: one line for the user when the choice was not obvious, else null */
  note: string | null;
  /** the version package.json's `packageManager` pins ("10.34.9"), or null */
  pinned: string | null;
  /** the version installed on this machine, or null when it is not on PATH (not asked for npm) */
  installed: string | null;
  /** Yarn 2+ (berry) */
  berry: boolean;
  /** packages live in node_modules/ (all but Yarn 2+ with Plug'n'Play) */
  nodeModules: boolean;
  /** installs exactly what the lockfile says (CI) */
  install: string;
  /** `run <script>` with arguments passed through to the script */
  run(script: string, args?: string): string;
  /** runs an installed binary of the project (never fetches one) */
  exec(bin: string): string;
  /** shell lines CI needs before `install` (corepack for pnpm and yarn) */
  setup: string[];
  /** the line a user types to add a package as a dev dependency (`name@spec` for yarn and pnpm git URLs) */
  addDev(spec: string, name?: string): string;
}

const LOCKFILES: [string, PmName][] = [
  ['pnpm-lock.yaml', 'pnpm'], ['yarn.lock', 'yarn'], ['bun.lock', 'bun'], ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'], ['npm-shrinkwrap.json', 'npm'],
];

/** What each manager leaves in node_modules when it installs: the evidence of who installed it. */
const INSTALLED_BY: [string, PmName][] = [
  ['node_modules/.package-lock.json', 'npm'], ['node_modules/.modules.yaml', 'pnpm'],
  ['node_modules/.yarn-integrity', 'yarn'], ['node_modules/.yarn-state.yml', 'yarn'], ['.pnp.cjs', 'yarn'],
];

/** The version of `bin` on PATH (its --version), or null when it is not there. Cached per process. */
const versions = new Map<string, string | null>();
export function installedVersion(bin: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const key = `${bin}\0${env.PATH}`;
  if (!versions.has(key)) versions.set(key, probe(bin, env));
  return versions.get(key)!;
}
function probe(bin: string, env: NodeJS.ProcessEnv): string | null {
  const found = (env.PATH ?? '').split(path.delimiter).some((d) => {
    try { fs.accessSync(path.join(d, bin), fs.constants.X_OK); return true; } catch { return false; }
  });
  if (!found) return null;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', env, timeout: 15_000 });
  return r.status === 0 ? /\d+\.\d+\.\d+\S*/.exec(r.stdout)?.[0] ?? null : null;
}
const readPkg = (root: string): Record<string, any> => {
  try { return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')); } catch { return {}; }
};

/** `packageManager: "pnpm@10.34.9+sha512…"` → ['pnpm', '10.34.9']. */
export function parsePackageManagerField(v: unknown): [PmName, string] | null {
  const m = typeof v === 'string' ? /^(npm|pnpm|yarn|bun)@(\d+\.\d+\.\d+[^+]*)/.exec(v) : null;
  return m ? [m[1] as PmName, m[2]] : null;
}

export function detectPackageManager(root: string, flag?: string, env: NodeJS.ProcessEnv = process.env): PackageManager {
  if (flag !== undefined && !(PM_NAMES as readonly string[]).includes(flag)) throw new InputError([`--pm "${flag}": expected ${PM_NAMES.join(', ')}`]);
  const exists = (f: string) => fs.existsSync(path.join(root, f));
  const lockfiles = LOCKFILES.filter(([f]) => exists(f));
  const kinds = [...new Set(lockfiles.map(([, n]) => n))];
  const by = INSTALLED_BY.find(([f]) => exists(f))?.[1] ?? null;
  const field = parsePackageManagerField(readPkg(root).packageManager);
  const change = (n: PmName) => `--pm ${PM_NAMES.filter((x) => x !== n && (kinds.includes(x) || x === 'npm')).join('|') || 'npm'} to change`;

  let name: PmName, note: string | null = null;
  if (flag) name = flag as PmName;
  else if (field) name = field[0];
  else if (kinds.length === 1) {
    name = kinds[0];
    if (!installedVersion(name, env)) note = `${lockfiles[0][0]} says ${name}, which is not installed here (\`corepack enable\` or \`npm i -g ${name}\`); ${change(name)}`;
  } else if (kinds.length > 1) {
    const list = lockfiles.map(([f]) => f).join(' and ');
    const installed = kinds.filter((n) => installedVersion(n, env));
    if (by && kinds.includes(by)) { name = by; note = `two lockfiles (${list}); using ${name} because node_modules was installed by ${name}; ${change(name)}`; }
    else if (installed.length === 1) { name = installed[0]; note = `two lockfiles (${list}); using ${name} because only ${name} is installed here; ${change(name)}`; }
    else { name = kinds[0]; note = `two lockfiles (${list}); using ${name} (${installed.length ? 'both are installed' : 'neither is installed'} and node_modules does not tell); ${change(name)}`; }
  } else name = by ?? 'npm';

  const lockfile = lockfiles.find(([, n]) => n === name)?.[0] ?? null;
  // npm comes with Node: its version is not asked (nothing pins it)
  const installed = name === 'npm' ? null : installedVersion(name, env);
  const pinned = field && field[0] === name ? field[1] : null;
  const major = Number((pinned ?? installed ?? '').split('.')[0]) || null;
  const berry = name === 'yarn' && (exists('.yarnrc.yml') || exists('.pnp.cjs') || exists('node_modules/.yarn-state.yml') || (major !== null && major >= 2));
  let yarnrc = '';
  try { yarnrc = fs.readFileSync(path.join(root, '.yarnrc.yml'), 'utf8'); } catch { /* none */ }
  const nodeModules = !berry || /^nodeLinker:\s*["']?(node-modules|pnpm)/m.test(yarnrc);
  return { name, lockfile, note, pinned, installed, berry, nodeModules, ...commands(name, lockfile, berry) };
}

type Commands = Pick<PackageManager, 'install' | 'run' | 'exec' | 'setup' | 'addDev'>;

function commands(name: PmName, lockfile: string | null, berry: boolean): Commands {
  const pass = (args?: string) => (args ? ` ${args}` : '');
  // a git URL needs the package's name in front for yarn and pnpm (`veval-cli@git+https://…`)
  const named = (spec: string, n?: string) => (n && /^(git\+|https?:|file:)/.test(spec) ? `"${n}@${spec}"` : `"${spec}"`);
  switch (name) {
    case 'pnpm':
      return { install: lockfile ? 'pnpm install --frozen-lockfile' : 'pnpm install', run: (s, a) => `pnpm run ${s}${pass(a)}`, exec: (b) => `pnpm exec ${b}`, setup: ['corepack enable'], addDev: (s, n) => `pnpm add -D ${named(s, n)}` };
    case 'yarn':
      // Yarn 2+ spells the frozen install --immutable, and runs a binary without printing anything of its own
      return {
        install: lockfile ? (berry ? 'yarn install --immutable' : 'yarn install --frozen-lockfile') : 'yarn install',
        run: (s, a) => `yarn run ${s}${pass(a)}`, exec: (b) => `yarn ${b}`, setup: ['corepack enable'], addDev: (s, n) => `yarn add -D ${named(s, n)}`,
      };
    case 'bun':
      return { install: lockfile ? 'bun install --frozen-lockfile' : 'bun install', run: (s, a) => `bun run ${s}${pass(a)}`, exec: (b) => `bun run ${b}`, setup: ['npm install -g bun'], addDev: (s) => `bun add -d "${s}"` };
    default:
      return {
        install: lockfile ? 'npm ci' : 'npm install',
        run: (s, a) => `npm run ${s}${a ? ` -- ${a}` : ''}`, exec: (b) => `npx --no-install ${b}`, setup: [], addDev: (s) => `npm i -D "${s}"`,
      };
  }
}
