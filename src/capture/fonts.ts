// A private fontconfig so stray system or user fonts cannot change rendering, and the font list
// that goes into the environment fingerprint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sha256 } from '../core/fsx.js';
import { writeFileAtomic } from '../core/fsx.js';

/** System font folders only: no ~/.fonts, no conf.d includes that add user folders. */
export const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];

export function fontsConf(cacheDir: string, dirs = FONT_DIRS): string {
  const alias = (generic: string, family: string) =>
    `  <alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${cacheDir}</cachedir>`,
    alias('sans-serif', 'DejaVu Sans'), alias('serif', 'DejaVu Serif'), alias('monospace', 'DejaVu Sans Mono'),
    // fixed rendering settings instead of whatever the host's conf.d says
    '  <match target="font"><edit name="antialias" mode="assign"><bool>true</bool></edit>',
    '    <edit name="hinting" mode="assign"><bool>true</bool></edit><edit name="hintstyle" mode="assign"><const>hintslight</const></edit>',
    '    <edit name="rgba" mode="assign"><const>none</const></edit></match>',
    '</fontconfig>',
    '',
  ].join('\n');
}

/** Writes the private fonts.conf (once per content) and returns its path. */
export function privateFontConfig(): string {
  const base = path.join(os.tmpdir(), 'veval-fontconfig');
  const text = fontsConf(path.join(base, 'cache'));
  const file = path.join(base, `fonts-${sha256(text).slice(0, 12)}.conf`);
  if (!fs.existsSync(file)) writeFileAtomic(file, text);
  return file;
}

/** Sorted "family|file" list the browser can see through the private config; [] without fc-list. */
export function listFonts(fontConfigFile: string): { fonts: string[]; fontsHash: string } {
  const r = spawnSync('fc-list', ['--format', '%{family[0]}|%{file}\\n'], {
    env: { ...process.env, FONTCONFIG_FILE: fontConfigFile }, encoding: 'utf8', timeout: 20_000,
  });
  const fonts = r.status === 0 ? [...new Set(r.stdout.split('\n').map((l) => l.trim()).filter(Boolean))].sort() : [];
  return { fonts, fontsHash: sha256(fonts.length ? fonts.join('\n') : 'fc-list unavailable') };
}
