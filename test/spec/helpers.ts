// Loads a project written to a temp folder, returning the plan or the problem lines.
import { loadProject } from '../../src/spec/project.js';
import { InputError } from '../../src/core/errors.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import type { ProjectPlan } from '../../src/spec/plan.js';

export const CONFIG = `baseURL: http://127.0.0.1:9
viewports:
  desktop: { width: 1280, height: 800 }
  mobile: { width: 390, height: 844, isMobile: true }
`;

export async function load(tree: Record<string, string | Buffer>, opts: { specs?: string[] } = {}): Promise<{ plan?: ProjectPlan; problems: string[]; dir: string }> {
  const dir = tmpDir();
  writeTree(dir, { 'visual-eval.config.yaml': CONFIG, ...tree });
  try {
    return { plan: await loadProject({ cwd: dir, specs: opts.specs }), problems: [], dir };
  } catch (err) {
    if (err instanceof InputError) return { problems: err.problems, dir };
    throw err;
  }
}
