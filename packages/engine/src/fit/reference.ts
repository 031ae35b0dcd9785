/**
 * The TypeScript reference of the fit kernel (core-as/assembly/fit/qr.ts is its twin, operation for
 * operation: docs/contracts/fit.md). Only +, −, ×, ÷, sqrt and comparisons, all IEEE-754 double, in
 * a fixed order, so both backends give bit-identical results.
 *
 * 1. Rows stream in. Row i of the (weighted) Vandermonde system is
 *    [w·t^0, w·t^1, …, w·t^(p−1) | w·y] with t = offset + scale·x (the domain map; offset 0 and
 *    scale 1 leave x as is) and t^k built by repeated multiplication. Columns are in ascending
 *    powers here; the public API reverses them (highest power first, as numpy).
 * 2. Rows are buffered in blocks of BLOCK; a full block (and the last, partial one) is folded into
 *    the p×p upper-triangular R and the p-vector Qᵀy by one Householder reflection per column applied
 *    to [R; block] (the reflection touches row j of R and the block rows only). The squares of what
 *    the reflections leave in the block's right-hand side are the residual sum of squares so far.
 *    Memory is O(p² + BLOCK·p) whatever the number of rows.
 * 3. Solve: the column norms of the Vandermonde matrix are the column norms of R; scaling R's
 *    columns by them gives the R of numpy's column-scaled matrix. One-sided Jacobi (Hestenes) on the
 *    scaled R gives its singular values (those of the scaled Vandermonde matrix) and right singular
 *    vectors; singular values ≤ rcond·σmax (numpy's default rcond = n·eps) are dropped; the
 *    minimum-norm least-squares solution follows, then the columns are unscaled.
 */

/** Rows per Householder block (part of the contract: results depend on it in the last bits). */
export const BLOCK = 64;
/** Jacobi sweeps at most (convergence is quadratic; 30 is far more than p ≤ 32 needs). */
export const MAX_SWEEPS = 60;
/** Largest number of coefficients (degree + 1) the kernels take. */
export const MAX_TERMS = 32;
const EPS = 2.220446049250313e-16;

/** What the kernel returns (ascending powers of t). */
export interface KernelSolution {
  /** Coefficients of t^0 … t^(p−1) (minimum-norm solution over the kept singular values). */
  coef: Float64Array;
  /** Singular values of the column-scaled Vandermonde matrix, descending. */
  sigma: Float64Array;
  rank: number;
  /** Column norms of the weighted Vandermonde matrix (1 for an all-zero column). */
  colScale: Float64Array;
  /** Unscaled covariance base (AᵀA)⁺ in t (p×p row-major), before the residual factor. */
  covBase: Float64Array;
  /** Weighted residual sum of squares from the factorisation. */
  rss: number;
  rows: number;
  /** Jacobi sweeps used (a diagnostic). */
  sweeps: number;
}

/** Streams rows into R and Qᵀy; `solve` ends it. The reference twin of assembly/fit/qr.ts. */
export class QrAccumulator {
  readonly p: number;
  private readonly r: Float64Array; // p×p row-major, upper triangle used
  private readonly qy: Float64Array;
  private readonly blk: Float64Array; // p+1 columns of BLOCK rows, column-major (column p = rhs)
  private inBlock = 0;
  private rssTail = 0;
  rows = 0;

  constructor(
    terms: number,
    private readonly offset = 0,
    private readonly scale = 1,
  ) {
    this.p = terms;
    this.r = new Float64Array(terms * terms);
    this.qy = new Float64Array(terms);
    this.blk = new Float64Array(BLOCK * (terms + 1));
  }

  /** One observation (weight 1 = unweighted). */
  add(x: number, y: number, w: number): void {
    const p = this.p;
    const i = this.inBlock;
    const t = this.offset + this.scale * x;
    let power = 1;
    for (let k = 0; k < p; k++) {
      this.blk[k * BLOCK + i] = power * w;
      power = power * t;
    }
    this.blk[p * BLOCK + i] = y * w;
    this.inBlock++;
    if (this.inBlock === BLOCK) this.fold();
  }

  /**
   * Σ a[i]·b[i] over the block's rows as the WASM kernel's f64x2 lanes compute it: lane 0 sums the
   * even rows, lane 1 the odd rows (each in increasing i), then lane 0 + lane 1.
   */
  private dot(ca: number, cb: number, m: number): number {
    const b = this.blk;
    let l0 = 0;
    let l1 = 0;
    let i = 0;
    for (; i + 1 < m; i += 2) {
      l0 = l0 + b[ca + i]! * b[cb + i]!;
      l1 = l1 + b[ca + i + 1]! * b[cb + i + 1]!;
    }
    if (i < m) l0 = l0 + b[ca + i]! * b[cb + i]!;
    return l0 + l1;
  }

  /** Householder-folds the buffered rows into R and Qᵀy. */
  private fold(): void {
    const p = this.p;
    const m = this.inBlock;
    const r = this.r;
    const b = this.blk;
    for (let j = 0; j < p; j++) {
      const cj = j * BLOCK;
      const sigma = this.dot(cj, cj, m);
      if (sigma === 0) continue;
      const alpha = r[j * p + j]!;
      const norm = Math.sqrt(alpha * alpha + sigma);
      const absAlpha = alpha < 0 ? -alpha : alpha;
      const v0 = alpha < 0 ? alpha - norm : alpha + norm;
      const coef = 1 / (norm * (norm + absAlpha));
      r[j * p + j] = alpha < 0 ? norm : -norm;
      // The other columns of R's row j and the rhs (column p), each with the same reflection.
      for (let k = j + 1; k <= p; k++) {
        const ck = k * BLOCK;
        const s = (k < p ? v0 * r[j * p + k]! : v0 * this.qy[j]!) + this.dot(cj, ck, m);
        const f = s * coef;
        if (k < p) r[j * p + k] = r[j * p + k]! - f * v0;
        else this.qy[j] = this.qy[j]! - f * v0;
        for (let i = 0; i < m; i++) b[ck + i] = b[ck + i]! - f * b[cj + i]!;
      }
    }
    this.rssTail = this.rssTail + this.dot(p * BLOCK, p * BLOCK, m);
    this.rows += m;
    this.inBlock = 0;
  }

