// Environment guard: a baseline made by another browser flavour, major version, font set, font
// configuration (which font each generic family resolves to), scale or platform cannot be
// compared pixel by pixel without a wall of noise, so that comparison is refused with the reason. A patch build of the same major compares normally (Debian ships
// Chromium security builds often) and is only noted.
import type { EnvFingerprint } from '../../core/artifacts.js';

const major = (v: string) => (v || '').split('.')[0] || '?';
const describe = (e: EnvFingerprint) => `${e.browserName} ${major(e.browserVersion)} ${e.flavour}`;

export interface EnvVerdict { mismatch: string[]; note: string | null }

export function compareEnv(base: EnvFingerprint | undefined | null, cur: EnvFingerprint | undefined | null): EnvVerdict {
  if (!base || !cur) return { mismatch: [`environment fingerprint missing from the ${!base ? 'baseline manifest' : 'capture record'}`], note: null };
  const mismatch: string[] = [];
  if (base.browserName !== cur.browserName || base.flavour !== cur.flavour || major(base.browserVersion) !== major(cur.browserVersion)) {
    mismatch.push(`baseline made with ${describe(base)} (${base.browserVersion}), this run ${describe(cur)} (${cur.browserVersion})`);
  }
  if (base.fontsHash !== cur.fontsHash) {
    const added = cur.fonts.filter((f) => !base.fonts.includes(f));
    const removed = base.fonts.filter((f) => !cur.fonts.includes(f));
    const parts = [added.length ? `added ${added.slice(0, 3).join(', ')}${added.length > 3 ? ` and ${added.length - 3} more` : ''}` : '',
      removed.length ? `removed ${removed.slice(0, 3).join(', ')}${removed.length > 3 ? ` and ${removed.length - 3} more` : ''}` : ''].filter(Boolean);
    mismatch.push(`font set differs from the baseline's${parts.length ? ` (${parts.join('; ')})` : ''}`);
  }
  if ((base.fontConfigHash ?? null) !== (cur.fontConfigHash ?? null)) {
    mismatch.push(base.fontConfigHash
      ? 'font configuration differs from the baseline\'s (the fonts generic families such as system-ui, serif or emoji resolve to changed)'
      : 'baseline made before its font configuration was fingerprinted (generic families such as system-ui may have rendered in another font)');
  }
  if (base.deviceScaleFactor !== cur.deviceScaleFactor) mismatch.push(`device scale factor ${base.deviceScaleFactor} at approval, ${cur.deviceScaleFactor} now`);
  if (base.platform !== cur.platform) mismatch.push(`baseline made on ${base.platform}, this run on ${cur.platform}`);
  const note = !mismatch.length && base.browserVersion !== cur.browserVersion
    ? `browser build ${cur.browserVersion} differs from the baseline's ${base.browserVersion} (same major; compared normally)`
    : null;
  return { mismatch, note };
}
