// A brief's "## Must show" list: `selector` items and "quoted text" items become required
// entries (checked deterministically); items in plain words go to the judge. Every line under the
// heading is an item (with or without a list marker) or a problem at its line:col — never dropped.
// HTML comments and blank lines are the only lines that are neither.
export interface MustShowItem { item: string; kind: 'selector' | 'text' | 'plain'; value: string; name: string; line: number; col: number }
export interface MustShowProblem { line: number; col: number; message: string }

const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/;
const PLAIN_LINE = /^(\s*)(\S.*?)\s*$/;
const FENCE = /^\s*(```|~~~)/;

export function parseMustShow(markdown: string): MustShowItem[] {
  return readMustShow(markdown).items;
}

export function readMustShow(markdown: string): { items: MustShowItem[]; problems: MustShowProblem[] } {
  const items: MustShowItem[] = [], problems: MustShowProblem[] = [];
  let inSection = false, sectionLevel = 0, inComment = false, inFence = false;
  markdown.split(/\r?\n/).forEach((raw, i) => {
    // an HTML comment (one line or several) is a note to the author, not an item
    let line = raw;
    if (inComment) {
      const end = line.indexOf('-->');
      if (end < 0) return;
      inComment = false;
      line = ' '.repeat(end + 3) + line.slice(end + 3);
    }
    line = line.replace(/<!--.*?-->/g, (m) => ' '.repeat(m.length));
    const open = line.indexOf('<!--');
    if (open >= 0) { inComment = true; line = line.slice(0, open); }
    if (FENCE.test(line)) {
      if (inSection && !inFence) problems.push({ line: i + 1, col: line.search(/\S/) + 1, message: 'a code block under "## Must show": write one item per line (`css selector`, "quoted text" or plain words)' });
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const h = HEADING.exec(line);
    if (h) {
      const level = line.indexOf(' ');
      if (/^must[- ]show\b/i.test(h[1])) { inSection = true; sectionLevel = level; return; }
      if (inSection && level <= sectionLevel) inSection = false;
      return;
    }
    if (!inSection || !line.trim()) return;
    const m = ITEM.exec(line) ?? PLAIN_LINE.exec(line)!;
    const body = m[2];
    const col = m[1].length + line.slice(m[1].length).indexOf(body) + 1;
    const at = (message: string) => problems.push({ line: i + 1, col, message });
    const sel = /^`([^`]+)`\s*(?:[—–:-]\s*(.*))?$/.exec(body);
    const txt = /^(?:"([^"]+)"|“([^”]+)”|'([^']+)')\s*(?:[—–:-]\s*(.*))?$/.exec(body);
    if (sel) items.push({ item: body, kind: 'selector', value: sel[1].trim(), name: sel[2]?.trim() || sel[1].trim(), line: i + 1, col });
    else if (txt) {
      const value = txt[1] ?? txt[2] ?? txt[3];
      items.push({ item: body, kind: 'text', value, name: txt[4]?.trim() || `text "${value}"`, line: i + 1, col });
    } else if (body.startsWith('`')) at(`"${body}" in ## Must show: a selector item is \`css selector\`, optionally followed by " — name"`);
    else if (/^["“]/.test(body)) at(`"${body}" in ## Must show: a text item is "quoted text", optionally followed by " — name"`);
    else items.push({ item: body, kind: 'plain', value: body, name: body, line: i + 1, col });
  });
  return { items, problems };
}
