/**
 * The fit as a `Run` on either backend: a step adds up to `budget` rows to the accumulator; the
 * step after the last row solves. Both backends see the rows in the same order and block them the
 * same way (BLOCK rows per Householder fold, whatever the step budgets), so their results are
 * bit-identical (docs/contracts/fit.md).
 */
import { codes } from '#core-as';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { KernelLease, MEMORY_LIMIT, type Kernels } from '../core/kernels.js';
import type { Run } from '../core/run.js';
import type { FitExports } from './kernel.js';
import { MAX_TERMS, QrAccumulator, type KernelSolution } from './reference.js';

/** The rows of one fit: x, y and optional weights, with an optional subset of row indices. */
export interface FitRows {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  w?: ArrayLike<number> | undefined;
  /** Only these rows, in this order (train sets, folds); all rows when absent. */
  index?: ArrayLike<number> | undefined;
}

export interface KernelJob {
  rows: FitRows;
  terms: number;
  /** Domain map t = offset + scale·x (0 and 1: none). */
  offset: number;
  scale: number;
  rcond: number;
}

export interface FitRunStats {
  rowsAdded: number;
  rowsTotal: number;
}

export type FitRun = Run<KernelSolution, FitRunStats>;

const rowCount = (rows: FitRows): number => (rows.index ?? rows.x).length;

function checkTerms(terms: number): void {
  if (!Number.isInteger(terms) || terms < 1 || terms > MAX_TERMS) {
    throw new InvalidInputError(`degree must be an integer 0..${MAX_TERMS - 1}, got ${terms - 1}`);
  }
}

export function createTsFitRun(job: KernelJob): FitRun {
  checkTerms(job.terms);
  const acc = new QrAccumulator(job.terms, job.offset, job.scale);
  const { x, y, w, index } = job.rows;
  const total = rowCount(job.rows);
  let next = 0;
  let done: KernelSolution | null = null;
  return {
    step(budget) {
      if (done !== null) return done;
      const end = Math.min(total, next + Math.max(1, Math.floor(budget)));
      for (; next < end; next++) {
        const i = index === undefined ? next : index[next]!;
        acc.add(x[i]!, y[i]!, w === undefined ? 1 : w[i]!);
      }
      if (next < total) return null;
      return (done = acc.solve(job.rcond));
    },
    stats: () => ({ rowsAdded: next, rowsTotal: total }),
    dispose() {},
  };
}

const memoryError = (): SearchlabError => new SearchlabError('limit', 'the WASM fit kernel ran out of memory');

export function createWasmFitRun(kernels: Kernels, job: KernelJob): FitRun {
  checkTerms(job.terms);
  const p = job.terms;
  const lease = new KernelLease<FitExports>(kernels);
  const ex = lease.exports;
  const begun = lease.call(() => ex.fitInit(p, job.offset, job.scale));
  if (begun === MEMORY_LIMIT) throw memoryError();
  if (begun !== codes.fit.init.ok) {
    lease.release();
    throw new InvalidInputError(`the WASM fit kernel refused ${p} terms`);
  }
  const chunk = ex.fitChunkRows();
  const { x, y, w, index } = job.rows;
  const total = rowCount(job.rows);
  let next = 0;
  let done: KernelSolution | null = null;

  const solve = (): KernelSolution => {
    const rank = lease.call(() => ex.fitSolve(job.rcond));
    if (rank === MEMORY_LIMIT) throw memoryError();
    const out = new Float64Array(lease.buffer, ex.fitOutput() >>> 0, 3 * p + p * p + 1);
    return {
      coef: out.slice(0, p),
      sigma: out.slice(p, 2 * p),
      colScale: out.slice(2 * p, 3 * p),
      covBase: out.slice(3 * p, 3 * p + p * p),
      rss: out[3 * p + p * p]!,
      rank,
      rows: ex.fitRows(),
      sweeps: ex.fitSweeps(),
    };
  };

  return {
    step(budget) {
      if (done !== null) return done;
      const end = Math.min(total, next + Math.max(1, Math.floor(budget)));
      while (next < end) {
        const count = Math.min(chunk, end - next);
        const input = new Float64Array(lease.buffer, ex.fitInput() >>> 0, 3 * chunk);
        if (index === undefined && x instanceof Float64Array && y instanceof Float64Array && (w === undefined || w instanceof Float64Array)) {
          input.set(x.subarray(next, next + count));
          input.set(y.subarray(next, next + count), chunk);
          if (w !== undefined) input.set(w.subarray(next, next + count), 2 * chunk);
        } else
          for (let r = 0; r < count; r++) {
            const i = index === undefined ? next + r : index[next + r]!;
            input[r] = x[i]!;
            input[chunk + r] = y[i]!;
            if (w !== undefined) input[2 * chunk + r] = w[i]!;
          }
        if (lease.call(() => ex.fitStep(count, w === undefined ? 0 : 1)) === MEMORY_LIMIT) throw memoryError();
        next += count;
      }
      if (next < total) return null;
      done = solve();
      lease.release();
      return done;
    },
    stats: () => ({ rowsAdded: next, rowsTotal: total }),
    dispose: () => lease.release(),
  };
}
