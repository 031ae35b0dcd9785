/**
 * The sliding-tile board model shared by every layer.
 *
 * A board is W×H cells in row-major order. Cell values: 0 is the blank, -1 (WALL) is a fixed wall
 * cell that never moves, 1..T are tiles (T = number of non-wall, non-blank cells). Tile numbers are
 * exactly 1..T with no gaps; every board has exactly one blank.
 */
export const BLANK = 0;
/** A wall cell's value: it never moves and no tile enters it. */
export const WALL = -1;

/**
 * A W×H board in row-major order: 0 is the blank, -1 a wall, 1..T the tiles. Parse one with
 * {@link parseBoard}, make a goal with {@link goalBoard} or {@link goalLike}.
 */
export interface Board {
  readonly width: number;
  readonly height: number;
  /** Row-major, length width*height. */
  readonly cells: readonly number[];
}

/** A move is named by the direction the BLANK moves (as in the seeds). */
export type Move = 'up' | 'down' | 'left' | 'right';

/**
 * The fixed successor order used by every algorithm on both backends: up, down, left, right.
 * Index in this array is the move code used in WASM memory (0..3).
 */
export const MOVES: readonly Move[] = ['up', 'down', 'left', 'right'];

/** The move that undoes `m`. */
export const INVERSE: Readonly<Record<Move, Move>> = { up: 'down', down: 'up', left: 'right', right: 'left' };

/** Named goal layouts. blank-last: 1..T then the blank (default). blank-first: 0 1 2 … (Korf). */
export type GoalPreset = 'blank-last' | 'blank-first';
