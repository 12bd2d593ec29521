// Which spec files a command works on: the arguments (files, folders, globs), else the config's
// `specs:` globs. A symlink loop or a second link to the same file yields the file once.
import fs from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { shown } from '../core/paths.js';

export interface SpecFileQuery { cwd: string; args?: string[]; root: string; patterns?: string[]; configFile: string | null }

const DEFAULT_PATTERNS = ['specs/**/*.yaml', 'specs/**/*.yml'];

export async function findSpecFiles(q: SpecFileQuery, problems: string[]): Promise<string[]> {
  const found: string[] = [];
  if (q.args?.length) {
    for (const arg of q.args) {
      const abs = path.resolve(q.cwd, arg);
      const isDir = fs.existsSync(abs) && fs.statSync(abs).isDirectory();
      let matched: string[];
      if (isDir) matched = await glob('**/*.{yaml,yml}', { cwd: abs, absolute: true });
      else if (fs.existsSync(abs)) matched = [abs];
      else if (/[*?[{]/.test(arg)) matched = await glob(arg, { cwd: q.cwd, absolute: true });
      else { problems.push(`${arg}:1:1 spec file not found`); continue; }
      if (!matched.length) problems.push(`no spec files match ${arg}${isDir ? ' (a folder with no .yaml or .yml files)' : ''}`);
      found.push(...matched);
    }
  } else {
    const patterns = q.patterns ?? DEFAULT_PATTERNS;
    found.push(...await glob(patterns, { cwd: q.root, absolute: true }));
    if (!found.length && !problems.length) {
      const where = q.configFile ? `${shown(q.configFile, q.cwd)}:1:1 ` : '';
      problems.push(`${where}no spec files found (looked for ${patterns.join(', ')} under ${q.root})`);
    }
  }
  const byReal = new Map<string, string>();
  for (const f of [...new Set(found.map((f) => path.resolve(f)))].sort()) {
    let real = f;
    try { real = fs.realpathSync(f); } catch { /* reported when read */ }
    if (!byReal.has(real)) byReal.set(real, f);
  }
  return [...byReal.values()];
}
