// Command and option declarations. Handlers live in cmd-*.ts; each returns an exit code.
import type { CAC } from 'cac';
import { cmdRun, cmdCapture, cmdCheck, cmdJudge, cmdGate, cmdReport, cmdMerge } from './cmd-run.js';
import { cmdValidate, cmdPlan, cmdChecks } from './cmd-info.js';
import { cmdVerify, cmdApprove, cmdCalibrate } from './cmd-verify.js';
import { cmdReview, DEFAULT_IDLE } from './cmd-review.js';
import { cmdInit } from './init.js';
import { cmdLook } from './cmd-look.js';
import { cmdExplain } from './cmd-explain.js';
import { cmdBrowser } from './cmd-browser.js';
import { cmdMcp } from './cmd-mcp.js';
import { cmdDemo } from '../demo/run-demo.js';
import { DEFAULT_OUT } from '../core/defaults.js';
import { REPORTER_IDS } from '../report/reporters.js';
import { STEP_HELP } from '../steps/registry.js';
import { STRESS_VARIANTS } from '../core/stress.js';
import type { CliIO, CommonOptions } from './common.js';


const withOut = (c: ReturnType<CAC['command']>) => c
  .option('--out <dir>', `artifacts folder (default: the config's out:, else ${DEFAULT_OUT})`)
  .option('--config <file>', 'config file (default visual-eval.config.yaml, found upward from here)');
const withLoad = (c: ReturnType<CAC['command']>) => c
  .option('--base-url <url>', 'base URL joined to spec routes (overrides the config)')
  .option('--viewport <names>', 'only these viewports (comma-separated)')
  .option('--grep <regex>', 'only specs (or spec/state) whose name matches')
  .option('--sweep', 'sweep every width of every spec for responsive layout failures (the spec\'s or config\'s sweep: range, else 320–1400 px)');
const withConfig = (c: ReturnType<CAC['command']>) => c.option('--config <file>', 'config file (default visual-eval.config.yaml, found upward from here)');
const CONTINUES = 'run folder or run id (default: the newest run whose capture finished, started by capture, run or merge)';
const withReport = (c: ReturnType<CAC['command']>) => c
  .option('--reporter <names>', `${REPORTER_IDS.join(', ')} (comma-separated; default all)`)
  .option('--json', 'print report.json to stdout (human output goes to stderr)');

// cac prints "(default: true)" after negated flags; the text says what that means
const NO_CACHE = 'bypass the judge verdict cache (it is used unless this flag is given)';

/** Every handler gets this invocation's io in its options (cac would refuse an unknown --io). */
const withIo = (io: CliIO) => <A extends unknown[]>(fn: (...a: A) => Promise<number>) => (...a: A) => {
  const opts = a[a.length - 1] as CommonOptions;
  opts.io = io;
  return fn(...a);
};

