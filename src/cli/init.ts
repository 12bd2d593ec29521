// veval init: a working starting point for the app it finds — config with a server: that builds
// and serves it, a spec and brief per route, IDE schemas and VS Code settings, the MCP client configurations (.mcp.json, .cursor/mcp.json, .vscode/mcp.json), a CI file (GitHub
// Actions or GitLab CI), an AGENTS.md section, npm scripts and .gitignore entries. Running it again
// never overwrites or re-creates what the user changed or deleted (see init/manifest.ts).
import type { CliIO } from './common.js';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { EXIT, InputError } from '../core/errors.js';
import { writeFileAtomic } from '../core/fsx.js';
import { PACKAGE_ROOT } from '../core/version.js';
import { CI_LAYOUT, githubWorkflow, gitlabCi, shardCountFor } from './init/ci.js';
import { detectApp, type AppInfo, type StorybookFound } from './init/detect.js';
import { MAX_ROUTES } from './init/routes.js';
import { nodeVersionFor } from './init/node-version.js';
import type { PackageManager } from './init/pm.js';
import { InitWriter, MANIFEST_FILE, type Outcome } from './init/manifest.js';
import { addJson, jsonText, projectStyle, readJsonc, setJson } from './init/json-edit.js';
import { captureForInit, type RouteEntries } from './init/capture.js';
import { setupWarnings } from './init/warnings.js';

export const CONFIG_FILE = 'visual-eval.config.yaml';
export const SCHEMA_FILES = ['spec.schema.json', 'config.schema.json', 'report.schema.json'];
export const CI_FILES = { github: '.github/workflows/visual-eval.yml', gitlab: '.gitlab-ci.yml' } as const;

