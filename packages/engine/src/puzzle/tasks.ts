// The puzzle's worker tasks: plain-JSON payloads in, plain-JSON results out.
import type { TaskContext } from '../core/tasks.js';
import { solveOptionsFrom, type SolveResult, type SolveSettings } from './options.js';
import { solvePuzzle } from './solve.js';
import type { Board } from './types.js';

export interface SolveTask {
  start: Board;
  goal: Board;
  settings: SolveSettings;
}

/** Posts progress at most this often: the page or the CLI redraws no faster. */
const PROGRESS_EVERY_MS = 100;

export function throttled<T>(post: (value: T) => void, everyMs = PROGRESS_EVERY_MS): (value: T) => void {
  let last = -Infinity;
  return (value) => {
    const now = globalThis.performance.now();
    if (now - last < everyMs) return;
    last = now;
    post(value);
  };
}

export const puzzleTasks = {
  solve: (task: SolveTask, ctx: TaskContext): Promise<SolveResult> =>
    solvePuzzle(task.start, task.goal, solveOptionsFrom(task.settings, { signal: ctx.signal, onProgress: throttled(ctx.progress) })),
};
