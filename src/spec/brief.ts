// A brief's "## Must show" list: `selector` items and "quoted text" items become required
// entries (checked deterministically); items in plain words go to the judge.
export interface MustShowItem { item: string; kind: 'selector' | 'text' | 'plain'; value: string; name: string; line: number; col: number }

const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/;

export function parseMustShow(markdown: string): MustShowItem[] {
  const out: MustShowItem[] = [];
  let inSection = false;
  let sectionLevel = 0;
  const lines = markdown.split(/\r?\n/);
  lines.forEach((line, i) => {
    const h = HEADING.exec(line);
    if (h) {
      const level = line.indexOf(' ');
      if (/^must[- ]show\b/i.test(h[1])) { inSection = true; sectionLevel = level; return; }
      if (inSection && level <= sectionLevel) inSection = false;
      return;
    }
    if (!inSection) return;
    const m = ITEM.exec(line);
    if (!m) return;
    const body = m[2];
    const col = m[1].length + line.slice(m[1].length).indexOf(body) + 1;
    const sel = /^`([^`]+)`\s*(?:[—–:-]\s*(.*))?$/.exec(body);
    const txt = /^(?:"([^"]+)"|“([^”]+)”|'([^']+)')\s*(?:[—–:-]\s*(.*))?$/.exec(body);
    if (sel) out.push({ item: body, kind: 'selector', value: sel[1].trim(), name: sel[2]?.trim() || sel[1].trim(), line: i + 1, col });
    else if (txt) {
      const value = txt[1] ?? txt[2] ?? txt[3];
      out.push({ item: body, kind: 'text', value, name: txt[4]?.trim() || `text "${value}"`, line: i + 1, col });
    } else out.push({ item: body, kind: 'plain', value: body, name: body, line: i + 1, col });
  });
  return out;
}