function configText(app: AppInfo): string {
  const head = `# yaml-language-server: $schema=./schema/config.schema.json
# Project defaults; each spec overrides them key by key. Written by \`veval init\` for ${app.label} (${app.pm.name}).
`;
  const server = app.storybook && !app.routes.length
    ? `# No app pages found: the stories of the Storybook are what veval checks (specs/storybook.yaml builds and serves it).\n`
    : app.server
    ? `# How \`veval run\` (and CI) builds and serves the app: a production build, as users get it.\n` + YAML.stringify({ server: app.server }, { lineWidth: 0 })
    : `# veval found no framework it knows and no index.html: say where the app answers (baseURL), or let
# veval start it (server:) — CI needs server:, nothing else starts the app there.
baseURL: http://127.0.0.1:3000
# server:
#   command: npm run build && npm start
#   url: http://127.0.0.1:3000
#   timeout: 180000
# (or serve a folder:  server: { static: dist, build: npm run build })
`;
  return head + server + `viewports:
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
}

/** A route's spec name: / → home, /blog/post → blog-post, /about.html → about. */
export function specNameFor(route: string): string {
  const n = route.replace(/\.html?$/, '').replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return n || 'home';
}

/** A string as a YAML scalar that reads back as that same string under YAML 1.2 and 1.1 (editors
 *  and other tools may read 1.1): `404`, `true`, `yes`, `1e3`, `null`, `~` or `#x` unquoted would be
 *  another type or no value. */
export function yamlString(s: string): string {
  const plain = YAML.stringify(s, { lineWidth: 0 }).trimEnd();
  return YAML.parse(plain, { version: '1.1' }) === s && !plain.includes('\n') ? plain : JSON.stringify(s);
}

function specText(name: string, route: string, found: string, entries: RouteEntries | null, why: string | null): string {
  const head = `# yaml-language-server: $schema=../schema/spec.schema.json
# ${found}
name: ${yamlString(name)}
route: ${yamlString(route)}
brief: ${yamlString(`../briefs/${name}.md`)}
viewports: [desktop, mobile]
`;
  const tail = `# states:                       # the page after steps, e.g. a menu opened
#   - name: menu-open
#     steps:
#       - click: "button[aria-expanded]"
# Every check runs with its defaults; a checks: section changes that (see \`veval checks\`).
`;
  if (!entries) {
    return head + `# veval init could not capture ${route}${why ? `: ${why}` : ''}; so this spec has no required
# entries and no parity yet (\`veval look ${route} --spec-out specs/${name}-look.yaml\` writes them once it serves).
# required:                     # must be present AND visible to a user (or list them in the brief's "## Must show")
#   - selector: main h1
#     name: page heading
` + tail;
  }
  const body: Record<string, unknown> = {};
  if (Object.keys(entries.regions).length) body.regions = entries.regions;
  if (entries.required.length) body.required = entries.required;
  return head + `# From a capture of ${route} by veval init: its landmarks as regions; its primary headings, landmarks and
# controls as required entries (each visible at every viewport), by selectors that survive re-renders.
` + (Object.keys(body).length ? YAML.stringify(body, { lineWidth: 0 }) : '') + `# Compared with the approved baseline on every run: the first run fails until \`veval approve\`.
parity: {}
` + tail;
}

/** One spec for every story of the project's Storybook, built and served by veval. */
export function storybookSpecText(sb: StorybookFound, name: string): string {
  return `# yaml-language-server: $schema=../schema/spec.schema.json
# Every story of the Storybook (veval init found ${sb.from}): each story is a state named by its
# story id, captured from its own iframe at each viewport. See docs/storybook.md.
name: ${yamlString(name)}
storybook:
  static: ${yamlString(`../${sb.static}`)}
  build: ${yamlString(sb.build)}   # run before the folder is served
  # include: ["example-button--*"]   # only these stories (globs over story ids or titles)
  # exclude: ["*--playground"]
viewports: [desktop, mobile]
# Compared with the approved baseline on every run: the first run fails until \`veval approve\`.
parity: {}
# A story's own settings go in its parameters (read from the preview at capture):
#   parameters: { veval: { skip: true } }  or  { veval: { masks: [".clock"], viewports: [mobile],
#     required: [{ selector: "button", name: "the action" }] } }
# --changed runs this spec when a file under these folders changes (the stories sit beside their components):
watch: ["../src/**"]
`;
}

function briefText(name: string, route: string): string {
  return `# ${name} (${route})

## User job
Say what a user comes to ${route} to do, and what must go right (the judge reads this).

## Must show
<!-- One item per line, with or without "- " in front; every line here is an item (or an error
     \`veval validate\` points at). A \`css selector\` or a "quoted text" item is checked on every run
     (present and visible); an item in plain words goes to the judge. Lines like these work:
- \`main h1\` — the page heading
- "Sign up" — the main call to action
- the price is shown before the buy button
-->
`;
}

/** The AGENTS.md section, in the project's package manager's words (what the agent can run as written). */
const agentsText = (pm: PackageManager) => `<!-- veval:start -->
## Visual evals (veval)
**The done rule: a UI change is done only when \`veval verify\` passes for the current working tree, and your
done message includes the checklist answers with the capture files they rest on.**
A new screen with no spec yet: \`${pm.exec('veval look')} <route>\` captures it at desktop and mobile with
every deterministic check (exit 1 on a blocker); fix what it lists, then \`--spec-out specs/<name>.yaml\` starts a spec.
Before you say a UI change is done:
1. Run \`${pm.run('eval:visual')}\` (= \`${pm.exec('veval run')}\`; never a bare \`npx veval\` or \`pnpm dlx veval\`, which may
   fetch an unrelated package). Exit 0 means the gate passed; 1 means it failed — fix every blocker and important
   problem it lists (one line each, with the captures it affects; summary.md, named on the \`wrote\` line,
   has the same with links); 2 means a spec is invalid.
2. Answer the agent checklist at the end of summary.md (or \`checklist\` in report.json) from the captures it
   names: open each file and check the answer against it.
3. Run \`${pm.run('eval:verify')}\` (= \`${pm.exec('veval verify')}\`); it fails when the report is missing, failed, or
   stale for your working tree or baselines. Not done until it passes.
4. Your completion message: the verdict line, the \`report.json\` path the run printed, and each checklist
   question with your answer and the capture files it rests on.
Through MCP (\`.mcp.json\`, \`.cursor/mcp.json\`, \`.vscode/mcp.json\` start \`veval mcp\`) the same steps are the tools
\`look\`, \`run\`, \`explain\` (a finding's crop) and \`verify\`; the rule is the same.
Never edit baselines by hand and never loosen thresholds to get green: \`veval approve\` (the \`approve\` tool, with
\`confirm: true\`) is for intended changes only, after you have looked at the captures.
<!-- veval:end -->
`;

/** The MCP client configurations init writes: Claude Code and Cursor read `mcpServers`, VS Code `servers` with a type. */
export const MCP_FILES = { '.mcp.json': 'mcpServers', '.cursor/mcp.json': 'mcpServers', '.vscode/mcp.json': 'servers' } as const;

const SELF = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; bin: Record<string, string> };

