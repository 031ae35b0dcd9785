// The puzzle's worker tasks: plain-JSON payloads in, plain-JSON results out.
import { throttled, type TaskContext } from '../core/tasks.js';
import { solveOptionsFrom, type SolveResult, type SolveSettings } from './options.js';
import { solvePuzzle } from './solve.js';
import type { Board } from './types.js';

export interface SolveTask {
  start: Board;
  goal: Board;
  settings: SolveSettings;
}

export const puzzleTasks = {
  solve: (task: SolveTask, ctx: TaskContext): Promise<SolveResult> =>
    solvePuzzle(task.start, task.goal, solveOptionsFrom(task.settings, { signal: ctx.signal, onProgress: throttled(ctx.progress) })),
};
