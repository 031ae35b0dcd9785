/**
 * Russell & Norvig's experiment ("search costs and effective branching factors"): for each solution
 * depth d, boards at optimal distance exactly d (depth.ts), each solved by every column (an algorithm,
 * with a heuristic when it uses one); per cell, the mean number of nodes the solver generated and the
 * mean effective branching factor b* of the runs. The counts are the solver's own (SolveResult.stats).
 * A run stopped by the cap (maxNodes expanded) makes its cell "capped": no mean is claimed for it.
 */
import { checkArray, checkObject, checkOptionalFunction, checkOptionalSignal, checkString, shown } from '../core/args.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import type { TaskRunner } from '../core/pool.js';
import { effectiveBranchingFactor } from '../search/ebf.js';
import { goalBoard, validateBoard } from './board.js';
import { boardsAtDepth } from './depth.js';
import { ALGORITHMS, HEURISTICS, usesHeuristic, type Algorithm, type HeuristicName, type SolveResult } from './options.js';
import { compareHeuristics, type CompareInstance } from './compare.js';
import type { Board } from './types.js';

/** One column of the experiment's table: an algorithm and, for informed ones, its heuristic. */
export interface ExperimentColumn {
  algorithm: Algorithm;
  /** Informed algorithms only. */
  heuristic?: HeuristicName;
}

/**
 * Russell & Norvig's experiment: `perDepth` boards at each solution depth, solved by every column, seeded.
 */
export interface ExperimentSpec {
  /** Default: the 8-puzzle's blank-last goal. */
  goal?: Board;
  depths: readonly number[];
  perDepth: number;
  columns: readonly ExperimentColumn[];
  seed: number;
  /** Node limit (expanded) of each run; a cell with a run past it shows no mean. Default 10^6. */
  cap?: number;
}

/** One depth × column cell of the experiment's table: runs, and the means of nodes and of b*. */
export interface ExperimentCell {
  /** Runs finished (all perDepth when the experiment completed). */
  runs: number;
  /** Runs stopped by the cap. */
  capped: number;
  /** Means over the runs, undefined when a run was capped or none finished. */
  meanGenerated?: number;
  meanExpanded?: number;
  /** The mean of each run's b* (runs generating nothing at d = 0 have none). */
  ebf?: number;
}

/** What {@link runExperiment} returns: the spec it ran, the boards' method, and the table's cells. */
export interface ExperimentResult {
  goal: Board;
  depths: number[];
  columns: ExperimentColumn[];
  perDepth: number;
  seed: number;
  cap: number;
  /** How the boards were drawn (depth.ts). */
  method: 'uniform' | 'walk';
  /** cells[depth index][column index]. */
  cells: ExperimentCell[][];
  /** False when aborted: the cells hold what finished. */
  complete: boolean;
}

/** Runner, AbortSignal and progress of {@link runExperiment}. */
export interface ExperimentHooks {
  runner?: TaskRunner;
  signal?: AbortSignal;
  /** Runs finished of all the runs. */
  onProgress?: (done: number, total: number) => void;
}

/** The experiment's default node limit per run (nodes expanded). */
export const DEFAULT_EXPERIMENT_CAP = 1_000_000;

/** A column's name as the table shows it: `astar(manhattan)`, or `bfs` for an uninformed algorithm. */
export function columnName(c: ExperimentColumn): string {
  checkObject(c, 'column');
  checkString(c.algorithm, 'column.algorithm');
  return c.heuristic === undefined ? c.algorithm : `${c.algorithm}(${String(c.heuristic)})`;
}

/** The columns of algorithms × heuristics: an uninformed algorithm once, an informed one per heuristic. */
export function experimentColumns(algorithms: readonly Algorithm[], heuristics: readonly HeuristicName[]): ExperimentColumn[] {
  checkArray(algorithms, 'algorithms');
  checkArray(heuristics, 'heuristics');
  for (const a of algorithms) if (!ALGORITHMS.includes(a)) throw new InvalidInputError(`algorithms: unknown algorithm '${shown(a)}'`);
  for (const h of heuristics) if (!HEURISTICS.includes(h)) throw new InvalidInputError(`heuristics: unknown heuristic '${shown(h)}'`);
  return algorithms.flatMap((algorithm) => (usesHeuristic(algorithm) ? heuristics.map((heuristic) => ({ algorithm, heuristic })) : [{ algorithm }]));
}

