// Solving one board with the progress bar and Ctrl-C: what solve, compare and demo share.
import {
  solvePuzzle, solveOptionsFrom, type Board, type Improvement, type SolveResult, type SolveSettings,
} from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { track } from '../../progress.js';

export function solveTracked(
  ctx: Context, start: Board, goal: Board, settings: SolveSettings, view: { label: string; quiet?: boolean },
  onImprovement?: (improvement: Improvement) => void, signal: AbortSignal = ctx.signal,
): Promise<SolveResult> {
  return track(ctx, { label: view.label, unit: 'nodes', total: settings.maxNodes, quiet: view.quiet }, (progress) =>
    solvePuzzle(start, goal, solveOptionsFrom(settings, { signal, onProgress: (s) => progress.update(s.expanded), onImprovement })));
}
