// veval init: a working starting point — config, IDE schemas, an example spec and brief, a CI
// workflow (4 shards + merge), an AGENTS.md section, npm scripts and .gitignore entries.
import fs from 'node:fs';
import path from 'node:path';
import { EXIT } from '../core/errors.js';
import { writeFileAtomic, writeJsonAtomic } from '../core/fsx.js';
import { PACKAGE_ROOT } from '../core/version.js';

const CONFIG = `# yaml-language-server: $schema=./schema/config.schema.json
# Project defaults; each spec overrides them key by key.
baseURL: http://127.0.0.1:3000
# server:                       # let veval start the app (or: static: dist)
#   command: npm run dev
#   url: http://127.0.0.1:3000
viewports:
  desktop: { width: 1280, height: 800 }
  mobile: { width: 390, height: 844, isMobile: true, hasTouch: true }
checks:
  axe: { impact: moderate }
judge:
  mode: optional                # required: no OPENAI_API_KEY fails the gate
gate:
  minScore: 80
  warn: [polish]
`;

const SPEC = `# yaml-language-server: $schema=../schema/spec.schema.json
name: home
route: /
brief: ../briefs/home.md
viewports: [desktop, mobile]
regions:
  header: header
  main: main
required:
  - selector: main h1
    name: page heading
checks:
  overlap: all
  task-order: true
# parity:                       # compare with approved baselines (veval approve)
#   maxDiffRatio: 0.001
`;

const BRIEF = `# Home

## User job
A first-time visitor understands what this site offers and finds the main action.

## Must show
- \`main h1\` — the page heading
- The main call to action, above the fold on a phone
`;

const WORKFLOW = `name: visual-eval
on: [pull_request]
jobs:
  capture:
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [1, 2, 3, 4]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      - run: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium chromium-headless-shell fonts-dejavu-core fontconfig
      - run: npx --no-install veval run --shard \${{ matrix.shard }}/4 --out evals-shard-\${{ matrix.shard }}
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: evals-shard-\${{ matrix.shard }}, path: evals-shard-\${{ matrix.shard }} }
  merge:
    needs: capture
    if: always()
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      - uses: actions/download-artifact@v4
        with: { pattern: evals-shard-*, path: shards }
      - run: npx --no-install veval merge shards/*/* --out evals
      - run: cat evals/*/summary.md >> "$GITHUB_STEP_SUMMARY"
        if: always()
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: evals, path: evals }
`;

const AGENTS = `<!-- veval:start -->
## Visual evals (veval)
Before you say a UI change is done:
1. Run \`npm run eval:visual\` (= \`npx --no-install veval run\`; never a bare \`npx veval\`, which may fetch an
   unrelated package). Exit 0 means the gate passed; 1 means it failed — open the summary.md path printed on
   the run's last line and fix every blocker and important finding; 2 means a spec is invalid.
2. Answer the checklist printed at the end of the run from the captures it names.
3. Run \`npm run eval:verify\` (= \`npx --no-install veval verify\`); it fails when the report is missing, failed, or
   stale for your working tree or baselines.
4. Include the report in your completion message: the verdict line and the \`report.json\` path the run printed
   (or the output of \`npx --no-install veval run --json\`).
Never edit baselines by hand and never loosen thresholds to get green: \`veval approve\` is for intended
changes only, after you have looked at the captures.
<!-- veval:end -->
`;

const SCRIPTS: Record<string, string> = {
  'eval:capture': 'veval capture',
  'eval:check': 'veval check',
  'eval:judge': 'veval judge',
  'eval:visual': 'veval run',
  'eval:verify': 'veval verify',
};

export async function cmdInit(dir: string | undefined, opts: { force?: boolean }): Promise<number> {
  const root = path.resolve(dir ?? '.');
  const say = (s: string) => process.stdout.write(s + '\n');
  const put = (rel: string, content: string) => {
    const file = path.join(root, rel);
    if (fs.existsSync(file) && !opts.force) { say(`exists  ${rel} (kept; --force overwrites)`); return; }
    writeFileAtomic(file, content);
    say(`created ${rel}`);
  };
  put('visual-eval.config.yaml', CONFIG);
  put('specs/home.yaml', SPEC);
  put('briefs/home.md', BRIEF);
  put('.github/workflows/visual-eval.yml', WORKFLOW);
  for (const name of ['spec.schema.json', 'config.schema.json', 'report.schema.json']) {
    put(`schema/${name}`, fs.readFileSync(path.join(PACKAGE_ROOT, 'schema', name), 'utf8'));
  }

  const gi = path.join(root, '.gitignore');
  const giText = fs.existsSync(gi) ? fs.readFileSync(gi, 'utf8') : '';
  const missing = ['evals/', '.veval-cache/'].filter((l) => !giText.split(/\r?\n/).includes(l));
  if (missing.length) { writeFileAtomic(gi, giText + (giText && !giText.endsWith('\n') ? '\n' : '') + missing.join('\n') + '\n'); say(`updated .gitignore (${missing.join(', ')})`); }

  const agents = path.join(root, 'AGENTS.md');
  const agentsText = fs.existsSync(agents) ? fs.readFileSync(agents, 'utf8') : '';
  const section = /<!-- veval:start -->[\s\S]*?<!-- veval:end -->\n?/;
  writeFileAtomic(agents, section.test(agentsText) ? agentsText.replace(section, AGENTS) : agentsText + (agentsText ? '\n' : '') + AGENTS);
  say(`${agentsText ? 'updated' : 'created'} AGENTS.md (veval section)`);

  const pkgFile = path.join(root, 'package.json');
  if (fs.existsSync(pkgFile)) {
    let pkg: any;
    try { pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')); } catch { say('package.json is not valid JSON: scripts not added'); return EXIT.pass; }
    pkg.scripts = { ...(pkg.scripts ?? {}) };
    const added = Object.entries(SCRIPTS).filter(([k]) => !pkg.scripts[k] || opts.force);
    for (const [k, v] of added) pkg.scripts[k] = v;
    writeJsonAtomic(pkgFile, pkg);
    say(`package.json scripts: ${added.map(([k]) => k).join(', ') || 'already there'}`);
  } else say('no package.json: add these npm scripts yourself: ' + Object.entries(SCRIPTS).map(([k, v]) => `"${k}": "${v}"`).join(', '));
  // a bare `npx veval` in a project without veval installed fetches an unrelated registry package
  if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'veval'))) say(`veval is not installed in this project: npm i -D ${PACKAGE_ROOT}`);
  say('next: edit visual-eval.config.yaml (baseURL or server), then `npx --no-install veval validate` and `npm run eval:visual`');
  return EXIT.pass;
}