/** The algorithms an experiment runs; the optimal ones must solve a depth-d board in exactly d moves (checked). */
const EXPERIMENT_ALGORITHMS: readonly Algorithm[] = ['bfs', 'iddfs', 'ucs', 'astar', 'idastar', 'greedy', 'wastar'];
const OPTIMAL: readonly Algorithm[] = ['bfs', 'iddfs', 'ucs', 'astar', 'idastar'];

function checkSpec(spec: ExperimentSpec): void {
  checkObject(spec, 'experiment');
  checkArray(spec.depths, 'depths');
  if (spec.depths.length === 0) throw new InvalidInputError('depths: give at least one depth');
  for (const d of spec.depths) if (!(Number.isSafeInteger(d) && d >= 0)) throw new InvalidInputError(`depths: ${shown(d)} is not a whole number ≥ 0`);
  if (!(Number.isSafeInteger(spec.perDepth) && spec.perDepth >= 1))
    throw new InvalidInputError(`per-depth must be a whole number ≥ 1, got ${shown(spec.perDepth)}`);
  checkArray(spec.columns, 'columns');
  if (spec.columns.length === 0) throw new InvalidInputError('columns: give at least one algorithm');
  spec.columns.forEach((c, k) => {
    if (!ALGORITHMS.includes(c.algorithm) || !EXPERIMENT_ALGORITHMS.includes(c.algorithm)) {
      throw new InvalidInputError(
        `columns[${k}]: algorithm '${shown(c.algorithm)}' does not fit the experiment (choose from ${EXPERIMENT_ALGORITHMS.join(', ')})`,
      );
    }
    if (c.heuristic !== undefined && !HEURISTICS.includes(c.heuristic)) throw new InvalidInputError(`columns[${k}]: unknown heuristic '${shown(c.heuristic)}'`);
  });
  if (spec.cap !== undefined && !(Number.isSafeInteger(spec.cap) && spec.cap >= 1))
    throw new InvalidInputError(`cap must be a whole number ≥ 1, got ${shown(spec.cap)}`);
  if (!Number.isSafeInteger(spec.seed)) throw new InvalidInputError(`seed must be an integer, got ${shown(spec.seed)}`);
  if (spec.goal !== undefined) validateBoard(spec.goal);
}

/** "2-24:2,26" → [2, 4, …, 24, 26] (ranges A-B:STEP and numbers, comma-separated; sorted, no repeats). */
export function parseDepths(text: string, option = '--depths'): number[] {
  checkString(text, 'depths');
  checkString(option, 'option');
  const depths: number[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+)(?::(\d+))?)?$/.exec(part);
    if (m === null) throw new InvalidInputError(`${option}: cannot read '${part}' (write e.g. 2-24:2 or 4,8,12)`);
    const [from, to, by] = [Number(m[1]), m[2] === undefined ? Number(m[1]) : Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
    if (to < from || by < 1) throw new InvalidInputError(`${option}: '${part}' is an empty range`);
    if ((to - from) / by >= 1000) throw new InvalidInputError(`${option}: '${part}' holds more than 1000 depths`);
    for (let d = from; d <= to; d += by) depths.push(d);
  }
  if (depths.length === 0) throw new InvalidInputError(`${option}: empty list`);
  if (depths.length > 1000) throw new InvalidInputError(`${option}: ${depths.length} depths; at most 1000`);
  return [...new Set(depths)].sort((a, b) => a - b);
}

/** The seed of depth d's boards: one experiment seed gives each depth its own stream. */
export const depthSeed = (seed: number, depth: number): number => (seed + Math.imul(depth + 1, 0x9e3779b9)) >>> 0;

