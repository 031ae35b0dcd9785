// Parallel IDA* in the lab: the engine's solvePuzzleParallel (what the CLI's --jobs N runs) as a task
// of its own worker (the driver), so the top of every iteration is walked off the main thread; its
// subtree tasks cross the relay to the page, which runs them on the lab's pool. Pattern databases:
// the driver loads (or builds) them first and the worker cache stores them in IndexedDB, so every
// pool worker then reads them from there instead of building its own.
import { throttled, type TaskContext } from '@searchlab/engine';
import {
  solveOptionsFrom,
  solvePuzzleParallel,
  type IterationProgress,
  type PdbProgress,
  type SearchStats,
  type SolveResult,
  type SolveTask,
} from '@searchlab/engine/puzzle';
import { relayRunner } from '../shell/relay.js';

/** The driver task: a solve (idastar) and where its subtrees go. */
export interface ParallelTask extends SolveTask {
  /** Subtrees at once. */
  workers: number;
  /** The relay's channel (shell/relay.ts), served by the page. */
  relay: string;
}

/** The driver's progress: the pattern databases' build, then the search's statistics and iteration. */
export type ParallelTaskProgress = { pdb: PdbProgress } | { stats: SearchStats; at: IterationProgress };

export const PARALLEL_TASK = { domain: 'lab', kind: 'parallel-idastar' } as const;
/** The only tasks the page runs for the driver. */
export const RELAYED_TASKS = { puzzle: ['subtree'] } as const;

async function solveParallel(task: ParallelTask, ctx: TaskContext): Promise<SolveResult> {
  const post = (p: ParallelTaskProgress): void => ctx.progress(p);
  const progress = throttled(post);
  const runner = relayRunner(task.relay, task.workers);
  try {
    return await solvePuzzleParallel(task.start, task.goal, {
      ...solveOptionsFrom(task.spec, { signal: ctx.signal, onPdbProgress: throttled((pdb: PdbProgress) => post({ pdb })) }),
      runner,
      width: task.workers,
      onProgress: (stats, at) => at !== undefined && progress({ stats, at }),
    });
  } finally {
    await runner.close();
  }
}

/** The lab worker's own tasks (registered by its entry, src/worker.ts). */
export const labTasks = { [PARALLEL_TASK.kind]: solveParallel };
