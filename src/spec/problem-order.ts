// Problems are printed once each, by file, then line, then column; lines without a position
// (command-line problems) come first. A file with thousands of problems shows the first
// MAX_PER_FILE and a count: past that, a list helps nobody and only costs time.
const POS = /^(.*?):(\d+):(\d+) /;
export const MAX_PER_FILE = 500;

export function sortProblems(problems: string[]): string[] {
  const keyed = [...new Set(problems)].map((p, i) => {
    const m = POS.exec(p);
    return { p, i, file: m ? m[1] : '', line: m ? Number(m[2]) : 0, col: m ? Number(m[3]) : 0 };
  });
  keyed.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.col - b.col || a.i - b.i);
  const out: string[] = [];
  const count = new Map<string, number>();
  for (const k of keyed) {
    const n = (count.get(k.file) ?? 0) + 1;
    count.set(k.file, n);
    if (!k.file || n <= MAX_PER_FILE) out.push(k.p);
  }
  for (const [file, n] of count) if (file && n > MAX_PER_FILE) {
    let last = out.length - 1;
    while (last >= 0 && !out[last].startsWith(file + ':')) last--;
    out.splice(last + 1, 0, `${file}:1:1 … more problems in this file are not shown (the first ${MAX_PER_FILE} are); fix these first`);
  }
  return out;
}
