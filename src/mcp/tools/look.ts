// look: `veval look` as a tool — a screen with no spec yet, captured with every deterministic check;
// the findings, one (downscaled) image per capture and a crop of every blocker's box.
import path from 'node:path';
import { z } from 'zod';
import { readArtifact } from '../../core/artifact-read.js';
import { files } from '../../core/run.js';
import { resolveOptions } from '../../cli/resolve.js';
import { lookJson, lookText } from '../../cli/cmd-look.js';
import { defineTool, progressOf } from '../tool.js';
import { findingCrop, findingLine, findingsOf, overviewImage } from '../evidence.js';
import { fitBudget, type WantedImage } from '../images.js';
import { STRESS_VARIANTS } from '../../core/stress.js';

export default defineTool({
  name: 'look',
  title: 'Look at a screen (no spec needed)',
  description: 'Capture a route or URL in Chromium at each viewport (default desktop and mobile), optionally after steps, and run every deterministic check (overflow, console errors, failed requests, clipped text, covered or unreachable interactive elements, axe). Returns the findings (ids to pass to explain), one downscaled image per capture and a crop of each blocker. Writes a run folder like `veval look`; use it for a screen that has no spec yet — with specs, `run` is the done-check.',
  input: z.object({
    target: z.string().min(1).describe('a route ("/settings", joined to the config\'s baseURL or its server) or an absolute http(s) URL'),
    viewports: z.array(z.string().min(1)).optional().describe('viewport names from the config (desktop, mobile) or WIDTHxHEIGHT; default: the config\'s, else desktop and mobile'),
    steps: z.array(z.string().min(1)).optional().describe('steps run before a second capture, as `veval look --step`: "click:#open", "fill:#email=a@b.c", "press:Enter", "hover:nav a", "wait:500"'),
    stress: z.array(z.enum(STRESS_VARIANTS)).optional().describe('also capture each state under these stress variants, as `veval look --stress`: text-spacing (WCAG 1.4.12), text-200 (WCAG 1.4.4), expand (longer, pseudo-localized text), long-words (30-character unbreakable words)'),
    baseURL: z.string().optional().describe('base URL a route is joined to (overrides the config)'),
  }),
  readOnly: true,
  async run(a, ctx) {
    const { look } = await import('../../look/index.js');
    const r = resolveOptions({ config: ctx.config }, ctx.cwd);
    const result = await look({
      target: a.target, baseURL: a.baseURL, config: ctx.config, out: r.out, cwd: ctx.cwd, viewports: a.viewports, steps: a.steps, stress: a.stress,
      argv: ['mcp', 'look', a.target], log: ctx.log, signal: ctx.signal, onProgress: progressOf(ctx),
    });
    const report = readArtifact('report', path.join(result.runDir, files.report)).value;
    const findings = report ? findingsOf(report) : [];
    const wanted: WantedImage[] = [];
    const notes: string[] = [];
    for (const f of findings.filter((x) => x.severity === 'blocker')) {
      const c = findingCrop(result.runDir, f, 'blocker');
      // a blocker without a crop says why (docs/mcp.md promises one for each blocker with a box)
      if (typeof c !== 'string') wanted.push(c); else notes.push(`no crop of ${f.id}: ${c}`);
    }
    for (const u of result.units) {
      const o = overviewImage(result.runDir, result.plan.specs[0].name, u.state, u.viewport);
      if (typeof o === 'string') notes.push(`no image of ${u.state}-${u.viewport}: ${o}`); else wanted.push(o);
    }
    const budget = fitBudget(wanted, r.mcpMaxImageBytes);
    notes.push(...budget.notes);
    const listed = findings.filter((f) => f.severity !== 'polish');
    const text = [
      lookText(result, ctx.cwd).trimEnd(),
      listed.length ? 'findings (pass an id to `explain` for its crop, DOM excerpt and the check\'s doc):' : 'no blocker or important finding',
      ...listed.map((f) => `  ${findingLine(f)}`),
      ...notes.map((n) => `note: ${n}`),
    ].join('\n');
    const data = {
      ...lookJson(result, ctx.cwd),
      findings: findings.map((f) => ({ id: f.id, severity: f.severity, check: f.check, state: f.state, viewport: f.viewport, message: f.message, selector: f.evidence?.selector ?? null })),
      imageNotes: budget.notes,
    };
    return { text, data, images: budget.images };
  },
});