/** How a client starts `veval mcp`: the project's installed veval run by node itself, so nothing but
 *  the protocol reaches stdout (`yarn run` v1 prints its banner there, and a client then fails on it).
 *  Yarn Plug'n'Play has no node_modules; Yarn 2+ prints nothing of its own around a binary. */
export function mcpServerEntry(pm: PackageManager, key: 'mcpServers' | 'servers'): Record<string, unknown> {
  const [command, ...args] = pm.nodeModules ? ['node', `node_modules/${SELF.name}/${SELF.bin.veval.replace(/^\.\//, '')}`, 'mcp'] : pm.exec('veval mcp').split(' ');
  return key === 'servers' ? { type: 'stdio', command, args } : { command, args };
}

export const SCRIPTS: Record<string, string> = {
  'eval:capture': 'veval capture',
  'eval:check': 'veval check',
  'eval:judge': 'veval judge',
  'eval:visual': 'veval run',
  'eval:verify': 'veval verify',
};

/** VS Code (and any yaml-language-server client): specs in subfolders validate too. */
export const VSCODE_SETTINGS = {
  'yaml.schemas': {
    './schema/spec.schema.json': ['specs/**/*.yaml', 'specs/**/*.yml'],
    './schema/config.schema.json': [CONFIG_FILE],
  },
};
const VSCODE_EXTENSIONS = { recommendations: ['redhat.vscode-yaml'] };

const GITIGNORE = [...CI_LAYOUT.ignore, '.veval-cache/'];

const OUTCOME_WORD: Record<Outcome, string> = { created: 'created', updated: 'updated', unchanged: 'same   ', kept: 'kept   ', deleted: 'skipped' };

