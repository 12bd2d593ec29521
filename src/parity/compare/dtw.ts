// Dynamic time warping of two profiles (rows of a region, columns of a line of text): another font
// rewraps or widens text, so one profile is the other stretched and squeezed in places, never
// reordered. Used by the design comparison (design.ts rows, design-words.ts lines of text).

/** For each index of `a`, the index of `b` it is aligned to: the monotone path of least summed
 *  |a − b| where index i of `a` may meet index j of `b` only for i + lo ≤ j ≤ i + hi. */
export function dtwMatch(a: ArrayLike<number>, b: ArrayLike<number>, lo: number, hi: number): Int32Array {
  const n = a.length, m = b.length;
  const D = new Float64Array(n * m).fill(Infinity);
  for (let i = 0; i < n; i++) for (let j = Math.max(0, i + lo); j <= Math.min(m - 1, i + hi); j++) {
    const prev = i === 0 && j === 0 ? 0 : Math.min(i > 0 ? D[(i - 1) * m + j] : Infinity, j > 0 ? D[i * m + j - 1] : Infinity, i > 0 && j > 0 ? D[(i - 1) * m + j - 1] : Infinity);
    D[i * m + j] = prev + Math.abs(a[i] - b[j]);
  }
  // the path back from the last pair of indices
  const match = new Int32Array(n);
  for (let i = n - 1, j = m - 1; i >= 0;) {
    match[i] = j;
    if (i === 0) break;
    if (j === 0) { i--; continue; }
    const up = D[(i - 1) * m + j], diag = D[(i - 1) * m + j - 1], left = D[i * m + j - 1];
    if (diag <= up && diag <= left) { i--; j--; } else if (up <= left) i--; else j--;
  }
  return match;
}
