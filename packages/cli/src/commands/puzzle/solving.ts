// Solving one board with the progress bar and Ctrl-C: what solve, compare and demo share.
import type { TaskRunner } from '@searchlab/engine';
import {
  solvePuzzle,
  solvePuzzleParallel,
  solveOptionsFrom,
  type Board,
  type Improvement,
  type SolveResult,
  type SolveSettings,
} from '@searchlab/engine/puzzle';
import { int } from '../../format.js';
import type { Context } from '../../context.js';
import { track } from '../../progress.js';

export function solveTracked(
  ctx: Context,
  start: Board,
  goal: Board,
  settings: SolveSettings,
  view: { label: string; quiet?: boolean },
  onImprovement?: (improvement: Improvement) => void,
  signal: AbortSignal = ctx.signal,
): Promise<SolveResult> {
  return track(ctx, { label: view.label, unit: 'nodes', limit: settings.maxNodes, quiet: view.quiet }, (progress) =>
    solvePuzzle(start, goal, solveOptionsFrom(settings, { signal, onProgress: (s) => progress.update(s.expanded), onImprovement })),
  );
}

/**
 * Parallel IDA* (`--jobs N` or `--db` with one board): the subtrees on `runner` (the worker pool, the
 * queue; this thread when undefined), a line on stderr after each iteration (also with --json: stdout
 * stays one object).
 */
export function solveParallelTracked(
  ctx: Context,
  start: Board,
  goal: Board,
  settings: SolveSettings,
  view: {
    jobs: number;
    splitDepth?: number;
    minSplitNodes?: number;
    remoteTops?: boolean;
    minSubtreeNodes?: number;
    targetSubtreeNodes?: number;
    runner: TaskRunner | undefined;
    quiet?: boolean;
  },
): Promise<SolveResult> {
  let detail = '';
  return track(ctx, { label: 'solving', unit: 'nodes', total: settings.maxNodes, quiet: view.quiet }, (progress) =>
    solvePuzzleParallel(start, goal, {
      ...solveOptionsFrom(settings, { signal: ctx.signal, onProgress: (s) => progress.update(s.expanded, detail) }),
      runner: view.runner,
      width: view.jobs,
      splitDepth: view.splitDepth,
      minSplitNodes: view.minSplitNodes,
      remoteTops: view.remoteTops,
      minSubtreeNodes: view.minSubtreeNodes,
      targetSubtreeNodes: view.targetSubtreeNodes,
      onIteration: (it, total) => {
        detail = `iteration ${it.iteration + 1}, threshold ${it.next}`;
        ctx.err(
          `iteration ${it.iteration}: threshold ${it.threshold}, ${int(it.subtrees)} subtrees (split depth ${it.splitDepth}), ` +
            `${int(it.expanded)} expanded (${int(total.expanded)} in all), ${(it.timeMs / 1000).toFixed(2)} s; next threshold ${it.next}\n`,
        );
      },
    }),
  );
}
