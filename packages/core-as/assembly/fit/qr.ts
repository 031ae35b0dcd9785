// The polynomial least-squares kernel: block Householder QR of the streamed (weighted) Vandermonde
// rows, then one-sided Jacobi SVD of the column-scaled R. The twin of engine/src/fit/reference.ts,
// operation for operation (docs/contracts/fit.md): only + − × ÷ sqrt on f64, in the same order, so
// both backends agree bit for bit. Matrices are row-major f64 in the arena.
import { alloc, allocZeroed } from '../common/arena';

/** Rows per Householder block (part of the contract). */
export const BLOCK: i32 = 64;
export const MAX_SWEEPS: i32 = 60;
export const MAX_TERMS: i32 = 32;
const EPS: f64 = 2.220446049250313e-16;

let p: i32 = 0;
let offset: f64 = 0;
let scale: f64 = 1;
let R: usize = 0;      // p×p
let QY: usize = 0;     // p
let BLK: usize = 0;    // p+1 columns of BLOCK rows, column-major (column p = rhs)
let inBlock: i32 = 0;
let rssTail: f64 = 0;
export let rows: f64 = 0;
export let sweepsUsed: i32 = 0;
export let rankFound: i32 = 0;
/** Output: coef[p], sigma[p], colScale[p], covBase[p*p], rss. */
export let OUT: usize = 0;

@inline function at(base: usize, i: i32): usize {
  return base + (<usize>i << 3);
}
@inline function ld(base: usize, i: i32): f64 {
  return load<f64>(at(base, i));
}
@inline function st(base: usize, i: i32, v: f64): void {
  store<f64>(at(base, i), v);
}

export function qrBegin(terms: i32, off: f64, scl: f64): void {
  p = terms;
  offset = off;
  scale = scl;
  R = allocZeroed(<usize>(p * p) << 3);
  QY = allocZeroed(<usize>p << 3);
  BLK = alloc(<usize>(BLOCK * (p + 1)) << 3);
  OUT = allocZeroed(<usize>(3 * p + p * p + 1) << 3);
  inBlock = 0;
  rssTail = 0;
  rows = 0;
  sweepsUsed = 0;
  rankFound = 0;
}

export function qrAdd(x: f64, y: f64, w: f64): void {
  const i = inBlock;
  const t = offset + scale * x;
  let power: f64 = 1;
  for (let k = 0; k < p; k++) {
    st(BLK, k * BLOCK + i, power * w);
    power = power * t;
  }
  st(BLK, p * BLOCK + i, y * w);
  inBlock++;
  if (inBlock == BLOCK) fold();
}

/** Σ a[i]·b[i], i < m, in f64x2 lanes (lane 0 even rows, lane 1 odd rows), then lane 0 + lane 1. */
@inline function dot(a: usize, b: usize, m: i32): f64 {
  let acc = f64x2.splat(0);
  let i = 0;
  for (; i + 1 < m; i += 2) {
    const o = <usize>i << 3;
    acc = f64x2.add(acc, f64x2.mul(v128.load(a + o), v128.load(b + o)));
  }
  let l0 = f64x2.extract_lane(acc, 0);
  const l1 = f64x2.extract_lane(acc, 1);
  if (i < m) l0 = l0 + ld(a, i) * ld(b, i);
  return l0 + l1;
}

function fold(): void {
  const m = inBlock;
  for (let j = 0; j < p; j++) {
    const cj = at(BLK, j * BLOCK);
    const sigma = dot(cj, cj, m);
    if (sigma == 0) continue;
    const alpha = ld(R, j * p + j);
    const norm = Math.sqrt(alpha * alpha + sigma);
    const absAlpha = alpha < 0 ? -alpha : alpha;
    const v0 = alpha < 0 ? alpha - norm : alpha + norm;
    const coef = 1 / (norm * (norm + absAlpha));
    st(R, j * p + j, alpha < 0 ? norm : -norm);
    for (let k = j + 1; k <= p; k++) {
      const ck = at(BLK, k * BLOCK);
      const s = (k < p ? v0 * ld(R, j * p + k) : v0 * ld(QY, j)) + dot(cj, ck, m);
      const f = s * coef;
      if (k < p) st(R, j * p + k, ld(R, j * p + k) - f * v0);
      else st(QY, j, ld(QY, j) - f * v0);
      // ck[i] −= f·cj[i], two rows at a time (elementwise: the same bits as the scalar loop).
      const fv = f64x2.splat(f);
      let i = 0;
      for (; i + 1 < m; i += 2) {
        const o = <usize>i << 3;
        v128.store(ck + o, f64x2.sub(v128.load(ck + o), f64x2.mul(fv, v128.load(cj + o))));
      }
      if (i < m) st(ck, i, ld(ck, i) - f * ld(cj, i));
    }
  }
  const cp = at(BLK, p * BLOCK);
  rssTail = rssTail + dot(cp, cp, m);
  rows += <f64>m;
  inBlock = 0;
}

