// A declaration's authored place: when the stylesheet that holds it names a source map (a
// `sourceMappingURL` comment, inline or served beside it), the file and line the developer wrote
// (src/checkout.scss:12) instead of the built bundle's. Maps are read once per stylesheet per unit
// (@jridgewell/trace-mapping decodes them); a map that cannot be read leaves the built place.
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { RuleSourceRecord } from '../core/artifacts.js';
import type { Header } from './css-rules.js';

/** Maps read so far, by the map's URL (null: unreadable). */
export type SourceMaps = Map<string, Promise<TraceMap | null>>;

const FETCH_MS = 2000;
/** Larger maps are not read (a map of a whole design system can be tens of MB). */
const MAX_MAP_BYTES = 5_000_000;

async function readMap(url: string): Promise<TraceMap | null> {
  try {
    let text: string;
    if (url.startsWith('data:')) {
      const comma = url.indexOf(',');
      const meta = url.slice(5, comma);
      const data = url.slice(comma + 1);
      text = /;base64$/i.test(meta) ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
    } else {
      if (!/^https?:/i.test(url)) return null;
      const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_MS) });
      if (!res.ok) return null;
      text = await res.text();
    }
    if (text.length > MAX_MAP_BYTES) return null;
    return new TraceMap(text, url.startsWith('data:') ? undefined : url);
  } catch {
    return null;
  }
}

/** `s` at its authored place when a map leads there; else `s` unchanged. */
export async function authoredPlace(s: RuleSourceRecord, headers: Map<string, Header>, maps: SourceMaps): Promise<RuleSourceRecord> {
  if (s.line === null || s.column === null) return s;
  const header = [...headers.values()].find((h) => h.sourceURL === s.url && h.sourceMapURL);
  if (!header?.sourceMapURL) return s;
  let mapUrl: string;
  try { mapUrl = new URL(header.sourceMapURL, s.url).href; } catch { return s; }
  if (!maps.has(mapUrl)) maps.set(mapUrl, readMap(mapUrl));
  const map = await maps.get(mapUrl)!;
  if (!map) return s;
  // an inline <style>'s map counts from the start of its own text
  const line = header.isInline ? s.line - header.startLine : s.line;
  const column = header.isInline && line === 1 ? s.column - header.startColumn : s.column;
  const pos = originalPositionFor(map, { line, column: column - 1 });
  if (!pos.source || pos.line === null) return s;
  return { ...s, url: pos.source, line: pos.line, column: pos.column + 1, generated: { url: s.url, line: s.line, column: s.column } };
}
