/**
 * The sliding-tile puzzle as a search `Problem`: any W×H board (up to the size limit of board.ts), walls, any goal.
 * A state is its cells in an Int16Array plus the blank's index and a string key built once
 * (one UTF-16 unit per cell), which the reached tables hash.
 */
import { checkBoolean, checkObject } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { checkBoard } from './board.js';
import { BLANK, INVERSE, MOVES, WALL, type Board, type Move } from './types.js';
import { makeHeuristic, type HeuristicFn } from './heuristics.js';
import { isPdbName, pdbHeuristic } from './pdb.js';
import { loadedPdb } from './pdb-store.js';
import type { Problem } from '../search/problem.js';
import type { SolverHeuristic } from './options.js';

/** A state of the sliding-tile search: the cells, the blank's index, and the state's key. */
export interface TileState {
  readonly cells: Int16Array;
  /** Index of the blank cell. */
  readonly blank: number;
  readonly key: string;
}

/** The heuristic a {@link SlidingTileProblem} estimates with. */
export interface SlidingTileOptions {
  /** The h of the problem; omitted: h = 0 (uninformed). Pattern databases: their tables must be loaded (loadPdb). */
  heuristic?: SolverHeuristic;
  countBlank?: boolean;
  /** Pattern databases: also look up the reflected board (default true). */
  pdbReflect?: boolean;
}

/** The h a heuristic's name stands for against `goal` (a pattern database's tables as loaded in this thread). */
function heuristicFn(goal: Board, { heuristic, countBlank = false, pdbReflect = true }: SlidingTileOptions): HeuristicFn | null {
  if (heuristic === undefined) return null;
  return isPdbName(heuristic) ? pdbHeuristic(loadedPdb(heuristic), goal, pdbReflect) : makeHeuristic(heuristic, goal, countBlank);
}

const keyOf = (cells: Int16Array): string => String.fromCharCode.apply(null, cells as unknown as number[]);

/** Row/column offsets of each move of the BLANK, in MOVES order (up, down, left, right). */
const MOVE_CODE: Readonly<Record<Move, number>> = { up: 0, down: 1, left: 2, right: 3 };
const DELTA: Readonly<Record<Move, readonly [number, number]>> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/** Fixed bytes of a state besides its cells: see `stateBytes`. */
const STATE_OVERHEAD = 240;

export function tileState(board: Board): TileState {
  const cells = Int16Array.from(board.cells);
  const blank = cells.indexOf(BLANK);
  if (blank < 0) throw new InvalidInputError('the board has no blank');
  return { cells, blank, key: keyOf(cells) };
}

export function stateBoard(state: TileState, width: number, height: number): Board {
  return { width, height, cells: Array.from(state.cells) };
}

/**
 * A sliding-tile puzzle as a search {@link Problem}: the generic searches and the step events run over it
 * (the step searches' `problem`).
 */
export class SlidingTileProblem implements Problem<TileState, Move> {
  readonly initial: TileState;
  readonly width: number;
  readonly height: number;
  private readonly goalKey: string;
  /** Legal moves with the blank at each cell, in successor order. */
  private readonly movesAt: Move[][];
  /** Cell the blank moves to: target[cell * 4 + move index] (-1 when illegal). */
  private readonly target: Int32Array;
  private readonly hFn: HeuristicFn | null;
  private readonly bytesPerState: number;

  constructor(start: Board, goal: Board, options: SlidingTileOptions = {}) {
    checkBoard(start, 'start');
    checkBoard(goal, 'goal');
    checkObject(options, 'options');
    checkBoolean(options.pdbReflect, 'options.pdbReflect');
    if (start.width !== goal.width || start.height !== goal.height) {
      throw new InvalidInputError(`start is ${start.width}x${start.height} but goal is ${goal.width}x${goal.height}`);
    }
    const { width: w, height: h } = start;
    this.width = w;
    this.height = h;
    this.initial = tileState(start);
    this.goalKey = tileState(goal).key;
    this.target = new Int32Array(w * h * 4).fill(-1);
    this.movesAt = [];
    for (let i = 0; i < w * h; i++) {
      const r = Math.floor(i / w);
      const c = i % w;
      const legal: Move[] = [];
      MOVES.forEach((m, k) => {
        const [dr, dc] = DELTA[m];
        const r2 = r + dr;
        const c2 = c + dc;
        if (r2 < 0 || r2 >= h || c2 < 0 || c2 >= w || start.cells[r2 * w + c2] === WALL) return;
        this.target[i * 4 + k] = r2 * w + c2;
        legal.push(m);
      });
      this.movesAt.push(legal);
    }
    const cells = w * h;
    this.bytesPerState = STATE_OVERHEAD + 4 * cells;
    this.hFn = heuristicFn(goal, options);
  }

  actions(s: TileState): readonly Move[] {
    return this.movesAt[s.blank]!;
  }

  /** The state after the blank moves by `a` (a legal move in `s`). */
  result(s: TileState, a: Move): TileState {
    const to = this.target[s.blank * 4 + MOVE_CODE[a]]!;
    if (to < 0) throw new InvalidInputError(`move ${a} is not legal here`);
    const cells = s.cells.slice();
    cells[s.blank] = cells[to]!;
    cells[to] = BLANK;
    return { cells, blank: to, key: keyOf(cells) };
  }

  /** Whether `s` is the goal. */
  isGoal(s: TileState): boolean {
    return s.key === this.goalKey;
  }

  actionCost(): number {
    return 1;
  }

  h(s: TileState): number {
    return this.hFn === null ? 0 : this.hFn(s.cells);
  }

  /** The state's key (one UTF-16 unit per cell). */
  key(s: TileState): string {
    return s.key;
  }

  /**
   * Heap bytes of one state, measured on Node 20: the object, the Int16Array (header and cells)
   * and the key string (counted at two bytes per cell).
   */
  stateBytes(): number {
    return this.bytesPerState;
  }

  isInverse(a: Move, previous: Move): boolean {
    return INVERSE[previous] === a;
  }

  /** The state as a {@link Board}. */
  board(s: TileState): Board {
    return stateBoard(s, this.width, this.height);
  }
}