export async function cmdInit(dir: string | undefined, opts: { force?: boolean; ci?: string; pm?: string; pinPm?: boolean; io?: CliIO }): Promise<number> {
  const ci = opts.ci === undefined ? 'github' : String(opts.ci);
  if (!['github', 'gitlab', 'none'].includes(ci)) throw new InputError([`--ci "${ci}": expected github, gitlab or none`]);
  const root = path.resolve(opts.io?.cwd ?? '.', dir ?? '.');
  const say = (s: string) => (opts.io?.stdout ?? process.stdout).write(s + '\n');
  const w = new InitWriter(root, !!opts.force);
  const app = await detectApp(root, opts.pm === undefined ? undefined : String(opts.pm));
  // one answer to "did init find routes", said on the terminal and in every spec it writes
  const listed = app.routes.length > 1 || !!app.routesFrom;
  say(`found: ${app.label}; package manager ${app.pm.name}${app.pm.lockfile ? ` (${app.pm.lockfile})` : ' (no lockfile)'}; ${listed ? `${app.routes.length} route(s) from ${app.routesFrom || 'the app'}` : app.storybook ? 'no routes found' : 'no routes found (one spec for /)'}`);
  if (app.slash) say(`routes ${app.slash.style === 'always' ? 'end in /' : 'have no trailing /'}, as ${app.slash.from} ${app.slash.from === 'its config' ? 'says' : 'have them'}`);
  if (app.errorPages.length) say(`left out ${app.errorPages.join(', ')}: an error page, which the server answers for paths it does not have`);
  if (app.needsParams.length) say(`left out ${app.needsParams.length} route(s) that need a parameter init cannot know: ${app.needsParams.join(', ')} — write a spec with a real value (route: /blog/some-post) for those that matter`);
  if (app.notPages.length) say(`left out ${app.notPages.join(', ')}: not a page (a resource route, or a file)`);
  if (app.moreRoutes.length) say(`wrote specs for ${MAX_ROUTES} routes; not written (add a spec for those that matter): ${app.moreRoutes.join(', ')}`);
  if (app.pm.note) say(app.pm.note);
  pinPackageManager(root, app.pm, !!opts.pinPm, say);
  const node = nodeVersionFor(root);
  if (ci !== 'none') say(`CI uses Node ${node.version} (${node.from})`);
  if (node.note && ci !== 'none') say(node.note);

  w.file(CONFIG_FILE, configText(app));
  // a component library with a Storybook and no pages of its own: its stories are the spec
  const routes = app.routes.length ? app.routes : app.storybook ? [] : ['/'];
  const found = listed
    ? `A route veval init found in ${app.routesFrom || 'the app'}: what a user must see there, at each viewport.`
    : 'veval init found no routes to list, so this spec checks /: add one spec per route (or per user task).';
  const names = new Set<string>();
  const planned: { name: string; route: string }[] = [];
  for (const route of routes) {
    let name = specNameFor(route);
    while (names.has(name)) name += '-2';
    names.add(name);
    planned.push({ name, route });
  }
  for (const warning of setupWarnings(root)) say(`warning: ${warning}`);
  // only the specs init will write are captured: one you changed or deleted is left alone
  const fresh = planned.filter((p) => w.willWrite(`specs/${p.name}.yaml`));
  if (fresh.length) say(`capturing ${fresh.length} route(s) to write their specs (the config's server builds and serves the app)…`);
  // no routes in the source: the captured page's own same-origin links name them (at most MAX_ROUTES in all)
  const follow = listed || app.storybook || !fresh.length ? undefined : (links: string[]) => links.filter((l) => l !== '/').slice(0, MAX_ROUTES - 1).map((route) => {
    let name = specNameFor(route);
    while (names.has(name)) name += '-2';
    names.add(name);
    return { name, route, viewports: ['desktop', 'mobile'] };
  });
  const cap = await captureForInit(root, fresh.map((p) => ({ ...p, viewports: ['desktop', 'mobile'] })), follow);
  if (follow) say(cap.followed.length ? `followed ${cap.followed.length} same-origin link(s) on / (at most ${MAX_ROUTES - 1}): ${cap.followed.map((f) => f.route).join(', ')}` : 'found no same-origin links on / to follow');
  planned.push(...cap.followed);
  if (cap.failed) say(`could not capture the app (${cap.failed}): the specs have no required entries and no parity yet`);
  for (const [name, why] of cap.why) say(`could not capture ${name}: ${why}; its spec has no required entries and no parity yet`);
  for (const { name, route } of planned) {
    const rel = `specs/${name}.yaml`, abs = path.join(root, rel);
    // a spec init wrote before (captured then) stays as it is; file() keeps one you changed
    const before = !w.willWrite(rel) && fs.existsSync(abs) && !w.changedByUser(rel) ? fs.readFileSync(abs, 'utf8') : null;
    const why = cap.followed.some((f) => f.name === name) ? 'A route veval init found as a same-origin link on /: what a user must see there, at each viewport.' : found;
    w.file(rel, before ?? specText(name, route, why, cap.entries.get(name) ?? null, cap.failed ?? cap.why.get(name) ?? null));
    w.file(`briefs/${name}.md`, briefText(name, route));
  }
  if (app.storybook) {
    let name = 'storybook';
    while (names.has(name)) name += '-2';
    say(`found Storybook (${app.storybook.from}): specs/${name}.yaml covers every story, built by \`${app.storybook.build}\` into ${app.storybook.static}/`);
    w.file(`specs/${name}.yaml`, storybookSpecText(app.storybook, name));
  }
  const shards = shardCountFor(planned.length + (app.storybook ? 1 : 0));
  if (ci === 'github') w.file(CI_FILES.github, githubWorkflow({ pm: app.pm, shards, node }));
  if (ci === 'gitlab') w.file(CI_FILES.gitlab, gitlabCi({ pm: app.pm, shards, node }));
  for (const name of SCHEMA_FILES) w.file(`schema/${name}`, fs.readFileSync(path.join(PACKAGE_ROOT, 'schema', name), 'utf8'));
  jsonFile(w, root, '.vscode/settings.json', VSCODE_SETTINGS, (cur) => {
    const have = cur['yaml.schemas'] ?? {};
    return Object.entries(VSCODE_SETTINGS['yaml.schemas']).filter(([k]) => !(k in have)).map(([k, v]) => [['yaml.schemas', k], v]);
  });
  for (const [rel, key] of Object.entries(MCP_FILES)) {
    const entry = mcpServerEntry(app.pm, key);
    // an entry init wrote before with another command (another manager, an older veval) is brought up to date
    jsonFile(w, root, rel, { [key]: { veval: entry } }, (cur) => (JSON.stringify(cur?.[key]?.veval) === JSON.stringify(entry) ? [] : [[[key, 'veval'], entry]]));
  }
  jsonFile(w, root, '.vscode/extensions.json', VSCODE_EXTENSIONS, (cur) => {
    const rec: string[] = Array.isArray(cur.recommendations) ? cur.recommendations : [];
    return rec.includes('redhat.vscode-yaml') ? [] : [[['recommendations', '[]'], 'redhat.vscode-yaml']];
  });
  for (const l of w.log.splice(0)) say(`${OUTCOME_WORD[l.outcome]} ${l.rel}${l.outcome === 'kept' ? ` (${l.note}; --force overwrites)` : l.outcome === 'deleted' ? ' (you deleted it; --force re-creates it)' : ''}`);

  // the Storybook build is an output, like the app's: out of the tree a run hashes
  gitignore(w, root, say, app.storybook ? [`/${app.storybook.static}/`] : []);
  agents(w, root, agentsText(app.pm), say);
  scripts(w, root, say);
  w.save();

  if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'veval'))) {
    const src = fs.existsSync(path.join(PACKAGE_ROOT, '.git')) ? `git+file://${PACKAGE_ROOT}` : PACKAGE_ROOT;
    say(`veval is not installed in this project: ${app.pm.addDev(src, SELF.name)}`);
  }
  say(`next: ${app.pm.exec('veval')} validate, then ${app.pm.run('eval:visual')}${app.server ? '' : ` (first set baseURL or server: in ${CONFIG_FILE})`}`);
  return EXIT.pass;
}

