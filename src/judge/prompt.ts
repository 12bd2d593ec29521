// Renders the versioned prompt templates (Handlebars, strict: a missing variable is an error).
// The rubric is itself a template over the spec. Page-derived text is fenced in a block whose
// delimiter carries a hash of its own content, so the page cannot forge the closing line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { sha256 } from '../core/fsx.js';
import type { SpecPlan } from '../spec/plan.js';
import type { JudgeInputs, SentImage } from './inputs.js';
import { judgeItems, type JudgeItem } from './items.js';

/** Bump when the templates or the verdict schema change meaning: it is part of the cache key. */
export const TEMPLATE_VERSION = 'judge-prompt/3';

const here = path.dirname(fileURLToPath(import.meta.url));
function loadTemplate(name: string): string {
  // The template sits next to this module, in src/ and in dist/ (scripts/build.sh copies it).
  const file = path.join(here, name);
  if (!fs.existsSync(file)) throw new Error(`judge prompt template ${name} not found next to ${here}`);
  return fs.readFileSync(file, 'utf8');
}

const compile = (src: string) => Handlebars.compile(src, { strict: true, noEscape: true });
let compiled: { system: HandlebarsTemplateDelegate; user: HandlebarsTemplateDelegate } | null = null;
function templates() {
  compiled ??= { system: compile(loadTemplate('system.v1.hbs')), user: compile(loadTemplate('user.v1.hbs')) };
  return compiled;
}

export interface RenderedPrompt { system: string; user: string; nonce: string; items: JudgeItem[] }

function describe(img: SentImage): string {
  const what = img.kind === 'full' ? 'full capture' : img.kind === 'region' ? `crop of region "${img.region}"` : 'crop of an area that changed since the baseline';
  const where = img.box ? ` at x=${Math.round(img.box.x)} y=${Math.round(img.box.y)} w=${Math.round(img.box.width)} h=${Math.round(img.box.height)} (CSS px)` : '';
  return `${img.baseline ? 'BASELINE (approved) ' : ''}${what}, state "${img.state}", viewport "${img.viewport}"${where}, ${img.width}×${img.height} px`;
}

/** Throws (with Handlebars' message) when the rubric or a template uses a missing variable. */
export function renderPrompt(spec: SpecPlan, inputs: JudgeInputs): RenderedPrompt {
  const regionNames = Object.keys(spec.regions);
  const rubricCtx = {
    spec: { name: spec.name, route: spec.route ?? '', url: spec.url ?? '', file: spec.file },
    brief: spec.brief?.text ?? '',
    mustShow: (spec.brief?.mustShow ?? []).map((m) => m.item),
    regions: spec.regions,
    regionNames,
    viewports: spec.viewports.map((v) => v.name),
    states: spec.states.map((s) => s.name),
  };
  let rubric: string;
  try {
    rubric = compile(spec.judge!.rubric.text)(rubricCtx).trim();
  } catch (err) {
    throw new Error(`rubric template: ${(err as Error).message.split('\n')[0]}`);
  }
  const items = judgeItems(rubric, spec.brief?.mustShow ?? []);
  const untrusted = inputs.texts.filter((t) => t.untrusted).map((t) => `--- file: ${t.name} ---\n${t.text}`).join('\n\n');
  const nonce = sha256(untrusted).slice(0, 16);
  const ctx = {
    spec: rubricCtx.spec,
    rubric,
    brief: spec.brief?.text ?? '',
    regionNames,
    images: inputs.images.map((i) => ({ name: i.name, describe: describe(i) })),
    texts: inputs.texts.map((t) => ({ name: t.name, untrusted: t.untrusted })),
    notes: inputs.notes,
    items,
    untrusted,
    nonce,
  };
  const t = templates();
  return { system: t.system(ctx).trim(), user: t.user(ctx).trim(), nonce, items };
}
