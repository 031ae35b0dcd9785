// The polynomial-fit kernel's entry points (raw bindings: numbers and pointers only).
//
// Host protocol: fitInit(terms, offset, scale); then repeatedly write up to fitChunkRows() rows at
// fitInput() (x[CHUNK] f64, then y[CHUNK], then w[CHUNK]) and call fitStep(count, weighted);
// then fitSolve(rcond) → rank, and read fitOutput(): coef[p] (ascending powers of t), sigma[p]
// (descending), colScale[p], covBase[p*p], rss. One fit per instance at a time: fitInit resets the arena.
import { FIT_INIT_OK, FIT_INIT_TERMS } from '../generated/codes';
import { arenaReset } from '../common/arena';
import { MAX_TERMS, OUT, qrAdd, qrBegin, qrSolve, rows, sweepsUsed } from './qr';

const CHUNK: i32 = 4096;
const INPUT: usize = memory.data(CHUNK * 3 * 8, 16);

export function fitInput(): usize {
  return INPUT;
}

export function fitChunkRows(): i32 {
  return CHUNK;
}

export function fitInit(terms: i32, offset: f64, scale: f64): i32 {
  arenaReset();
  if (terms < 1 || terms > MAX_TERMS) return FIT_INIT_TERMS;
  qrBegin(terms, offset, scale);
  return FIT_INIT_OK;
}

/** Adds `count` ≤ CHUNK rows from the input area; weighted = 0 ignores the w column (weight 1). */
export function fitStep(count: i32, weighted: i32): void {
  const xs = INPUT;
  const ys = INPUT + (<usize>CHUNK << 3);
  const ws = INPUT + (<usize>(2 * CHUNK) << 3);
  for (let i = 0; i < count; i++) {
    const o = <usize>i << 3;
    qrAdd(load<f64>(xs + o), load<f64>(ys + o), weighted != 0 ? load<f64>(ws + o) : 1.0);
  }
}

export function fitSolve(rcond: f64): i32 {
  return qrSolve(rcond);
}

export function fitOutput(): usize {
  return OUT;
}

export function fitRows(): f64 {
  return rows;
}

export function fitSweeps(): i32 {
  return sweepsUsed;
}
