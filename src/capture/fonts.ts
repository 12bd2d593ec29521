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

/** Colour emoji fonts `emoji` resolves to when installed (scripts/setup.sh installs the first). */
export const EMOJI_FONTS: { family: string; file: RegExp }[] = [{ family: 'Noto Color Emoji', file: /^NotoColorEmoji\.ttf$/i }];

/**
 * Every CSS generic family resolved as a Debian desktop's fontconfig resolves it with DejaVu
 * installed. The browser asks fontconfig for these names (and for "sans", its last-resort and
 * system-ui font); an unaliased name would get whatever sorts first (DejaVu Math TeX Gyre).
 */
export function genericFamilies(emoji: string | null): [generic: string, family: string][] {
  const sans = 'DejaVu Sans', serif = 'DejaVu Serif', mono = 'DejaVu Sans Mono';
  return [
    ...['sans-serif', 'sans', 'system-ui', 'ui-sans-serif', 'ui-rounded', 'cursive', 'fantasy'].map((g) => [g, sans] as [string, string]),
    ['serif', serif], ['ui-serif', serif],
    ['monospace', mono], ['mono', mono], ['ui-monospace', mono],
    ['math', 'DejaVu Math TeX Gyre'],
    ['emoji', emoji ?? sans],
  ];
}

/** The first colour emoji font installed under `dirs`, or null. */
export function installedEmoji(dirs = FONT_DIRS): string | null {
  const names = new Set<string>();
  const walk = (d: string, depth: number) => {
    let entries: fs.Dirent[];
    try { entries = fs.readdirSync(d, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      if (e.isDirectory() && depth < 6) walk(path.join(d, e.name), depth + 1);
      else names.add(e.name);
    }
  };
  for (const d of dirs) walk(d, 0);
  return EMOJI_FONTS.find((f) => [...names].some((n) => f.file.test(n)))?.family ?? null;
}

export function fontsConf(cacheDir: string, dirs = FONT_DIRS, emoji: string | null = installedEmoji(dirs)): string {
  const alias = (generic: string, family: string) =>
    `  <alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  const generic = genericFamilies(emoji);
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${cacheDir}</cachedir>`,
    // a request naming no generic family (or none at all: the browser's default) ends in
    // sans-serif, as Debian's 49-sansserif.conf does
    '  <match target="pattern">',
    ...[...new Set(generic.map(([g]) => g))].map((g) => `    <test qual="all" name="family" compare="not_eq"><string>${g}</string></test>`),
    '    <edit name="family" mode="append_last"><string>sans-serif</string></edit>',
    '  </match>',
    ...generic.map(([g, f]) => alias(g, f)),
    // fixed rendering settings instead of whatever the host's conf.d says
    '  <match target="font"><edit name="antialias" mode="assign"><bool>true</bool></edit>',
    '    <edit name="hinting" mode="assign"><bool>true</bool></edit><edit name="hintstyle" mode="assign"><const>hintslight</const></edit>',
    '    <edit name="rgba" mode="assign"><const>none</const></edit></match>',
    '</fontconfig>',
    '',
  ].join('\n');
}

/** sha256 of the private fonts.conf as it decides rendering (the cache folder left out, so the
 *  same aliases hash the same on every machine): part of the environment fingerprint. */
export function fontConfigHash(dirs = FONT_DIRS, emoji: string | null = installedEmoji(dirs)): string {
  return sha256(fontsConf('CACHE', dirs, emoji));
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