/** CI gets the manager version package.json's packageManager names; init offers to set it
 *  (--pin-pm: the version installed here), since corepack otherwise picks its own. npm comes with Node. */
function pinPackageManager(root: string, pm: PackageManager, pin: boolean, say: (s: string) => void): void {
  if (pm.name === 'npm' || pm.pinned) return;
  const file = path.join(root, 'package.json');
  if (!pin || !pm.installed || !fs.existsSync(file)) {
    say(pm.installed
      ? `package.json names no packageManager, so CI's corepack picks its own ${pm.name}: \`${pm.exec('veval')} init --pin-pm\` sets "packageManager": "${pm.name}@${pm.installed}" (the ${pm.name} installed here)`
      : `package.json names no packageManager and ${pm.name} is not installed here: set "packageManager": "${pm.name}@<version>" to pin CI's ${pm.name}`);
    return;
  }
  const text = fs.readFileSync(file, 'utf8');
  if (!readJsonc(text)) { say('package.json is not valid JSON: packageManager not set'); return; }
  // in the file's own style: the diff is the one line
  writeFileAtomic(file, setJson(text, ['packageManager'], `${pm.name}@${pm.installed}`));
  pm.pinned = pm.installed;
  say(`updated package.json ("packageManager": "${pm.name}@${pm.installed}": CI's corepack installs this ${pm.name})`);
}

/** A JSON settings file: created when missing (in the project's JSON style); the user's own (JSON
 *  with comments too) gets init's keys set in its own style, nothing else in it changing. */