  /** Ends the stream and solves with cut-off rcond (relative to σmax); see the file header. */
  solve(rcond: number): KernelSolution {
    if (this.inBlock > 0) this.fold();
    const p = this.p;
    const r = this.r;
    // Column scales and the scaled R (u, p×p row-major: u[i*p+j]).
    const colScale = new Float64Array(p);
    const u = new Float64Array(p * p);
    for (let j = 0; j < p; j++) {
      let s = 0;
      for (let i = 0; i <= j; i++) s = s + r[i * p + j]! * r[i * p + j]!;
      let c = Math.sqrt(s);
      if (c === 0) c = 1;
      colScale[j] = c;
      for (let i = 0; i <= j; i++) u[i * p + j] = r[i * p + j]! / c;
    }
    // One-sided Jacobi: rotate column pairs of u until they are orthogonal; v accumulates the rotations.
    const v = new Float64Array(p * p);
    for (let i = 0; i < p; i++) v[i * p + i] = 1;
    let sweeps = 0;
    for (; sweeps < MAX_SWEEPS; ) {
      let rotated = 0;
      for (let j = 0; j < p - 1; j++) {
        for (let k = j + 1; k < p; k++) {
          let a = 0;
          let bb = 0;
          let c = 0;
          for (let i = 0; i < p; i++) {
            const x = u[i * p + j]!;
            const y = u[i * p + k]!;
            a = a + x * x;
            bb = bb + y * y;
            c = c + x * y;
          }
          const absC = c < 0 ? -c : c;
          if (absC === 0 || absC <= EPS * Math.sqrt(a * bb)) continue;
          rotated++;
          const zeta = (bb - a) / (2 * c);
          const absZeta = zeta < 0 ? -zeta : zeta;
          let t = absZeta > 1e100 ? 0.5 / absZeta : 1 / (absZeta + Math.sqrt(1 + zeta * zeta));
          if (zeta < 0) t = -t;
          const cs = 1 / Math.sqrt(1 + t * t);
          const sn = cs * t;
          for (let i = 0; i < p; i++) {
            const x = u[i * p + j]!;
            const y = u[i * p + k]!;
            u[i * p + j] = cs * x - sn * y;
            u[i * p + k] = sn * x + cs * y;
            const xv = v[i * p + j]!;
            const yv = v[i * p + k]!;
            v[i * p + j] = cs * xv - sn * yv;
            v[i * p + k] = sn * xv + cs * yv;
          }
        }
      }
      sweeps++;
      if (rotated === 0) break;
    }
    // Singular values (column norms of u), sorted descending (insertion sort, stable).
    const sv = new Float64Array(p);
    const order = new Int32Array(p);
    for (let j = 0; j < p; j++) {
      let s = 0;
      for (let i = 0; i < p; i++) s = s + u[i * p + j]! * u[i * p + j]!;
      sv[j] = Math.sqrt(s);
      let at = j;
      while (at > 0 && sv[order[at - 1]!]! < sv[j]!) {
        order[at] = order[at - 1]!;
        at--;
      }
      order[at] = j;
    }
    const sigma = new Float64Array(p);
    for (let q = 0; q < p; q++) sigma[q] = sv[order[q]!]!;
    const cutoff = rcond * sigma[0]!;
    let rank = 0;
    while (rank < p && sigma[rank]! > cutoff) rank++;
    // z = Σ over kept j of v_j (u_jᵀ qy) / σ_j² (u_j unnormalised: its norm is σ_j).
    const z = new Float64Array(p);
    const covBase = new Float64Array(p * p);
    for (let q = 0; q < rank; q++) {
      const j = order[q]!;
      const s2 = sv[j]! * sv[j]!;
      let d = 0;
      for (let i = 0; i < p; i++) d = d + u[i * p + j]! * this.qy[i]!;
      const f = d / s2;
      for (let i = 0; i < p; i++) z[i] = z[i]! + f * v[i * p + j]!;
      for (let a = 0; a < p; a++) {
        const va = v[a * p + j]! / s2;
        for (let c = 0; c < p; c++) covBase[a * p + c] = covBase[a * p + c]! + va * v[c * p + j]!;
      }
    }
    // Residual: what R z misses of Qᵀy, plus what the reflections rotated out.
    let rss = this.rssTail;
    for (let i = 0; i < p; i++) {
      let s = 0;
      for (let k = i; k < p; k++) s = s + (r[i * p + k]! / colScale[k]!) * z[k]!;
      const e = this.qy[i]! - s;
      rss = rss + e * e;
    }
    const coef = new Float64Array(p);
    for (let k = 0; k < p; k++) coef[k] = z[k]! / colScale[k]!;
    for (let a = 0; a < p; a++) {
      for (let c = 0; c < p; c++) covBase[a * p + c] = covBase[a * p + c]! / (colScale[a]! * colScale[c]!);
    }
    return { coef, sigma, rank, colScale, covBase, rss, rows: this.rows, sweeps };
  }
}

/** numpy's default cut-off: n·eps (relative to the largest singular value). */
export function defaultRcond(n: number): number {
  return n * EPS;
}
