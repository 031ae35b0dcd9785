// The puzzle's worker tasks: plain-JSON payloads in, plain-JSON results out.
import { registerTasks, throttled, type TaskContext } from '../core/tasks.js';
import type { SearchStats } from '../search/types.js';
import { solveOptionsFrom, type Improvement, type PuzzleSpec, type SolveResult } from './options.js';
import type { PdbProgress } from './pdb.js';
import { solvePuzzle } from './solve.js';
import { planTopTask, searchSubtree } from './parallel.js';
import type { Board } from './types.js';

/** One solve as a task: the boards and the spec, nothing else (it may be stored in a queue). */
export interface SolveTask {
  start: Board;
  goal: Board;
  spec: PuzzleSpec;
}

/**
 * A solve task's progress messages: the search's statistics, or `{ pdb }` while its pattern databases
 * are built; anytime also posts each `{ improvement }` (without its moves: the result has the best)
 * and each rise of `{ lowerBound }`, unthrottled, so a chart can draw every step.
 */
export type SolveTaskProgress = SearchStats | { pdb: PdbProgress } | { improvement: Omit<Improvement, 'moves'> } | { lowerBound: number; stats: SearchStats };

export const puzzleTasks = {
  solve: (task: SolveTask, ctx: TaskContext): Promise<SolveResult> => {
    const post = (p: SolveTaskProgress): void => ctx.progress(p);
    return solvePuzzle(
      task.start,
      task.goal,
      solveOptionsFrom(task.spec, {
        signal: ctx.signal,
        onProgress: throttled(post),
        onPdbProgress: throttled((pdb: PdbProgress) => post({ pdb })),
        onImprovement: ({ moves: _moves, ...improvement }) => post({ improvement }),
        onLowerBound: (lowerBound, stats) => post({ lowerBound, stats }),
      }),
    );
  },
  /** One subtree of parallel IDA* (parallel.ts): progress messages are its counters. */
  subtree: searchSubtree,
  /** The top of one split iteration of parallel IDA* (parallel.ts, remoteTops). */
  top: planTopTask,
};
registerTasks('puzzle', puzzleTasks);
