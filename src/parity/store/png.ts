// PNG decoding and the diff-image encoder. Decoding dominates a comparison (pngjs: ~80 ms of
// ~170 ms for a 1280×3000 pair, see compare/pixel-diff.md), so the format Chromium writes (8-bit RGB/RGBA,
// not interlaced) takes a fast path: native inflate + a tight unfilter loop. Anything else goes
// through pngjs. Every failure is a named reason, never a crash.
import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { DEFAULT_MAX_PIXELS } from '../../core/limits.js';

export interface Rgba { width: number; height: number; data: Uint8Array }

export class PngError extends Error {}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const crc32: ((d: Uint8Array) => number) | undefined = (zlib as any).crc32;

export function isPng(buf: Uint8Array): boolean {
  return buf.length >= 8 && Buffer.from(buf.buffer, buf.byteOffset, 8).equals(SIGNATURE);
}

export { DEFAULT_MAX_PIXELS };

/** An image whose header claims more pixels than allowed: never decoded. */
export class PngTooLarge extends PngError {
  constructor(readonly width: number, readonly height: number, readonly maxPixels: number) {
    super(`image bomb: its IHDR claims ${width}×${height} px (${count(width * height)}), over the limit of ${count(maxPixels)} per image (parity.maxPixels); not decoded`);
  }
}
const count = (n: number) => (n >= 1e6 ? `${Math.round(n / 1e5) / 10} megapixels` : `${n} pixels`);

function signature(buf: Buffer): void {
  if (isPng(buf)) return;
  const kind = buf.length === 0 ? 'an empty file' : buf[0] === 0xff && buf[1] === 0xd8 ? 'a JPEG file' : 'not a PNG file';
  throw new PngError(`${kind} (no PNG signature)`);
}

/** Width and height from the IHDR chunk (the first one), without reading further. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  signature(buf);
  if (buf.length < 8 + 8 + 13 || buf.toString('latin1', 12, 16) !== 'IHDR') throw new PngError('corrupt PNG (IHDR is not the first chunk)');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** The IHDR size, or PngTooLarge when it claims more than `maxPixels`: call before decoding. */
export function checkPixels(buf: Buffer, maxPixels = DEFAULT_MAX_PIXELS): { width: number; height: number } {
  const size = pngSize(buf);
  if (size.width * size.height > maxPixels) throw new PngTooLarge(size.width, size.height, maxPixels);
  return size;
}

/** The file's structure (signature, IHDR, chunk lengths and CRCs, IEND) without inflating
 *  anything: a reason for a file that is not what was approved, at no memory cost. */
export function inspectPng(buf: Buffer): void {
  pngSize(buf);
  readChunks(buf);
}

/** Decodes to RGBA (after checking the IHDR size against `maxPixels`). Throws PngError with a reason a user can act on. */
export function decodePng(buf: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Rgba {
  checkPixels(buf, maxPixels);
  const chunks = readChunks(buf);
  const h = chunks.ihdr;
  if (h.bitDepth === 8 && h.interlace === 0 && (h.colorType === 6 || h.colorType === 2)) {
    return fastDecode(h.width, h.height, h.colorType === 6 ? 4 : 3, chunks.idat);
  }
  try {
    const p = PNG.sync.read(buf);
    return { width: p.width, height: p.height, data: p.data };
  } catch (err) {
    throw new PngError(`undecodable PNG: ${(err as Error).message}`);
  }
}

interface Chunks { ihdr: { width: number; height: number; bitDepth: number; colorType: number; interlace: number }; idat: Buffer[] }

function readChunks(buf: Buffer): Chunks {
  let o = 8;
  let ihdr: Chunks['ihdr'] | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (o + 8 <= buf.length) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    if (o + 12 + len > buf.length) throw new PngError(`truncated PNG (chunk ${type} runs past the end of the file)`);
    const body = buf.subarray(o + 8, o + 8 + len);
    if (crc32 && crc32(buf.subarray(o + 4, o + 8 + len)) !== buf.readUInt32BE(o + 8 + len)) throw new PngError(`corrupt PNG (bad CRC in chunk ${type})`);
    if (type === 'IHDR') ihdr = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8], colorType: body[9], interlace: body[12] };
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') { ended = true; break; }
    o += 12 + len;
  }
  if (!ihdr) throw new PngError('corrupt PNG (no IHDR chunk)');
  if (!ended) throw new PngError('truncated PNG (no IEND chunk)');
  if (idat.length === 0) throw new PngError('corrupt PNG (no image data)');
  return { ihdr, idat };
}

function fastDecode(width: number, height: number, bpp: number, idat: Buffer[]): Rgba {
  let raw: Buffer;
  try { raw = zlib.inflateSync(idat.length === 1 ? idat[0] : Buffer.concat(idat)); } catch (err) {
    throw new PngError(`corrupt PNG (image data does not inflate: ${(err as Error).message})`);
  }
  const stride = width * bpp;
  if (raw.length < (stride + 1) * height) throw new PngError('truncated PNG (image data shorter than its size says)');
  let cur = new Uint8Array(stride);        // unfiltered current row
  let prev = new Uint8Array(stride);       // unfiltered previous row (zeros for the first)
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const s = y * (stride + 1) + 1;
    unfilterRow(f, raw, s, cur, prev, stride, bpp);
    const o = y * width * 4;
    if (bpp === 4) out.set(cur, o);
    else for (let x = 0, i = 0, j = o; x < width; x++, i += 3, j += 4) { out[j] = cur[i]; out[j + 1] = cur[i + 1]; out[j + 2] = cur[i + 2]; out[j + 3] = 255; }
    const t = prev; prev = cur; cur = t;
  }
  return { width, height, data: out };
}

