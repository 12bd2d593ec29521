// What in a project would make the setup `init` writes fail away from the author's machine, said
// once when init runs: an absolute asset base (the built pages load another site's files, so the
// local preview is blank offline) and a veval dependency on a local path (CI cannot reach it).
import fs from 'node:fs';
import path from 'node:path';

/** Config files and the key that sets where the built pages load their assets from. */
const ASSET_BASE: { files: RegExp; key: string; pattern: RegExp }[] = [
  { files: /^(vite|astro)\.config\.(js|mjs|cjs|ts|mts|cts)$/, key: 'base', pattern: /\bbase\s*:\s*(["'`])((?:https?:)?\/\/[^"'`]+)\1/ },
  { files: /^next\.config\.(js|mjs|cjs|ts)$/, key: 'assetPrefix', pattern: /\bassetPrefix\s*:\s*(["'`])((?:https?:)?\/\/[^"'`]+)\1/ },
  { files: /^svelte\.config\.(js|mjs|cjs|ts)$/, key: 'paths.assets', pattern: /\bassets\s*:\s*(["'`])((?:https?:)?\/\/[^"'`]+)\1/ },
];

/** The package names veval is installed under. */
const VEVAL_PACKAGES = ['veval-cli', 'veval'];

export function setupWarnings(root: string): string[] {
  const out: string[] = [];
  let names: string[] = [];
  try { names = fs.readdirSync(root); } catch { return out; }
  for (const rule of ASSET_BASE) {
    for (const file of names.filter((n) => rule.files.test(n))) {
      let text = '';
      try { text = fs.readFileSync(path.join(root, file), 'utf8'); } catch { continue; }
      const m = rule.pattern.exec(text);
      if (m) out.push(`${file}: ${rule.key} is an absolute URL (${m[2]}): the built pages load their scripts and styles from that site, not from the local preview veval captures (blank or stale offline and in CI); use a path ("/" or "/app/"), e.g. only for the deploy: ${rule.key}: process.env.DEPLOY_BASE ?? "/"`);
    }
  }
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const name of VEVAL_PACKAGES) {
        const spec = pkg?.[field]?.[name];
        if (typeof spec === 'string' && /^(git\+)?file:/.test(spec)) {
          out.push(`package.json: ${field}.${name} is "${spec}", a path on this machine: CI (and anyone else) cannot install it; depend on a git URL they can reach (git+https://…, git+ssh://…) or a published version`);
        }
      }
    }
  } catch { /* no package.json, or not JSON: nothing to say here (scripts() says it) */ }
  return out;
}
