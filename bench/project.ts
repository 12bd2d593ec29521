// The benchmark's project: N units = N/2 specs × (desktop, mobile) over the 20 fixture pages in
// bench/pages (spec i → page i mod 20), each with regions and a required heading, every default
// deterministic check on (axe included), judge off. Written into a temp folder per benchmark.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = path.dirname(fileURLToPath(import.meta.url));
export const PAGES_DIR = path.join(BENCH, 'pages');
export const PAGES = Array.from({ length: 20 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}`);
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, isMobile: false, hasTouch: false },
  { name: 'mobile', width: 390, height: 844, isMobile: true, hasTouch: true },
];
export const BROWSER = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p)) ?? process.env.VEVAL_BROWSER ?? '';

export interface BenchProjectOptions {
  units: number;
  /** serve this URL instead of the project's own static copy of the pages */
  baseURL?: string;
  /** compare with approved baselines (run --update-baselines once first) */
  parity?: boolean;
  /** switch axe off (the peers run no accessibility audit): the like-for-like comparison */
  noAxe?: boolean;
}

export function makeBenchProject(o: BenchProjectOptions): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `veval-bench-${o.units}-`));
  const vp = VIEWPORTS.map((v) => `  ${v.name}: { width: ${v.width}, height: ${v.height}${v.isMobile ? ', isMobile: true, hasTouch: true' : ''} }`).join('\n');
  const server = o.baseURL ? `baseURL: ${o.baseURL}` : 'server: { static: site }';
  fs.writeFileSync(path.join(dir, 'visual-eval.config.yaml'), `${server}\nbrowser: { executablePath: ${BROWSER} }\nviewports:\n${vp}\n`);
  if (!o.baseURL) fs.cpSync(PAGES_DIR, path.join(dir, 'site'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'specs'));
  const specs = Math.max(1, Math.round(o.units / VIEWPORTS.length));
  for (let i = 0; i < specs; i++) {
    const page = PAGES[i % PAGES.length];
    fs.writeFileSync(path.join(dir, 'specs', `s${String(i).padStart(3, '0')}.yaml`), [
      `name: s${String(i).padStart(3, '0')}-${page}`,
      `route: /${page}`,
      'viewports: [desktop, mobile]',
      'regions: { header: header, main: main }',
      'required: [{ selector: h1, name: heading }]',
      ...(o.parity ? ['parity: { threshold: 0.1, maxDiffRatio: 0.001 }'] : []),
      ...(o.noAxe ? ['checks: { axe: false }'] : []),
      '',
    ].join('\n'));
  }
  return dir;
}

/** Last line of a child benchmark's stdout: `RESULT {json}`. */
export const emit = (x: unknown) => console.log(`RESULT ${JSON.stringify(x)}`);
export function resultOf(stdout: string): any {
  const line = stdout.split('\n').reverse().find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`no RESULT line in:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice(7));
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The defect set: the same 20 pages, each with one defect a gate must catch (page i: defect i mod
 *  5), served at the same URLs after the baselines were approved on the clean pages. */
export const DEFECTS: { id: string; what: string; apply: (html: string) => string }[] = [
  { id: 'covered-cta', what: 'a fixed cookie banner covers the required h1', apply: (h) => h.replace('</body>', '<div style="position:fixed;left:0;right:0;top:0;height:240px;background:#222;color:#fff;padding:24px;z-index:5">We use cookies. <button>Accept</button></div></body>') },
  { id: 'overflow', what: 'a 1600 px wide strip makes the page scroll sideways', apply: (h) => h.replace('</h1>', '</h1><div style="width:1600px;height:8px;background:#cde"></div>') },
  { id: 'console-errors', what: 'a console.error and an uncaught exception while loading', apply: (h) => h.replace('</body>', '<script>console.error("payment widget failed to load")</script><script>null.boom()</script></body>') },
  { id: 'missing-labels', what: 'a text field and a select without labels', apply: (h) => h.replace('</h1>', '</h1><form><input type="text" placeholder="Email"><select><option>One</option></select></form>') },
  { id: 'moved-region', what: 'main moved 40 px down against its baseline', apply: (h) => h.replace('<main>', '<main style="padding-top:64px">') },
];

/** Writes the bench pages into `dir`: clean, or each with its defect. */
export function writePages(dir: string, defects: boolean): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(PAGES_DIR)) fs.copyFileSync(path.join(PAGES_DIR, f), path.join(dir, f));
  if (!defects) return;
  PAGES.forEach((p, i) => {
    const file = path.join(dir, `${p}.html`);
    const html = fs.readFileSync(file, 'utf8');
    const out = DEFECTS[i % DEFECTS.length].apply(html);
    if (out === html) throw new Error(`defect ${DEFECTS[i % DEFECTS.length].id} did not apply to ${p}`);
    fs.writeFileSync(file, out);
  });
}
