/**
 * The WASM backend of N-Queens: `Run`s over the kernels of core-as/assembly/queens. Same contract
 * as the TS reference (docs/contracts/queens.md); tests/differential/queens.test.ts compares both.
 */
import { codes } from '#core-as';
import { InvalidInputError } from '../core/errors.js';
import { KernelLease, MEMORY_LIMIT, type Kernels } from '../core/kernels.js';
import type { Run } from '../core/run.js';
import type { CountStats, CountTask, CountTaskResult } from './count.js';
import { validateCountN } from './count.js';
import type { QueensExports } from './kernel.js';
import type { NormalizedQueensOptions, QueensAlgorithm, QueensOutcome, QueensStats } from './options.js';
import type { QueensRun } from './ts-run.js';

const STATUS = codes.queens.status;

/** From this many queens a finished run hands its positions over as a view (see `snapshot`). */
const VIEW_FROM_N = 1 << 20;

export interface QueensWasmExtras {
  memoryLimitBytes?: number;
}

export function createWasmQueensRun(kernels: Kernels, o: NormalizedQueensOptions, extras: QueensWasmExtras = {}): QueensRun {
  const lease = new KernelLease<QueensExports>(kernels, extras.memoryLimitBytes);
  const ex = lease.exports;
  let outcome: QueensOutcome | null = null;
  let finalStats: QueensStats | undefined;
  let finalPositions: Int32Array | undefined;
  let finalHistory: number[] = [];
  let handedOver = false;

  const readStats = (): QueensStats => ({
    steps: ex.queensSteps(),
    moves: ex.queensMoves(),
    escapes: ex.queensEscapes(),
    restarts: ex.queensRestarts(),
    conflicts: ex.queensConflicts(),
  });
  /**
   * Copies what the caller may read after dispose; the instance is released afterwards (`end`). From
   * VIEW_FROM_N queens the positions are not copied but kept as a view of the instance's memory, and
   * the instance is dropped (never runs again, so the view stays valid; its memory is freed with the
   * view): 10⁸ queens skip a 400 MB copy.
   */
  const snapshot = (): void => {
    if (finalStats !== undefined || lease.released) return;
    finalStats = readStats();
    const view = new Int32Array(lease.buffer, ex.queensPositions() >>> 0, o.n);
    finalPositions = o.n >= VIEW_FROM_N ? view : view.slice();
    finalHistory = Array.from(new Float64Array(lease.buffer, ex.queensHistoryPointer() >>> 0, ex.queensHistoryLength()));
  };
  const end = (): void => {
    snapshot();
    lease.release(o.n >= VIEW_FROM_N);
  };
  const settle = (status: number | typeof MEMORY_LIMIT): QueensOutcome | null => {
    if (status === MEMORY_LIMIT) {
      finalStats ??= { steps: 0, moves: 0, escapes: 0, restarts: 0, conflicts: 0 };
      finalPositions ??= new Int32Array(o.n);
      return (outcome = { kind: 'memory-limit' });
    }
    if (status === STATUS.running) return null;
    if (status === STATUS.solved) outcome = { kind: 'solved' };
    else if (status === STATUS.limit) outcome = { kind: 'limit' };
    else if (status === STATUS.unsolvable) outcome = { kind: 'unsolvable' };
    else throw new Error(`searchlab queens kernel returned status ${status}`);
    end();
    return outcome;
  };

  settle(lease.call((k) => k.queensInit(o.n, codes.queens.algorithm[o.algorithm], o.seed, o.maxSteps, o.escapeMoves, o.t0, o.alpha, o.tMin, o.historyLimit)));

  return {
    step(budget: number): QueensOutcome | null {
      if (outcome !== null) return outcome;
      return settle(lease.call((k) => k.queensStep(Math.max(1, Math.floor(budget)))));
    },
    stats(): QueensStats {
      return finalStats !== undefined ? { ...finalStats } : readStats();
    },
    positions(): Int32Array {
      if (finalPositions !== undefined) {
        // The first read after the run ended takes the snapshot itself (10⁸ queens: no second 400 MB copy).
        if (!handedOver) {
          handedOver = true;
          return finalPositions;
        }
        return finalPositions.slice();
      }
      return new Int32Array(lease.buffer, ex.queensPositions() >>> 0, o.n).slice();
    },
    history(): number[] {
      if (finalStats !== undefined) return finalHistory.slice();
      return Array.from(new Float64Array(lease.buffer, ex.queensHistoryPointer() >>> 0, ex.queensHistoryLength()));
    },
    dispose: end,
  };
}

/** One counting subproblem on the WASM kernel (tiny static state: no arena, no memory limit). */
export function createWasmCountRun(kernels: Kernels, task: CountTask): Run<CountTaskResult, CountStats> {
  validateCountN(task.n);
  const lease = new KernelLease<QueensExports>(kernels);
  const ex = lease.exports;
  let result: CountTaskResult | null = null;
  let last: CountStats = { nodes: 0, solutions: 0n };
  const read = (): CountStats => {
    if (lease.released) return last;
    const v = new BigUint64Array(lease.buffer, ex.queensCountResult() >>> 0, 2);
    return (last = { solutions: v[0]!, nodes: Number(v[1]!) });
  };
  const init = lease.call((k) => {
    new Int32Array(lease.buffer, k.queensCountPrefix() >>> 0, task.prefix.length).set(task.prefix);
    return k.queensCountInit(task.n, task.prefix.length);
  });
  if (init !== 0) {
    lease.release();
    throw new InvalidInputError(`count task out of range: n ${task.n}, prefix ${JSON.stringify(task.prefix)}`);
  }
  return {
    step(budget: number): CountTaskResult | null {
      if (result !== null) return result;
      const r = lease.call((k) => k.queensCountStep(Math.max(1, Math.floor(budget))));
      if (r !== 1) return null;
      const s = read();
      lease.release();
      return (result = { solutions: s.solutions.toString(), nodes: s.nodes });
    },
    stats: read,
    dispose(): void {
      read();
      lease.release();
    },
  };
}
