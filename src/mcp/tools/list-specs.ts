// list_specs: the project's specs as the CLI loads them — names to pass to run, with their route,
// states, viewports and whether they compare against baselines.
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { loadProject } from '../../spec/project.js';
import { defineTool } from '../tool.js';
import { unitsOf } from '../../core/run.js';

export default defineTool({
  name: 'list_specs',
  title: 'List the specs',
  description: 'List the project\'s specs (names to pass to run): file, route or URL, states, viewports, whether they compare against approved baselines (parity) and their brief. A project that does not load is an input error with every problem located (file:line:col).',
  input: z.object({}),
  readOnly: true,
  async run(_a, ctx) {
    // what a spec covers needs no base URL: a placeholder lets a project without one list
    let plan;
    try { plan = await loadProject({ config: ctx.config, cwd: ctx.cwd, baseURL: 'http://127.0.0.1/' }); } catch (err) {
      // no spec yet is an answer (use look), not an error; any other problem of the project is
      if (err instanceof InputError && err.problems.every((p) => /(^|\s)no spec files (found|match)/.test(p))) {
        return { text: `no specs yet: ${err.problems.join('; ')}. \`look\` checks a screen without one`, data: { config: null, specs: [], problems: err.problems } };
      }
      throw err;
    }
    const specs = plan.specs.map((s) => ({
      name: s.name, file: s.file, route: s.route, url: s.route ? null : s.url,
      states: s.states.map((x) => x.name), viewports: s.viewports.map((v) => `${v.name} ${v.width}×${v.height}`),
      parity: !!s.parity, brief: s.brief?.file ?? null,
      units: unitsOf(s).length,
    }));
    const text = [`${specs.length} spec(s) in ${plan.root}${plan.configFile ? `, config ${path.relative(plan.root, plan.configFile)}` : ''} (files relative to it):`,
      ...specs.map((s) => `  ${s.name} (${s.file}): ${s.route ?? s.url} · states ${s.states.join(', ')} · viewports ${s.viewports.join(', ')}${s.parity ? ' · parity' : ''}`)].join('\n');
    return { text, data: { config: plan.configFile, specs } };
  },
});