/** Summarise one cell's finished runs at depth d. */
function summariseCell(runs: readonly SolveResult[], depth: number): ExperimentCell {
  const capped = runs.filter((r) => r.status === 'limit').length;
  const solved = runs.filter((r) => r.status === 'solved');
  const cell: ExperimentCell = { runs: runs.length, capped };
  if (capped > 0 || solved.length === 0 || solved.length < runs.length) return cell;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  cell.meanGenerated = mean(solved.map((r) => r.stats.generated));
  cell.meanExpanded = mean(solved.map((r) => r.stats.expanded));
  if (depth > 0) cell.ebf = mean(solved.map((r) => effectiveBranchingFactor(r.stats.generated, depth)));
  return cell;
}

/** Run the experiment on `hooks.runner` (a worker pool; default this thread). Aborted: the cells so far, complete false. */
export async function runExperiment(spec: ExperimentSpec, hooks: ExperimentHooks = {}): Promise<ExperimentResult> {
  checkSpec(spec);
  checkObject(hooks, 'hooks');
  checkOptionalSignal(hooks.signal, 'hooks.signal');
  checkOptionalFunction(hooks.onProgress, 'hooks.onProgress');
  const goal = spec.goal ?? goalBoard(3, 3);
  const cap = spec.cap ?? DEFAULT_EXPERIMENT_CAP;
  const depths = [...spec.depths];
  const columns = spec.columns.map((c) =>
    usesHeuristic(c.algorithm) ? { algorithm: c.algorithm, heuristic: c.heuristic ?? 'manhattan' } : { algorithm: c.algorithm },
  );
  let method: 'uniform' | 'walk' = 'uniform';
  const instances: CompareInstance[] = [];
  const depthOf: number[] = [];
  let drawnAll = true;
  for (const [di, d] of depths.entries()) {
    // Stopped while boards are drawn (a BFS, or optimal solves): the table of what finished, none.
    const drawn = await boardsAtDepth(goal, d, { count: spec.perDepth, seed: depthSeed(spec.seed, d), signal: hooks.signal }).catch((e: unknown) => {
      if (hooks.signal?.aborted === true && e instanceof SearchlabError && e.code === 'aborted') return undefined;
      throw e;
    });
    if (drawn === undefined) {
      drawnAll = false;
      break;
    }
    method = drawn.method;
    for (const start of drawn.boards) {
      instances.push({ start, goal });
      depthOf.push(di);
    }
  }
  // One comparison per algorithm (its heuristics the variants) over every depth's boards: the
  // platform's task path runs them, in parallel on a pool.
  const runs: SolveResult[][][] = depths.map(() => columns.map(() => []));
  const total = instances.length * columns.length;
  let done = 0;
  for (const algorithm of [...new Set(columns.map((c) => c.algorithm))]) {
    if (hooks.signal?.aborted === true) break;
    const indices = columns.flatMap((c, ci) => (c.algorithm === algorithm ? [ci] : []));
    const variants = indices.map((ci) => ({ heuristic: columns[ci]!.heuristic ?? 'manhattan' }));
    await compareHeuristics(
      instances,
      variants,
      { algorithm, maxNodes: cap },
      {
        runner: hooks.runner,
        signal: hooks.signal,
        onResult: (i, v, result) => {
          if (result.status === 'aborted') return;
          const [di, ci] = [depthOf[i]!, indices[v]!];
          if (result.status === 'solved' && result.length !== depths[di] && OPTIMAL.includes(algorithm)) {
            throw new SearchlabError('invalid-input', `internal: ${columnName(columns[ci]!)} solved a depth-${depths[di]} board in ${result.length} moves`);
          }
          runs[di]![ci]!.push(result);
          done++; // not inside the optional call below: its arguments are skipped without a hook
          hooks.onProgress?.(done, total);
        },
      },
    );
  }
  const complete = drawnAll && done === total;
  const cells = runs.map((row, di) => row.map((r) => summariseCell(r, depths[di]!)));
  return { goal, depths, columns, perDepth: spec.perDepth, seed: spec.seed, cap, method, cells, complete };
}
