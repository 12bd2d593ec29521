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