/** Solves (see the reference); returns the rank. Results at OUT. */
export function qrSolve(rcond: f64): i32 {
  if (inBlock > 0) fold();
  const pp = p * p;
  const coefOut = OUT;
  const sigmaOut = at(OUT, p);
  const colScale = at(OUT, 2 * p);
  const covBase = at(OUT, 3 * p);
  const U = allocZeroed(<usize>pp << 3);
  const V = allocZeroed(<usize>pp << 3);
  const Z = allocZeroed(<usize>p << 3);
  const SV = alloc(<usize>p << 3);
  const ORDER = alloc(<usize>p << 2);
  memory.fill(covBase, 0, <usize>pp << 3);
  for (let j = 0; j < p; j++) {
    let s: f64 = 0;
    for (let i = 0; i <= j; i++) s = s + ld(R, i * p + j) * ld(R, i * p + j);
    let c = Math.sqrt(s);
    if (c == 0) c = 1;
    st(colScale, j, c);
    for (let i = 0; i <= j; i++) st(U, i * p + j, ld(R, i * p + j) / c);
  }
  for (let i = 0; i < p; i++) st(V, i * p + i, 1);
  let sweeps = 0;
  for (; sweeps < MAX_SWEEPS; ) {
    let rotated = 0;
    for (let j = 0; j < p - 1; j++) {
      for (let k = j + 1; k < p; k++) {
        let a: f64 = 0;
        let bb: f64 = 0;
        let c: f64 = 0;
        for (let i = 0; i < p; i++) {
          const x = ld(U, i * p + j);
          const y = ld(U, i * p + k);
          a = a + x * x;
          bb = bb + y * y;
          c = c + x * y;
        }
        const absC = c < 0 ? -c : c;
        if (absC == 0 || absC <= EPS * Math.sqrt(a * bb)) continue;
        rotated++;
        const zeta = (bb - a) / (2 * c);
        const absZeta = zeta < 0 ? -zeta : zeta;
        let t = absZeta > 1e100 ? 0.5 / absZeta : 1 / (absZeta + Math.sqrt(1 + zeta * zeta));
        if (zeta < 0) t = -t;
        const cs = 1 / Math.sqrt(1 + t * t);
        const sn = cs * t;
        for (let i = 0; i < p; i++) {
          const x = ld(U, i * p + j);
          const y = ld(U, i * p + k);
          st(U, i * p + j, cs * x - sn * y);
          st(U, i * p + k, sn * x + cs * y);
          const xv = ld(V, i * p + j);
          const yv = ld(V, i * p + k);
          st(V, i * p + j, cs * xv - sn * yv);
          st(V, i * p + k, sn * xv + cs * yv);
        }
      }
    }
    sweeps++;
    if (rotated == 0) break;
  }
  sweepsUsed = sweeps;
  for (let j = 0; j < p; j++) {
    let s: f64 = 0;
    for (let i = 0; i < p; i++) s = s + ld(U, i * p + j) * ld(U, i * p + j);
    st(SV, j, Math.sqrt(s));
    let pos = j;
    while (pos > 0 && ld(SV, load<i32>(ORDER + (<usize>(pos - 1) << 2))) < ld(SV, j)) {
      store<i32>(ORDER + (<usize>pos << 2), load<i32>(ORDER + (<usize>(pos - 1) << 2)));
      pos--;
    }
    store<i32>(ORDER + (<usize>pos << 2), j);
  }
  for (let q = 0; q < p; q++) st(sigmaOut, q, ld(SV, load<i32>(ORDER + (<usize>q << 2))));
  const cutoff = rcond * ld(sigmaOut, 0);
  let rank = 0;
  while (rank < p && ld(sigmaOut, rank) > cutoff) rank++;
  for (let q = 0; q < rank; q++) {
    const j = load<i32>(ORDER + (<usize>q << 2));
    const s2 = ld(SV, j) * ld(SV, j);
    let d: f64 = 0;
    for (let i = 0; i < p; i++) d = d + ld(U, i * p + j) * ld(QY, i);
    const f = d / s2;
    for (let i = 0; i < p; i++) st(Z, i, ld(Z, i) + f * ld(V, i * p + j));
    for (let a = 0; a < p; a++) {
      const va = ld(V, a * p + j) / s2;
      for (let c = 0; c < p; c++) st(covBase, a * p + c, ld(covBase, a * p + c) + va * ld(V, c * p + j));
    }
  }
  let rss = rssTail;
  for (let i = 0; i < p; i++) {
    let s: f64 = 0;
    for (let k = i; k < p; k++) s = s + (ld(R, i * p + k) / ld(colScale, k)) * ld(Z, k);
    const e = ld(QY, i) - s;
    rss = rss + e * e;
  }
  for (let k = 0; k < p; k++) st(coefOut, k, ld(Z, k) / ld(colScale, k));
  for (let a = 0; a < p; a++) {
    for (let c = 0; c < p; c++) st(covBase, a * p + c, ld(covBase, a * p + c) / (ld(colScale, a) * ld(colScale, c)));
  }
  st(OUT, 3 * p + pp, rss);
  rankFound = rank;
  return rank;
}
