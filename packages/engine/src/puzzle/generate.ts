// Seeded start boards: random walks from a goal, and boards uniform over the solvable ones.
import { shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { blankIndex, neighbour, validateBoard } from './board.js';
import { blankRegion, checkSolvable, cycleCells } from './solvability.js';
import { BLANK, INVERSE, MOVES } from './types.js';
import type { Board, Move } from './types.js';

/** A board reached by a random walk from the goal, and the walk's moves. */
export interface RandomWalkResult {
  board: Board;
  /** The moves made from the goal (undo them in reverse to solve). */
  moves: Move[];
}

function rngFor(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new InvalidInputError(`seed must be an integer, got ${shown(seed)}`);
  return new Rng(seed);
}

function freeze(width: number, height: number, cells: number[]): Board {
  return Object.freeze({ width, height, cells: Object.freeze(cells) });
}

/**
 * k blank moves on `cells` in place; returns the moves. With `avoidUndo` the rule is randomWalk's;
 * without it every legal move is a candidate. A single candidate draws no random number.
 */
function walk(board: Board, cells: number[], k: number, rng: Rng, avoidUndo: boolean, moves?: Move[]): void {
  const view: Board = { width: board.width, height: board.height, cells };
  let b = blankIndex(board);
  let prev: Move | undefined;
  const legal: Move[] = [];
  for (let s = 0; s < k; s++) {
    legal.length = 0;
    let fallback: Move | undefined;
    for (const m of MOVES) {
      if (neighbour(view, b, m) < 0) continue;
      if (avoidUndo && prev !== undefined && m === INVERSE[prev]) fallback = m;
      else legal.push(m);
    }
    if (legal.length === 0 && fallback) legal.push(fallback);
    if (legal.length === 0) break; // a walled-in blank: no walk leaves the goal
    const m = legal[legal.length === 1 ? 0 : rng.nextInt(legal.length)] as Move;
    const to = neighbour(view, b, m);
    cells[b] = cells[to] as number;
    cells[to] = BLANK;
    b = to;
    moves?.push(m);
    prev = m;
  }
}

/** The longest random walk accepted (longer ones are refused up front: InvalidInputError). */
export const MAX_WALK = 100_000_000;

/** The cells after a randomWalk of `k` moves from `goal`, recording the moves into `moves` when given. */
function walkFromGoal(goal: Board, k: number, seed: number, moves?: Move[]): Board {
  validateBoard(goal);
  if (!Number.isSafeInteger(k) || k < 0) {
    throw new InvalidInputError(`the walk length must be a whole number of moves ≥ 0, got ${shown(k)}`);
  }
  if (k > MAX_WALK) throw new InvalidInputError(`the walk length ${k} is over the limit of ${MAX_WALK} moves`);
  const rng = rngFor(seed);
  const cells = goal.cells.slice();
  walk(goal, cells, k, rng, true, moves);
  return freeze(goal.width, goal.height, cells);
}

/**
 * A board `k` random blank moves away from `goal` (seeded, deterministic). Each step picks
 * uniformly (Rng.nextInt) among the legal moves in the order up, down, left, right, leaving out the
 * move that undoes the previous one unless it is the only legal move. A step with a single
 * candidate draws no random number. The result is at most k moves from the goal, not exactly k.
 *
 * @param goal - The board to walk from (walls stay put).
 * @param k - Moves to make, an integer from 0 to {@link MAX_WALK}.
 * @param seed - Any safe integer; the same seed gives the same walk.
 * @returns The board reached and the moves made.
 * @throws {InvalidInputError} On an invalid board, `k` out of range or a seed that is not an integer.
 * @example
 * ```ts
 * import { applyMoves, goalBoard, randomWalk } from '@searchlab/engine/puzzle';
 * const goal = goalBoard(4, 4);
 * const { board, moves } = randomWalk(goal, 30, 7);
 * console.log(moves.length, applyMoves(goal, moves).cells.join() === board.cells.join()); // 30 true
 * ```
 */
export function randomWalk(goal: Board, k: number, seed: number): RandomWalkResult {
  const moves: Move[] = [];
  return { board: walkFromGoal(goal, k, seed, moves), moves };
}

/** randomWalk's board alone (the same board for the same arguments), without storing the moves. */
export function randomWalkBoard(goal: Board, k: number, seed: number): Board {
  return walkFromGoal(goal, k, seed);
}

/**
 * A random board that can reach `goal` (seeded, deterministic).
 *
 * - No walls, or walls leaving the blank a 2-connected region that is not a cycle: the values of
 *   the blank's region are shuffled (Rng.shuffle, in ascending cell order) and, if the result is
 *   unsolvable, the tiles on the two lowest-index cells of the region that hold tiles are swapped.
 *   That swap pairs every unsolvable arrangement with exactly one solvable one, so the result is
 *   uniform over all boards solvable to `goal`. Cells outside the region keep their goal values.
 * - A cycle region: a uniform blank position (nextInt(n)) then a uniform rotation of the tiles'
 *   cyclic order (nextInt(n−1)): uniform over the n·(n−1) reachable boards.
 * - A region with a cut cell: no uniform sampler; a random walk of L = max(1000, 100·n) + nextInt(2)
 *   moves (n = cells in the region), each picking uniformly among ALL legal moves (avoiding the
 *   undo would make walks in dead-end corridors deterministic; the random parity of L lets the
 *   blank end on either colour of the grid). Close to uniform for long walks, not exactly.
 */
export function randomSolvable(goal: Board, seed: number): Board {
  validateBoard(goal);
  const rng = rngFor(seed);
  const region = blankRegion(goal);
  const cells = goal.cells.slice();
  const n = region.cells.length;
  if (region.kind === 'full' || region.kind === 'wilson') {
    const values = rng.shuffle(region.cells.map((c) => goal.cells[c] as number));
    region.cells.forEach((c, k) => (cells[c] = values[k] as number));
    if (!checkSolvable({ width: goal.width, height: goal.height, cells }, goal).solvable) {
      const [a, b] = region.cells.filter((c) => (cells[c] as number) > 0) as [number, number];
      [cells[a], cells[b]] = [cells[b] as number, cells[a] as number];
    }
    return freeze(goal.width, goal.height, cells);
  }
  if (region.kind === 'cycle') {
    const order = cycleCells(goal, region.cells);
    const tiles = order.map((c) => goal.cells[c] as number).filter((v) => v !== BLANK);
    const p = rng.nextInt(n);
    const r = rng.nextInt(n - 1);
    cells[order[p] as number] = BLANK;
    for (let k = 1; k < n; k++) cells[order[(p + k) % n] as number] = tiles[(r + k - 1) % (n - 1)] as number;
    return freeze(goal.width, goal.height, cells);
  }
  const length = Math.max(1000, 100 * n) + rng.nextInt(2);
  walk(goal, cells, length, rng, false);
  return freeze(goal.width, goal.height, cells);
}
