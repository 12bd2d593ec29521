// The project's package manager, told by its lockfile: how CI installs, runs a script, runs veval.
import fs from 'node:fs';
import path from 'node:path';

export type PmName = 'npm' | 'pnpm' | 'yarn' | 'bun';

export interface PackageManager {
  name: PmName;
  /** the lockfile it was told by, or null (then npm, installing without one) */
  lockfile: string | null;
  /** installs exactly what the lockfile says (CI) */
  install: string;
  /** `run <script>` with arguments passed through to the script */
  run(script: string, args?: string): string;
  /** runs an installed binary of the project (never fetches one) */
  exec(bin: string): string;
  /** shell lines CI needs before `install` (corepack for pnpm and yarn) */
  setup: string[];
  /** the line a user types to add veval as a dev dependency */
  addDev(spec: string): string;
}

const LOCKFILES: [string, PmName][] = [
  ['pnpm-lock.yaml', 'pnpm'], ['yarn.lock', 'yarn'], ['bun.lock', 'bun'], ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'], ['npm-shrinkwrap.json', 'npm'],
];

export function detectPackageManager(root: string): PackageManager {
  const found = LOCKFILES.find(([f]) => fs.existsSync(path.join(root, f)));
  const lockfile = found?.[0] ?? null;
  const name = found?.[1] ?? 'npm';
  const pass = (args?: string) => (args ? ` ${args}` : '');
  switch (name) {
    case 'pnpm':
      return { name, lockfile, install: 'pnpm install --frozen-lockfile', run: (s, a) => `pnpm run ${s}${pass(a)}`, exec: (b) => `pnpm exec ${b}`, setup: ['corepack enable'], addDev: (s) => `pnpm add -D ${s}` };
    case 'yarn': {
      // Yarn 2+ (a .yarnrc.yml) spells the frozen install --immutable
      const berry = fs.existsSync(path.join(root, '.yarnrc.yml'));
      return { name, lockfile, install: berry ? 'yarn install --immutable' : 'yarn install --frozen-lockfile', run: (s, a) => `yarn run ${s}${pass(a)}`, exec: (b) => `yarn run ${b}`, setup: ['corepack enable'], addDev: (s) => `yarn add -D ${s}` };
    }
    case 'bun':
      return { name, lockfile, install: 'bun install --frozen-lockfile', run: (s, a) => `bun run ${s}${pass(a)}`, exec: (b) => `bun run ${b}`, setup: ['npm install -g bun'], addDev: (s) => `bun add -d ${s}` };
    default:
      return {
        name: 'npm', lockfile, install: lockfile ? 'npm ci' : 'npm install',
        run: (s, a) => `npm run ${s}${a ? ` -- ${a}` : ''}`, exec: (b) => `npx --no-install ${b}`, setup: [], addDev: (s) => `npm i -D ${s}`,
      };
  }
}