function unfilterRow(f: number, raw: Uint8Array, s: number, cur: Uint8Array, prev: Uint8Array, n: number, bpp: number): void {
  switch (f) {
    case 0: cur.set(raw.subarray(s, s + n)); return;
    case 1:
      for (let i = 0; i < bpp; i++) cur[i] = raw[s + i];
      for (let i = bpp; i < n; i++) cur[i] = (raw[s + i] + cur[i - bpp]) & 255;
      return;
    case 2: {
      // "Up" is most rows of a screenshot: add the rows four bytes at a time (SWAR, no carries across bytes)
      cur.set(raw.subarray(s, s + n));
      const words = n >> 2;
      const c32 = new Uint32Array(cur.buffer, cur.byteOffset, words), p32 = new Uint32Array(prev.buffer, prev.byteOffset, words);
      for (let i = 0; i < words; i++) { const a = c32[i], b = p32[i]; c32[i] = ((a & 0x7f7f7f7f) + (b & 0x7f7f7f7f)) ^ ((a ^ b) & 0x80808080); }
      for (let i = words << 2; i < n; i++) cur[i] = (cur[i] + prev[i]) & 255;
      return;
    }
    case 3:
      for (let i = 0; i < bpp; i++) cur[i] = (raw[s + i] + (prev[i] >> 1)) & 255;
      for (let i = bpp; i < n; i++) cur[i] = (raw[s + i] + ((cur[i - bpp] + prev[i]) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < bpp; i++) cur[i] = (raw[s + i] + prev[i]) & 255; // Paeth with a = c = 0 picks b
      for (let i = bpp; i < n; i++) {
        const a = cur[i - bpp], b = prev[i], c = prev[i - bpp];
        const pa = b > c ? b - c : c - b, pb = a > c ? a - c : c - a, pc0 = a + b - c - c, pc = pc0 < 0 ? -pc0 : pc0;
        cur[i] = (raw[s + i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
      return;
    default: throw new PngError(`corrupt PNG (unknown row filter ${f})`);
  }
}

/**
 * The diff image: a 2-bit palette PNG (0 transparent, 1 changed, 2 changed darker, 3 cluster
 * outline), a quarter of a byte per pixel, so encoding costs a few ms instead of the ~75–280 ms
 * of an RGBA PNG. It is meant to be laid over the capture; only changed pixels are ever touched.
 */
export class DiffCanvas {
  private readonly stride: number;
  private readonly raw: Buffer;
  constructor(readonly width: number, readonly height: number) {
    this.stride = Math.ceil(width / 4) + 1; // + the filter byte (0) of each row
    this.raw = Buffer.alloc(this.stride * height);
  }
  set(x: number, y: number, code: number): void {
    const i = y * this.stride + 1 + (x >> 2), shift = 6 - 2 * (x & 3);
    this.raw[i] = (this.raw[i] & ~(3 << shift)) | ((code & 3) << shift);
  }
  /** outline of a device-pixel rectangle (x0,y0 inclusive; x1,y1 exclusive) */
  outline(x0: number, y0: number, x1: number, y1: number): void {
    for (let x = x0; x < x1; x++) { this.set(x, y0, 3); this.set(x, y1 - 1, 3); }
    for (let y = y0; y < y1; y++) { this.set(x0, y, 3); this.set(x1 - 1, y, 3); }
  }
  /** diagonal hatching over a device-pixel rectangle (x1, y1 exclusive) with its outline: a strip only one image has */
  hatch(x0: number, y0: number, x1: number, y1: number): void {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if ((x + y) % 8 < 2) this.set(x, y, 3);
    this.outline(x0, y0, x1, y1);
  }
  encode(): Buffer {
    return encodePalette(this.width, this.height, 2, this.raw,
      [[0, 0, 0, 0], [255, 0, 0, 255], [255, 0, 200, 255], [0, 90, 255, 255]]);
  }
}

/** A palette PNG from filtered rows (`raw`: each row a 0 filter byte, then `depth`-bit indices);
 *  `colors` are [r, g, b, alpha]. Small and fast to write: images laid over a capture. */
export function encodePalette(width: number, height: number, depth: 1 | 2 | 4 | 8, raw: Buffer, colors: [number, number, number, number][]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth; ihdr[9] = 3; // palette
  const plte = Buffer.from(colors.flatMap((c) => c.slice(0, 3)));
  const trns = Buffer.from(colors.map((c) => c[3]));
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte), chunk('tRNS', trns),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crcOf(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

let table: Uint32Array | null = null;
function crcOf(data: Uint8Array): number {
  if (crc32) return crc32(data) >>> 0;
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; table[n] = c >>> 0; }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
