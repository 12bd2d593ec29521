// The published results of ReDeCheck (Walsh, McMinn, Kapfhammer, ISSTA 2017) for its subjects,
// read from the authors' repository: each subject's fault-report.txt (the failures in order, with
// XPaths and width ranges), error-types.txt (one type per failure: OL collision, OF element
// protrusion, VO viewport protrusion, SR small range, W wrapping) and classification.txt (the
// authors' call per failure: 1 true positive, 0 false positive, -1 not counted).
import { execFileSync } from 'node:child_process';

export type PublishedType = 'OL' | 'OF' | 'VO' | 'SR' | 'W';
export interface Published {
  subject: string;
  index: number;
  type: PublishedType;
  /** OL: the two elements; OF: [child, parent]; VO: [element] */
  xpaths: string[];
  from: number;
  to: number;
  classification: 1 | 0 | -1 | null;
  text: string;
}

/** Where the reports were removed from the repository; they live in its parent. */
export const REPORTS_COMMIT = '93779ab4^';

const git = (gitDir: string, args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** One failure block of a fault report. */
export function parseBlock(block: string): Omit<Published, 'subject' | 'index' | 'type' | 'classification'> | null {
  const text = block.trim();
  let m = /^ELEMENTS (\S+) AND (\S+) ARE OVERLAPPING BETWEEN (\d+) AND (\d+)/.exec(text);
  if (m) return { xpaths: [m[1]!, m[2]!], from: +m[3]!, to: +m[4]!, text };
  m = /^(\S+) OVERFLOWED ITS PARENT BETWEEN (\d+) AND (\d+)\s*\n\s*(\S+) ,/.exec(text);
  if (m) return { xpaths: [m[1]!, m[4]!], from: +m[2]!, to: +m[3]!, text };
  m = /^(\S+) overflowed the viewport window between (\d+) and (\d+)/.exec(text);
  if (m) return { xpaths: [m[1]!], from: +m[2]!, to: +m[3]!, text };
  m = /^SMALL RANGE ERROR:\s*\n\s*THIS: (\S+) , (\S+) , \w+ , (\d+) , (\d+)/.exec(text);
  if (m) return { xpaths: [m[1]!, m[2]!], from: +m[3]!, to: +m[4]!, text };
  m = /^WRAPPING ELEMENT ERROR FOR RANGE (\d+) -> (\d+):\s*\n\s*(\S+)/.exec(text);
  if (m) return { xpaths: [m[3]!], from: +m[1]!, to: +m[2]!, text };
  return null;
}

/** Every published failure of every subject with a report (reports-final/<Subject>/index-*). */
export function readPublished(gitDir: string): Published[] {
  const paths = git(gitDir, ['ls-tree', '-r', '--name-only', REPORTS_COMMIT, 'reports-final']).split('\n')
    .filter((p) => /^reports-final\/[^/(]+\/index-[^/]+\/fault-report\.txt$/.test(p));
  const out: Published[] = [];
  for (const p of paths) {
    const dir = p.slice(0, p.lastIndexOf('/'));
    const subject = dir.split('/')[1]!;
    const read = (f: string) => { try { return git(gitDir, ['show', `${REPORTS_COMMIT}:${dir}/${f}`]); } catch { return ''; } };
    const types = read('error-types.txt').split('\n').map((s) => s.trim()).filter(Boolean) as PublishedType[];
    const classes = read('classification.txt').split('\n').map((s) => s.trim()).filter(Boolean).map(Number);
    const blocks = read('fault-report.txt').split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean).map(parseBlock);
    blocks.forEach((b, i) => {
      if (!b || !types[i]) return;
      out.push({ subject, index: i, type: types[i]!, ...b, classification: (classes[i] as 1 | 0 | -1 | undefined) ?? null });
    });
  }
  return out;
}
