// Groups changed pixels into clusters so a reviewer sees where a page changed. Grid clustering:
// pixels fall into CELL×CELL cells; touching non-empty cells (8-neighbourhood) form one cluster,
// whose box is the union of its pixels' extents. O(changed pixels + cells), no per-pixel graph.
import type { Cluster } from '../../core/artifacts.js';
export type { Cluster } from '../../core/artifacts.js';

export const CELL = 16;

export class ClusterGrid {
  private readonly cw: number;
  private readonly ch: number;
  private readonly count: Uint32Array;
  private readonly ext: Int32Array;          // per cell: minX, minY, maxX, maxY

  constructor(width: number, height: number) {
    this.cw = Math.ceil(width / CELL);
    this.ch = Math.ceil(height / CELL);
    this.count = new Uint32Array(this.cw * this.ch);
    this.ext = new Int32Array(this.cw * this.ch * 4);
  }

  add(x: number, y: number): void {
    const c = ((y / CELL) | 0) * this.cw + ((x / CELL) | 0);
    const e = c * 4;
    if (this.count[c]++ === 0) { this.ext[e] = x; this.ext[e + 1] = y; this.ext[e + 2] = x; this.ext[e + 3] = y; return; }
    if (x < this.ext[e]) this.ext[e] = x;
    if (x > this.ext[e + 2]) this.ext[e + 2] = x;
    if (y > this.ext[e + 3]) this.ext[e + 3] = y; // rows arrive in order: minY never decreases
  }

  /** Clusters, largest first (ties: top-left first). Device boxes only; callers scale. */
  clusters(): { device: [number, number, number, number]; pixels: number }[] {
    const { cw, ch, count, ext } = this;
    const seen = new Uint8Array(cw * ch);
    const out: { device: [number, number, number, number]; pixels: number }[] = [];
    const stack: number[] = [];
    for (let start = 0; start < count.length; start++) {
      if (!count[start] || seen[start]) continue;
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1, pixels = 0;
      seen[start] = 1;
      stack.push(start);
      while (stack.length) {
        const c = stack.pop()!;
        const e = c * 4;
        pixels += count[c];
        x0 = Math.min(x0, ext[e]); y0 = Math.min(y0, ext[e + 1]); x1 = Math.max(x1, ext[e + 2]); y1 = Math.max(y1, ext[e + 3]);
        const cx = c % cw, cy = (c / cw) | 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx, ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
          const n = ny * cw + nx;
          if (count[n] && !seen[n]) { seen[n] = 1; stack.push(n); }
        }
      }
      out.push({ device: [x0, y0, x1 + 1, y1 + 1], pixels });
    }
    return out.sort((a, b) => b.pixels - a.pixels || a.device[1] - b.device[1] || a.device[0] - b.device[0]);
  }
}
