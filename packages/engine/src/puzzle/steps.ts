/**
 * The step API on sliding tiles: the generic `searchSteps` (search/steps.ts) over a
 * `SlidingTileProblem`, with the heuristic of the solver and boards for the events' states.
 */
import { checkObject, shown } from '../core/args.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { searchSteps, STEP_ALGORITHMS, type StepAlgorithm, type StepSearch } from '../search/steps.js';
import { HEURISTICS, type HeuristicName } from './options.js';
import { SlidingTileProblem, type TileState } from './problem.js';
import { checkSolvable, validatePair } from './solvability.js';
import type { Board, Move } from './types.js';

/**
 * Options of {@link puzzleSteps}: the algorithm, its heuristic, weight (wastar), depth limit (dfs) and node limit.
 */
export interface PuzzleStepOptions {
  algorithm: StepAlgorithm;
  /** The informed algorithms' h (default manhattan); uninformed ones ignore it (h = 0). */
  heuristic?: HeuristicName;
  countBlank?: boolean;
  weight?: number;
  depthLimit?: number;
  maxNodes?: number;
}

/**
 * A step-by-step search of a puzzle ({@link puzzleSteps}): the events, the problem, and its states as boards.
 */
export interface PuzzleStepSearch extends StepSearch<TileState, Move> {
  readonly problem: SlidingTileProblem;
  /** A state of the events as a board. */
  board(state: TileState): Board;
}

const INFORMED: readonly StepAlgorithm[] = ['greedy', 'astar', 'wastar', 'idastar'];

/** The step-by-step search of `start` to `goal`; an unsolvable pair is refused (no search would end on a large board). */
export function puzzleSteps(start: Board, goal: Board, options: PuzzleStepOptions): PuzzleStepSearch {
  validatePair(start, goal);
  checkObject(options, 'options');
  if (!(STEP_ALGORITHMS as readonly string[]).includes(options.algorithm)) {
    throw new InvalidInputError(`unknown step algorithm '${shown(options.algorithm)}' (choose from ${STEP_ALGORITHMS.join(', ')})`);
  }
  const heuristic = options.heuristic ?? 'manhattan';
  if (!HEURISTICS.includes(heuristic)) throw new InvalidInputError(`unknown heuristic '${shown(heuristic)}' (choose from ${HEURISTICS.join(', ')})`);
  const verdict = checkSolvable(start, goal);
  if (!verdict.solvable) throw new SearchlabError('unsolvable', verdict.reason);
  const informed = INFORMED.includes(options.algorithm);
  const problem = new SlidingTileProblem(start, goal, informed ? { heuristic, countBlank: options.countBlank } : {});
  const steps = searchSteps(problem, options);
  return { ...steps, events: steps.events, problem, board: (s) => problem.board(s) };
}
