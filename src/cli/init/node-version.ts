// The Node version the generated CI uses: the app's own (.nvmrc, .node-version, engines.node), so
// CI builds the app as its authors do; else the newest LTS veval supports. A version veval cannot
// run on is replaced by that LTS, and init says so.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { PACKAGE_ROOT } from '../../core/version.js';

/** Node's LTS majors, oldest first; the last is the newest. (Even majors from 20 on are LTS.) */
export const NODE_LTS_MAJORS = [20, 22, 24];

/** What veval itself needs: its package.json's engines.node. */
export const VEVAL_NODE_RANGE: string = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')).engines.node;

export interface NodeChoice {
  /** what CI installs: "24", "22.11.0" */
  version: string;
  /** where it came from, for the file's comment and init's line */
  from: string;
  /** one line for the user when the app's own version was not used */
  note: string | null;
}

/** The newest LTS major that fits `range` and veval's own range. */
function newestLts(range = '*'): string | null {
  const fits = NODE_LTS_MAJORS.filter((m) => semver.intersects(range, `^${m}.0.0`) && semver.intersects(VEVAL_NODE_RANGE, `^${m}.0.0`));
  return fits.length ? String(fits[fits.length - 1]) : null;
}

export function nodeVersionFor(root: string): NodeChoice {
  const fallback = newestLts()!;
  for (const file of ['.nvmrc', '.node-version']) {
    let text: string;
    try { text = fs.readFileSync(path.join(root, file), 'utf8'); } catch { continue; }
    const raw = text.split(/\r?\n/).map((l) => l.replace(/#.*/, '').trim()).find(Boolean) ?? '';
    const v = raw.replace(/^v/, '');
    // lts/*, lts/iron, node: aliases; a version both setup-node and the node image name would differ
    if (!/^\d+(\.\d+){0,2}$/.test(v)) return { version: fallback, from: `${file} says ${raw || 'nothing'}: the newest LTS veval supports`, note: null };
    const floor = semver.coerce(v)!;
    // "24" means any 24.x: it fits when some 24.x does
    const fits = v.includes('.') ? semver.gte(floor, semver.minVersion(VEVAL_NODE_RANGE)!) && semver.satisfies(floor, VEVAL_NODE_RANGE) : semver.intersects(VEVAL_NODE_RANGE, `^${floor.major}.0.0`);
    if (fits) return { version: v, from: file, note: null };
    return { version: fallback, from: 'the newest LTS veval supports', note: `${file} asks for Node ${v}, but veval needs ${VEVAL_NODE_RANGE}: CI uses Node ${fallback}` };
  }
  let engines: unknown;
  try { engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node; } catch { /* no package.json */ }
  if (typeof engines === 'string' && semver.validRange(engines)) {
    const m = newestLts(engines);
    if (m) return { version: m, from: `package.json engines.node ${engines}`, note: null };
    return { version: fallback, from: 'the newest LTS veval supports', note: `package.json engines.node ${engines} fits no LTS veval runs on (${VEVAL_NODE_RANGE}): CI uses Node ${fallback}` };
  }
  return { version: fallback, from: 'the newest LTS veval supports', note: null };
}
