// validate: a spec's text (or the whole project) checked exactly as the CLI loads it — parse,
// schema, semantics, compile — with every problem located by line and column. Problems are the
// answer here, not an error.
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { loadProject } from '../../spec/project.js';
import { defineTool } from '../tool.js';
import { unitsOf } from '../../core/run.js';

const LOCATED = /^(.*?):(\d+):(\d+) (.*)$/s;

export default defineTool({
  name: 'validate',
  title: 'Validate a spec',
  description: 'Check a spec before writing it: give its YAML text (and where it would live, for relative paths such as brief:) and get every problem with line:col, checked with the project\'s config exactly as `veval validate` does. Without text, validates the whole project.',
  input: z.object({
    text: z.string().optional().describe('the spec\'s YAML text'),
    file: z.string().min(1).optional().describe('where the spec would live, relative to the project root (default specs/untitled.yaml)'),
  }),
  readOnly: true,
  async run(a, ctx) {
    const file = a.file ?? 'specs/untitled.yaml';
    try {
      const plan = await loadProject({ config: ctx.config, cwd: ctx.cwd, baseURL: 'http://127.0.0.1/', ...(a.text !== undefined ? { inline: [{ file, text: a.text }] } : {}) });
      const units = plan.specs.reduce((n, s) => n + unitsOf(s).length, 0);
      return { text: `ok: ${plan.specs.length} spec(s) valid (${units} capture units)`, data: { ok: true, specs: plan.specs.map((s) => s.name), units, problems: [] } };
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      const problems = err.problems.map((p) => {
        const m = LOCATED.exec(p);
        return m ? { file: m[1], line: Number(m[2]), column: Number(m[3]), message: m[4], text: p } : { file: null, line: null, column: null, message: p, text: p };
      });
      return { text: [`${problems.length} problem(s):`, ...err.problems.map((p) => `  ${p}`)].join('\n'), data: { ok: false, problems } };
    }
  },
});
