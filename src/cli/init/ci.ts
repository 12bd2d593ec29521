// The CI files `veval init` writes: GitHub Actions (.github/workflows/visual-eval.yml) and GitLab CI
// (.gitlab-ci.yml). Both: install with the project's package manager, find or install a browser,
// run the shards (the config's server: builds and serves the app), keep each shard's run folder
// whatever happened, then one merge job that gates all of them and keeps the merged report.
// Block style only: `${{ }}` inside a flow mapping ({ … }) is not valid YAML.
import type { NodeChoice } from './node-version.js';
import type { PackageManager } from './pm.js';

/** Where CI puts run folders: the one place that knows the artifacts layout. */
export const CI_LAYOUT = {
  /** `veval run --out` of shard i */
  shardOut: (i: string) => `evals-shard-${i}`,
  /** what .gitignore keeps out of git */
  ignore: ['evals/', 'evals-shard-*/', 'shards/'],
  /** where the merge job puts the downloaded shard folders (GitHub) */
  downloaded: 'shards',
  /** the run folders inside a shard's out folder (directories only: `latest` is not a run) */
  runFolders: (outGlob: string) => `${outGlob}/*/`,
  mergedOut: 'evals',
  // inside an out folder: runs/<id>/ per invocation, and `latest`, a link to the newest completed one
};

export const DEFAULT_MAX_SHARDS = 4;

/** One shard per spec, up to DEFAULT_MAX_SHARDS: a shard with nothing to do costs a runner. */
export const shardCountFor = (specs: number) => Math.max(1, Math.min(specs, DEFAULT_MAX_SHARDS));

export interface CiOptions { pm: PackageManager; shards: number; node: NodeChoice }

/** Why CI gets the manager version it gets: package.json's packageManager pins it (corepack reads it). */
function pmComment(pm: PackageManager): string | null {
  if (!pm.setup.includes('corepack enable')) return null;
  return pm.pinned
    ? `${pm.name} ${pm.pinned}, pinned by package.json's packageManager (corepack reads it)`
    : `no packageManager in package.json: corepack picks its own ${pm.name} version; pin yours (veval init --pin-pm)`;
}

const raiseNote = (n: number, how: string) =>
  `# Shards: ${n}, one per spec init wrote (at most ${DEFAULT_MAX_SHARDS}). To raise it as specs grow, ${how}.\n` +
  `# Each shard is one runner; a shard whose slice holds no spec passes ("shard i/n has no specs").\n`;

export function githubWorkflow(o: CiOptions): string {
  const { pm, shards: n } = o;
  const node = o.node.version;
  const veval = pm.exec('veval');
  const out = CI_LAYOUT.shardOut('${{ matrix.shard }}');
  const pmNote = pmComment(pm);
  const setupSteps = [
    `      - uses: actions/checkout@v4`,
    ...(pm.name === 'bun' ? [`      - uses: oven-sh/setup-bun@v2`] : []),
    `      # Node ${node}: ${o.node.from}`,
    `      - uses: actions/setup-node@v4`,
    `        with:`,
    `          node-version: '${node}'`,
    ...(pmNote ? [`      # ${pmNote}`] : []),
    ...pm.setup.filter(() => pm.name !== 'bun').map((l) => `      - run: ${l}`),
    `      - name: Install dependencies (${pm.name}${pm.lockfile ? `, ${pm.lockfile}` : ''})`,
    `        run: ${pm.install}`,
  ].join('\n');
  return `# Visual evals with veval, written by \`veval init\`.
${raiseNote(n, `list more numbers\n# under matrix.shard and put the same total after --shard …/`)}name: visual-eval
on:
  pull_request:
  workflow_dispatch:
permissions:
  contents: read
jobs:
  shard:
    name: visual-eval shard \${{ matrix.shard }}/${n}
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [${Array.from({ length: n }, (_, i) => i + 1).join(', ')}]
    steps:
${setupSteps}
      # ubuntu-latest ships Google Chrome, which veval finds; elsewhere this installs Playwright's Chromium.
      # It prints the browser it will use.
      - name: Browser
        run: ${veval} browser --install
      # the config's server: builds and serves the app; veval starts and stops it
      - name: Build, serve and evaluate
        run: ${veval} run --shard \${{ matrix.shard }}/${n} --out ${out}
      - name: Keep this shard's run folder
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: ${out}
          path: ${out}/
          retention-days: 14
  merge:
    needs: shard
    if: always()
    runs-on: ubuntu-latest
    steps:
${setupSteps}
      - name: Fetch the shards' run folders
        uses: actions/download-artifact@v4
        with:
          pattern: ${CI_LAYOUT.shardOut('*')}
          path: ${CI_LAYOUT.downloaded}
      # one verdict over every shard; a missing shard fails it. The merged summary.md goes to the job
      # summary ($GITHUB_STEP_SUMMARY) and a failed gate fails this check.
      - name: Merge and gate
        run: ${veval} merge ${CI_LAYOUT.runFolders(`${CI_LAYOUT.downloaded}/*`)} --out ${CI_LAYOUT.mergedOut}
      - name: Keep the merged report
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: ${CI_LAYOUT.mergedOut}
          path: ${CI_LAYOUT.mergedOut}/
          retention-days: 14
`;
}

export function gitlabCi(o: CiOptions): string {
  const { pm, shards: n } = o;
  const node = o.node.version;
  const veval = pm.exec('veval');
  const pmNote = pmComment(pm);
  // with `parallel: N` GitLab sets CI_NODE_INDEX/CI_NODE_TOTAL; without it (one shard) they are unset
  const index = '${CI_NODE_INDEX:-1}', total = '${CI_NODE_TOTAL:-1}';
  const out = CI_LAYOUT.shardOut(index);
  const setup = [...(pmNote ? [`# ${pmNote}`] : []), ...pm.setup, pm.install].map((l) => (l.startsWith('#') ? `    ${l}` : `    - ${l}`)).join('\n');
  return `# Visual evals with veval, written by \`veval init --ci gitlab\`.
${raiseNote(n, 'set\n# parallel: on the visual-eval job (2 or more)')}# Node ${node}: ${o.node.from}
stages: [test, report]

visual-eval:
  stage: test
  image: node:${node}-bookworm
${n > 1 ? `  parallel: ${n}\n` : ''}  script:
${setup}
    # prints the browser it will use; installs Playwright's Chromium (with its system packages) when none is there
    - ${veval} browser --install
    # the config's server: builds and serves the app; veval starts and stops it
    - ${veval} run --shard "${index}/${total}" --out "${out}"
  artifacts:
    when: always
    expire_in: 14 days
    paths:
      - ${CI_LAYOUT.shardOut('*')}/

visual-eval-merge:
  stage: report
  image: node:${node}-bookworm
  needs: [visual-eval]
  when: always
  script:
${setup}
    # one verdict over every shard; a missing shard fails it, and so does a failed gate
    - ${veval} merge ${CI_LAYOUT.runFolders(CI_LAYOUT.shardOut('*'))} --out ${CI_LAYOUT.mergedOut}
  artifacts:
    when: always
    expire_in: 14 days
    paths:
      - ${CI_LAYOUT.mergedOut}/
    reports:
      junit: ${CI_LAYOUT.mergedOut}/runs/*/junit.xml
`;
}
