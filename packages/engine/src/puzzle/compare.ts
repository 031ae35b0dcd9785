/**
 * Heuristic comparison, the one implementation behind the CLI's `puzzle compare` and the web lab:
 * every instance solved with every variant (a heuristic, optionally counting the blank), with the
 * same other settings; results streamed as they finish, and a summary whose means are taken over
 * the same boards for every variant.
 */
import { callerCallback, checkArray, checkObject, checkOptionalFunction, checkOptionalSignal, checkTimeoutMs, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { checkBoard } from './board.js';
import { HEURISTICS, normalizeOptions, puzzleSpec } from './options.js';
import type { Task, TaskRunner } from '../core/pool.js';
import { runTasks } from '../core/work.js';
import type { SearchStats } from '../search/types.js';
import { effectiveBranchingFactor } from '../search/ebf.js';
import type { HeuristicName, SolveResult, SolveSettings } from './options.js';
import type { SolveTask } from './tasks.js';
import './tasks.js'; // registers the solve task this runs
import type { Board } from './types.js';

/** One board to solve in a comparison, with its goal. */
export interface CompareInstance {
  start: Board;
  goal: Board;
}

/**
 * One heuristic to compare, optionally counting the blank as a tile (inadmissible: the seeds' mistake, kept to show it).
 */
export interface CompareVariant {
  heuristic: HeuristicName;
  countBlank?: boolean;
}

/** One variant's totals and means over a comparison's instances. */
export interface VariantSummary {
  variant: CompareVariant;
  /** Instances this variant solved. */
  solved: number;
  /** Statuses other than 'solved', with counts, e.g. { limit: 2 }. */
  unsolved: Record<string, number>;
  /** Mean length over the instances that EVERY variant solved (undefined when there is none). */
  meanLength?: number;
  /** Mean expanded over those same common instances. */
  meanExpanded?: number;
  /**
   * Mean effective branching factor b* over those common instances (each run's b* from its nodes
   * generated and its solution length; boards solved in 0 moves have none).
   */
  meanEbf?: number;
  /** Sums over all instances (limits included: the work was done). */
  expanded: number;
  generated: number;
  maxFrontier: number;
  timeMs: number;
}

/** What {@link compareHeuristics} returns: every solve's result, and a summary per variant. */
export interface Comparison {
  /** results[instance][variant] */
  results: SolveResult[][];
  summary: VariantSummary[];
  /** How many instances every variant solved: the set the means are taken over. */
  commonSolved: number;
}

/** Runner, limits and callbacks of {@link compareHeuristics}. */
export interface CompareHooks {
  /** Where the solves run: a worker pool or the queue runs them in parallel. Default: this thread. */
  runner?: TaskRunner;
  signal?: AbortSignal;
  /** Wall-clock milliseconds for the whole comparison: then the solves running end with status 'aborted', the others never start. */
  timeoutMs?: number;
  /** Progress of the solve in flight. */
  onProgress?: (instance: number, variant: number, stats: SolveResult['stats']) => void;
  /** Each result as it finishes. */
  onResult?: (instance: number, variant: number, result: SolveResult) => void;
}

export const variantName = (v: CompareVariant): string => {
  checkVariants([v]);
  return `${v.heuristic}${v.countBlank === true ? '+blank' : ''}`;
};

function checkVariants(variants: readonly CompareVariant[]): void {
  checkArray(variants, 'variants');
  variants.forEach((v, k) => {
    checkObject(v, `variants[${k}]`);
    if (!HEURISTICS.includes(v.heuristic)) throw new InvalidInputError(`variants[${k}]: unknown heuristic '${shown(v.heuristic)}'`);
  });
}

/** The arguments of compareHeuristics, checked before any solve starts. */
function checkCompare(instances: readonly CompareInstance[], variants: readonly CompareVariant[], settings: object, hooks: CompareHooks): void {
  checkArray(instances, 'instances');
  instances.forEach((inst, k) => {
    checkObject(inst, `instances[${k}]`);
    checkBoard(inst.start, `instances[${k}].start`);
    checkBoard(inst.goal, `instances[${k}].goal`);
  });
  checkVariants(variants);
  normalizeOptions(settings);
  checkObject(hooks, 'hooks');
  checkOptionalSignal(hooks.signal, 'hooks.signal');
  for (const fn of ['onProgress', 'onResult'] as const) checkOptionalFunction(hooks[fn], `hooks.${fn}`);
  checkTimeoutMs(hooks.timeoutMs, 'hooks.timeoutMs');
}

/**
 * Solves every instance with every variant (heuristic) and summarises them side by side: nodes,
 * lengths and b* over the instances every variant solved. The solves run on `hooks.runner` (a worker
 * pool runs them in parallel; default: this thread, one at a time). Limits never throw: a solve that
 * hits one has that status in the table; when aborted, the table holds what finished.
 *
 * @param instances - The boards to solve, each with its goal.
 * @param variants - The heuristics to compare (each may count the blank, to show why that is wrong).
 * @param settings - The solve's settings shared by every run: `algorithm` (default `astar`), `maxNodes`,
 *   `backend` … (as {@link solvePuzzle}'s options, less the heuristic).
 * @param hooks - `runner`, `signal`, `timeoutMs` (wall-clock ms for the whole comparison),
 *   `onProgress` and `onResult` (each solve as it ends).
 * @returns Every solve's result (`results[instance][variant]`) and a summary per variant.
 * @throws {InvalidInputError} On an invalid board, variant, setting or hook.
 * @example
 * ```ts
 * import { compareHeuristics, goalLike, parseBoard } from '@searchlab/engine/puzzle';
 * const start = parseBoard('8 6 7/2 5 4/3 0 1');
 * const cmp = await compareHeuristics([{ start, goal: goalLike(start) }],
 *   [{ heuristic: 'manhattan' }, { heuristic: 'linear-conflict' }], { algorithm: 'idastar' });
 * console.log(cmp.summary.map((s) => s.meanLength)); // [ 31, 31 ]
 * ```
 */
export async function compareHeuristics(
  instances: readonly CompareInstance[],
  variants: readonly CompareVariant[],
  settings: Omit<SolveSettings, 'heuristic' | 'countBlank' | 'trace'> = {},
  hooks: CompareHooks = {},
): Promise<Comparison> {
  checkCompare(instances, variants, settings, hooks);
  const tasks: Task[] = instances.flatMap(({ start, goal }) =>
    variants.map((v) => {
      const payload: SolveTask = { start, goal, spec: puzzleSpec({ ...settings, heuristic: v.heuristic, countBlank: v.countBlank === true }) };
      return { domain: 'puzzle', kind: 'solve', payload };
    }),
  );
  const at = (index: number): [number, number] => [Math.floor(index / variants.length), index % variants.length];
  const results: SolveResult[][] = instances.map(() => []);
  const onProgress = hooks.onProgress && callerCallback(hooks.onProgress, 'onProgress');
  const onResult = hooks.onResult && callerCallback(hooks.onResult, 'onResult');
  await runTasks<SolveResult>(tasks, {
    runner: hooks.runner,
    signal: hooks.signal,
    timeoutMs: hooks.timeoutMs,
    onProgress: onProgress && ((stats, index) => onProgress(...at(index), stats as SearchStats)),
    onResult: (index, result) => {
      const [i, v] = at(index);
      results[i]![v] = result as SolveResult;
      onResult?.(i, v, result as SolveResult);
    },
  });
  return summarise(results, variants);
}

/** The summary of a full or partial result table. */
export function summarise(results: readonly SolveResult[][], variants: readonly CompareVariant[]): Comparison {
  checkArray(results, 'results');
  results.forEach((row, k) => checkArray(row, `results[${k}]`));
  checkVariants(variants);
  const complete = results.filter((row) => variants.every((_, v) => row[v] !== undefined));
  const common = complete.filter((row) => row.every((r) => r.status === 'solved'));
  const mean = (xs: number[]): number | undefined => (xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length);
  const summary = variants.map((variant, v): VariantSummary => {
    const runs = results.map((row) => row[v]).filter((r): r is SolveResult => r !== undefined);
    const unsolved: Record<string, number> = {};
    for (const r of runs) if (r.status !== 'solved') unsolved[r.status] = (unsolved[r.status] ?? 0) + 1;
    return {
      variant,
      solved: runs.filter((r) => r.status === 'solved').length,
      unsolved,
      meanLength: mean(common.map((row) => row[v]!.length ?? 0)),
      meanExpanded: mean(common.map((row) => row[v]!.stats.expanded)),
      meanEbf: mean(
        common.flatMap((row) => {
          const b = runEbf(row[v]!);
          return b === undefined ? [] : [b];
        }),
      ),
      expanded: runs.reduce((a, r) => a + r.stats.expanded, 0),
      generated: runs.reduce((a, r) => a + r.stats.generated, 0),
      maxFrontier: runs.reduce((a, r) => Math.max(a, r.stats.maxFrontier), 0),
      timeMs: runs.reduce((a, r) => a + r.stats.timeMs, 0),
    };
  });
  return { results: results.map((row) => row.slice()), summary, commonSolved: common.length };
}

/** b* of one solved run (its nodes generated, its solution length); undefined for other runs and 0-move solutions. */
export function runEbf(r: SolveResult): number | undefined {
  checkObject(r, 'result');
  if (r.status === 'solved') checkObject(r.stats, 'result.stats');
  return r.status === 'solved' && (r.length ?? 0) > 0 ? effectiveBranchingFactor(r.stats.generated, r.length!) : undefined;
}