function jsonFile(w: InitWriter, root: string, rel: string, fresh: object, additions: (cur: any) => [(string | '[]')[], unknown][]): void {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) { w.file(rel, jsonText(fresh, projectStyle(root))); return; }
  const text = fs.readFileSync(abs, 'utf8');
  const cur = readJsonc(text);
  if (!cur) { w.log.push({ rel, outcome: 'kept', note: `not a JSON object: add ${JSON.stringify(fresh)} yourself` }); return; }
  const add = additions(cur);
  if (!add.length) { w.log.push({ rel, outcome: 'unchanged' }); return; }
  if (w.changedByUser(rel)) { w.log.push({ rel, outcome: 'kept', note: 'you changed it' }); return; }
  if (w.part(`${rel}:veval`, null, JSON.stringify(fresh)) !== 'write') { w.log.push({ rel, outcome: 'kept', note: 'you removed what init added' }); return; }
  writeFileAtomic(abs, add.reduce((t, [where, value]) => setJson(t, where, value), text));
  w.log.push({ rel, outcome: 'updated' });
}

function gitignore(w: InitWriter, root: string, say: (s: string) => void, extra: string[] = []): void {
  const file = path.join(root, '.gitignore');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const lines = text.split(/\r?\n/);
  const add: string[] = [], skipped: string[] = [];
  for (const l of [...GITIGNORE, ...extra]) {
    const r = w.part(`.gitignore:${l}`, lines.includes(l) ? l : null, l);
    if (r === 'write') add.push(l); else if (r === 'skipped') skipped.push(l);
  }
  if (add.length) { writeFileAtomic(file, text + (text && !text.endsWith('\n') ? '\n' : '') + add.join('\n') + '\n'); say(`updated .gitignore (${add.join(', ')})`); }
  if (skipped.length) say(`skipped .gitignore lines you removed: ${skipped.join(', ')} (--force adds them)`);
}

function agents(w: InitWriter, root: string, AGENTS: string, say: (s: string) => void): void {
  const file = path.join(root, 'AGENTS.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const section = /<!-- veval:start -->[\s\S]*?<!-- veval:end -->\n?/;
  const present = section.exec(text)?.[0] ?? null;
  const r = w.part('AGENTS.md:veval', present, AGENTS);
  if (r === 'skipped') { say(`kept    AGENTS.md (${present ? 'you changed the veval section' : 'you removed the veval section'}; --force writes it)`); return; }
  if (r === 'same') { say('same    AGENTS.md (veval section)'); return; }
  writeFileAtomic(file, present ? text.replace(section, AGENTS) : text + (text ? '\n' : '') + AGENTS);
  say(`${text ? 'updated' : 'created'} AGENTS.md (veval section)`);
}

function scripts(w: InitWriter, root: string, say: (s: string) => void): void {
  const pkgFile = path.join(root, 'package.json');
  if (!fs.existsSync(pkgFile)) { say('no package.json: add these npm scripts yourself: ' + Object.entries(SCRIPTS).map(([k, v]) => `"${k}": "${v}"`).join(', ')); return; }
  const text = fs.readFileSync(pkgFile, 'utf8');
  const pkg = readJsonc(text);
  if (!pkg) { say('package.json is not valid JSON: scripts not added'); return; }
  const have = pkg.scripts ?? {};
  const added: string[] = [], skipped: string[] = [];
  for (const [k, v] of Object.entries(SCRIPTS)) {
    const r = w.part(`package.json:scripts.${k}`, typeof have[k] === 'string' ? have[k] : null, v);
    if (r === 'write') added.push(k); else if (r === 'skipped') skipped.push(k);
  }
  // in the file's own style: the diff is the added lines
  if (added.length) writeFileAtomic(pkgFile, added.reduce((t, k) => addJson(t, ['scripts', k], SCRIPTS[k]), text));
  say(`package.json scripts: ${added.length ? `added ${added.join(', ')}` : 'nothing to add'}${skipped.length ? `; skipped ${skipped.join(', ')} (yours, or you changed or removed it; --force writes it)` : ''}`);
}

export { MANIFEST_FILE };