export function registerCommands(cli: CAC, io: CliIO): void {
  const act = withIo(io);
  withReport(withOut(withLoad(cli.command('run [...specs]', 'capture → check → judge → gate → report, in a new run folder'))))
    .option('--workers <n>', 'parallel browser contexts')
    .option('--shard <i/n>', 'run shard i of n (specs split evenly and deterministically)')
    .option('--changed [ref]', 'only specs whose spec, brief, rubric, baselines or watch: paths changed since ref; a changed file no spec declares runs every spec (default ref: merge base with origin\'s default branch / upstream, else HEAD; uncommitted changes count)')
    .option('--trace <mode>', 'on-failure: keep a Playwright trace for each failing unit')
    .option('--update-baselines', 'approve every successful capture of this run as the new baseline')
    .option('--accept-a11y-debt', 'record axe violations that are not yet known debt as accepted accessibility debt (who/when/commit in the manifest); without it such captures are refused')
    .option('--no-cache', NO_CACHE)
    .action(act(cmdRun));
  withOut(withLoad(cli.command('capture [...specs]', 'capture stage only, into a new run folder: PNGs, records, axe results')))
    .option('--workers <n>', 'parallel browser contexts')
    .option('--shard <i/n>', 'run shard i of n')
    .option('--changed [ref]', 'only specs whose inputs changed since ref (see run --help)')
    .option('--trace <mode>', 'on-failure: keep a trace for each failing unit')
    .action(act(cmdCapture));
  withOut(cli.command('check', 'deterministic checks + parity over a captured run (no browser)'))
    .option('--run <dir>', CONTINUES)
    .option('--update-baselines', 'write baselines from this run before comparing')
    .option('--accept-a11y-debt', 'record axe violations that are not yet known debt as accepted accessibility debt (who/when/commit in the manifest); without it such captures are refused')
    .action(act(cmdCheck));
  withOut(cli.command('judge', 'model judge over a captured run'))
    .option('--run <dir>', CONTINUES)
    .option('--no-cache', NO_CACHE)
    .action(act(cmdJudge));
  withReport(withOut(cli.command('gate', 'gate a captured run: report.json, reports, exit code; the run becomes latest')))
    .option('--run <dir>', CONTINUES)
    .action(act(cmdGate));
  withReport(withOut(cli.command('report', 're-render summary.md / junit.xml / index.html from report.json')))
    .option('--run <dir>', 'run folder or run id (default: the newest run with a report.json)')
    .action(act(cmdReport));
  withReport(withOut(cli.command('merge <...dirs>', 'combine shard run folders (or artifacts folders holding them) into one report')))
    .action(act(cmdMerge));
  withOut(cli.command('look <route-or-url>', 'capture a screen with no spec: every deterministic check, interactive elements a user cannot see or reach, the checklist; a run folder'))
    .option('--base-url <url>', 'base URL joined to a route')
    .option('--viewport <names>', 'viewports (names from the config, or WIDTHxHEIGHT; comma-separated; default: every configured one, else desktop and mobile)')
    .option('--step <action:arg>', `a step before capture, repeatable: ${STEP_HELP}`)
    .option('--stress <variants>', `also capture each state under these stress variants (comma-separated: ${STRESS_VARIANTS.join(', ')}; docs/checks/stress/)`)
    .option('--json', 'print the result as JSON alone on stdout')
    .option('--spec-out <file>', 'write a starting spec from what the look saw (regions, primary actions, the steps)')
    .action(act(cmdLook));
  withOut(cli.command('explain [finding]', 'what one finding (<spec>#<n>, as the console and summary.md number them) rests on: the finding, crop and diff files, the DOM excerpt, the check\'s doc'))
    .option('--unit <unit>', 'a whole capture instead: <spec>/<state>-<viewport>, its findings and the crop of each blocker')
    .option('--run <dir>', 'run folder or run id (default: the newest run with a report.json)')
    .option('--json', 'print it as JSON (with the files written)')
    .action(act(cmdExplain));
  withConfig(withLoad(cli.command('validate [...specs]', 'schema + semantic validation; every error as file:line:col')))
    .option('--json', 'print the result as JSON: { ok, specs, units, problems }')
    .action(act(cmdValidate));
  withConfig(withLoad(cli.command('plan [...specs]', 'print the compiled plan')))
    .option('--json', 'as JSON')
    .option('--changed [ref]', 'only what `run --changed` would run: the specs, and a Storybook spec\'s stories, the changes since ref reach')
    .action(act(cmdPlan));
  cli.command('checks', 'list every check with its options and default severity').action(act(cmdChecks));
  withOut(cli.command('approve', 'promote a completed run\'s captures to baselines'))
    .option('--run <dir>', 'run folder or run id (default: the latest completed run, <out>/latest)')
    .option('--spec <name>', 'only this spec')
    .option('--state <name>', 'only this state')
    .option('--viewport <name>', 'only this viewport')
    .option('--force', 'approve captures with blocker findings too (they are listed)')
    .option('--accept-a11y-debt', 'record axe violations that are not yet known debt as accepted accessibility debt (who/when/commit in the manifest); without it such captures are refused')
    .option('--prune', 'remove baselines that no spec produces any more')
    .option('--from-image <png>', 'import an accepted design export (PNG) as the baseline of one unit (--spec, --state, --viewport); compared perceptually per region, see docs/design-parity.md')
    .option('--boxes <json>', 'with --from-image: named region boxes of the export (docs/design-parity.md#region-boxes), making it a layout comparison too')
    .action(act(cmdApprove));
  withOut(cli.command('review', 'serve a completed run\'s report on 127.0.0.1 with Approve / Reject / Undo per capture and per group of identical changes (see docs/review.md)'))
    .option('--run <dir>', 'run folder or run id (default: the latest completed run, <out>/latest)')
    .option('--port <n>', 'port on 127.0.0.1 (default: a free one)')
    .option('--no-open', 'print the address only; do not open it in the system\'s browser')
    .option('--idle <duration>', `stop after this long without a request: 30s, 10m, 1h; 0 never (default ${DEFAULT_IDLE})`)
    .action(act(cmdReview));
  withOut(cli.command('verify', 'done-check: the newest completed run covering every spec must have passed and match the working tree'))
    .action(act(cmdVerify));
  withConfig(withLoad(cli.command('calibrate <gold-dir>', 'run the judge over a labelled gold set and report agreement')))
    .option('--no-cache', NO_CACHE)
    .option('--json', 'print the calibration report as JSON')
    .action(act(cmdCalibrate));
  withConfig(cli.command('browser', 'print the browser a run would use (path and kind); CI logs name it'))
    .option('--install', 'when none is found, install Playwright\'s Chromium with its system packages')
    .action(act(cmdBrowser));
  withConfig(cli.command('mcp', 'MCP server over stdio for coding agents: look, run, explain, verify, list_specs, validate, approve (see docs/mcp.md)'))
    .action(act(cmdMcp));
  cli.command('init [dir]', 'scaffold for the app it finds: config with server:, a spec and brief per route, schemas, VS Code settings, MCP client configs, CI, AGENTS.md, npm scripts')
    .option('--ci <kind>', 'github (default: .github/workflows/visual-eval.yml), gitlab (.gitlab-ci.yml) or none')
    .option('--force', 'overwrite files, and re-create what you deleted, that init wrote before')
    .option('--pm <name>', 'the package manager every written file uses: npm, pnpm, yarn or bun (default: told by packageManager, lockfiles and node_modules)')
    .option('--pin-pm', 'set package.json\'s packageManager to the version installed here, so CI installs the same one')
    .action(act(cmdInit));
  cli.command('demo', 'serve the bundled demo shop and run its spec: approve, pass, then a regression that fails')
    .action(act(cmdDemo));
}
