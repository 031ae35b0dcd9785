// The N-Queens worker tasks (registered here; counting's own in counting.ts): plain-JSON payloads
// in, plain-JSON results out.
import type { Backend } from '../core/backend.js';
import { loadKernels } from '../core/kernels.js';
import { registerTasks, type TaskContext } from '../core/tasks.js';
import { enumerateSolutions } from './count.js';
import { countQueens, type CountResult } from './counting.js';
import type { QueensAlgorithm } from './options.js';
import { traceQueens, type QueensSolveResult, type QueensTrace } from './solve.js';

export interface SolveTaskPayload {
  n: number;
  algorithm?: QueensAlgorithm;
  seed?: number;
  maxSteps?: number;
  backend?: Backend;
  /** Record the board after each of the first steps (0: none). */
  frames?: number;
}

/** A solve result as JSON: positions as a plain array. */
export type SolveTaskResult = Omit<QueensSolveResult, 'positions'> & { positions: number[]; trace: QueensTrace };

export const queensTasks = {
  solve: async (p: SolveTaskPayload, ctx: TaskContext): Promise<SolveTaskResult> => {
    if (p.backend !== 'ts') await loadKernels();
    // In slices, so that a page sees the steps go by (10⁶ queens take seconds) and can cancel.
    const { result, trace } = await traceQueens(
      p.n,
      {
        algorithm: p.algorithm,
        seed: p.seed,
        maxSteps: p.maxSteps,
        backend: p.backend,
        signal: ctx.signal,
        onProgress: (s) => ctx.progress({ steps: s.steps, conflicts: s.conflicts }),
      },
      p.frames ?? 0,
    );
    return { ...result, positions: Array.from(result.positions), trace };
  },
  /** All of Q(n) in this worker (the subproblems one after another), with progress. */
  countAll: (p: { n: number; backend?: Backend }, ctx: TaskContext): Promise<CountResult> =>
    countQueens(p.n, { backend: p.backend, signal: ctx.signal, onProgress: (done, total, nodes) => ctx.progress({ done, total, nodes }) }),
  enumerate: (p: { n: number; limit: number }): number[][] => enumerateSolutions(p.n, p.limit).map((s) => Array.from(s)),
};
registerTasks('queens', queensTasks);
