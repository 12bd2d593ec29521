// Text printed to a terminal (or a CI log, which a CI runner parses line by line) comes in part
// from the page: console messages, selectors, quoted DOM text, judge reasons. One function makes
// any such string safe to print: one line, no control characters, no escape sequences, nothing a
// CI runner reads as a command. Every printer (console reporter, checklist, CLI messages) uses it.

// ESC-introduced sequences: CSI (ESC [ … final), OSC / DCS / SOS / PM / APC (ESC ] P X ^ _ … up to
// BEL or ST), and two-character escapes (ESC + one byte). The C1 forms (U+009B CSI, U+009D OSC …)
// are the same sequences without ESC.
/* eslint-disable no-control-regex */
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
const STRING_SEQ = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
const ESC_PAIR = /\u001b[\u0020-\u007e]?/g;
// Line breaks of every kind (CR, LF, VT, FF, NEL, LINE/PARAGRAPH SEPARATOR) and tabs; a run of
// them is one space. Spaces are kept as they are (aligned CLI columns stay aligned).
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// Whatever control character is left (C0, DEL, C1), and the invisible format characters that
// reorder or hide text: bidi embeddings/overrides/isolates and marks, zero-width characters, BOM.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
/* eslint-enable no-control-regex */

/** Longest string printed for one page-derived value (a 1 MB console message stays in the artifacts). */
export const TERMINAL_MAX = 2000;

/**
 * `s` as one printable line: escape sequences removed, every run of line breaks and tabs folded
 * to one space, control and invisible format characters removed, and CI workflow command
 * markers (`::name::` at the start, `##[`/`##vso[` anywhere) broken so no runner executes them.
 */
export function forTerminal(s: unknown, max = TERMINAL_MAX): string {
  let t = String(s ?? '')
    .replace(STRING_SEQ, '')
    .replace(CSI, '')
    .replace(ESC_PAIR, '')
    .replace(BREAKS, ' ')
    .replace(CONTROL, '')
    .trimEnd();
  if (t.length > max) t = `${t.slice(0, max - 1)}…`;
  // GitHub Actions reads `::command …::` at a line start; Azure Pipelines reads `##vso[` and `##[`.
  return t.replace(/^(\s*)::/, '$1: :').replace(/##(?=(?:vso)?\[)/gi, '# #');
}

/** Several lines of one message, each made safe (for multi-line CLI output built by veval itself). */
export const linesForTerminal = (lines: unknown[]): string[] => lines.map((l) => forTerminal(l));
