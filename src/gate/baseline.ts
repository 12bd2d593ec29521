// The HTML report must work when the run folder is uploaded alone (a CI artifact), so the baseline
// a capture was compared with is copied next to it as <spec>/<state>-<vp>.baseline.png. Parity may
// already have put it there; otherwise the path parity.json names is copied (the one read outside
// the run folder, and only of a file parity itself used).
import fs from 'node:fs';
import path from 'node:path';
import { abs, type RunContext } from '../core/run.js';

export function copyBaseline(run: RunContext, spec: string, key: string, parityUnit: { baseline?: unknown } | undefined): string | null {
  const rel = `${spec}/${key}.baseline.png`;
  const target = abs(run, rel);
  if (fs.existsSync(target)) return rel;
  const src = parityUnit?.baseline;
  if (typeof src !== 'string' || !src) return null;
  const candidates = path.isAbsolute(src) ? [src] : [path.join(run.runDir, src), path.join(run.root, src)];
  const from = candidates.find((p) => { try { return fs.statSync(p).isFile(); } catch { return false; } });
  if (!from) return null;
  try {
    fs.copyFileSync(from, target);
    return rel;
  } catch {
    return null;   // the report still works; the slider just has no baseline
  }
}
