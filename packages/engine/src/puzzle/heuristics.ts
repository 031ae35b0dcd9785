/**
 * Sliding-tile heuristics against an arbitrary goal (docs/contracts/puzzle.md, "Heuristics").
 * The blank is excluded unless `countBlank` (seed 004's variant, not admissible); walls never move
 * and are ignored.
 */
import { checkBoolean, describe, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { checkBoard } from './board.js';
import { BLANK, type Board } from './types.js';

/** The heuristics of a search (pattern databases are named in pdb.ts). */
export type HeuristicName = 'misplaced' | 'manhattan' | 'euclidean' | 'linear-conflict';
/**
 * The plain heuristics, weakest first: tiles misplaced, Manhattan distance, Euclidean distance, Manhattan plus linear conflicts.
 */
export const HEURISTICS: readonly HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];

/** What a heuristic guarantees on a board, and a one-line description (see {@link heuristicInfo}). */
export interface HeuristicProperties {
  /** Never overestimates the true distance (A* and IDA* then find optimal paths). */
  admissible: boolean;
  /** h(s) ≤ 1 + h(s') across every move (A* then never reopens a state). */
  consistent: boolean;
  description: string;
}

export const HEURISTIC_INFO: Readonly<Record<HeuristicName, HeuristicProperties>> = {
  misplaced: {
    admissible: true,
    consistent: true,
    description: 'number of tiles not on their goal cell',
  },
  manhattan: {
    admissible: true,
    consistent: true,
    description: 'sum over tiles of the row and column distance to the goal cell',
  },
  euclidean: {
    admissible: true,
    consistent: true,
    description: 'sum over tiles of the straight-line distance to the goal cell (weaker than manhattan)',
  },
  'linear-conflict': {
    admissible: true,
    consistent: true,
    description:
      'manhattan + 2 per tile that must leave its row or column to let others pass (line size minus the longest increasing subsequence of goal positions)',
  },
};

// (includes, not a property lookup: a name that is a throwing Proxy is then refused, not run.)
function checkHeuristicName(name: unknown): asserts name is HeuristicName {
  if (!HEURISTICS.includes(name as HeuristicName)) throw new InvalidInputError(`unknown heuristic ${describe(name)} (use ${HEURISTICS.join(', ')})`);
}

/** The properties of a heuristic as configured: counting the blank breaks both guarantees. */
export function heuristicInfo(name: HeuristicName, countBlank = false): HeuristicProperties {
  checkHeuristicName(name);
  checkBoolean(countBlank, 'countBlank');
  const info = HEURISTIC_INFO[name];
  if (!countBlank) return info;
  return {
    admissible: false,
    consistent: false,
    description: `${info.description}, counting the blank as a tile (not admissible: the blank moves on every step)`,
  };
}

/** h over a board's cells (row-major, same shape as the goal). */
export type HeuristicFn = (cells: ArrayLike<number>) => number;

/** Goal cell of every tile number (index 0 = the blank), precomputed once per goal. */
interface GoalIndex {
  readonly width: number;
  readonly height: number;
  /** Largest tile number. */
  readonly tiles: number;
  readonly row: Int32Array;
  readonly col: Int32Array;
  /** Goal cell index per tile. */
  readonly cell: Int32Array;
}

function indexGoal(goal: Board): GoalIndex {
  const n = goal.cells.length;
  let tiles = 0;
  for (const v of goal.cells) if (v > tiles) tiles = v;
  const row = new Int32Array(tiles + 1);
  const col = new Int32Array(tiles + 1);
  const cell = new Int32Array(tiles + 1);
  for (let i = 0; i < n; i++) {
    const v = goal.cells[i]!;
    if (v < 0) continue;
    row[v] = Math.floor(i / goal.width);
    col[v] = i % goal.width;
    cell[v] = i;
  }
  return { width: goal.width, height: goal.height, tiles, row, col, cell };
}

/**
 * Build h for `name` against `goal`. countBlank adds the blank's own distance (misplaced,
 * manhattan, euclidean only).
 */
export function makeHeuristic(name: HeuristicName, goal: Board, countBlank = false): HeuristicFn {
  checkHeuristicName(name);
  checkBoard(goal, 'goal');
  checkBoolean(countBlank, 'countBlank');
  if (countBlank && name === 'linear-conflict') throw new InvalidInputError('countBlank is not allowed with linear-conflict');
  const g = indexGoal(goal);
  const first = countBlank ? BLANK : 1; // smallest value that counts
  switch (name) {
    case 'misplaced':
      return (cells) => {
        let h = 0;
        for (let i = 0; i < cells.length; i++) {
          const v = cells[i]!;
          if (v >= first && g.cell[v] !== i) h++;
        }
        return h;
      };
    case 'manhattan':
      return (cells) => manhattan(cells, g, first);
    case 'euclidean':
      return euclidean(g, first);
    case 'linear-conflict':
      return linearConflict(g);
    default:
      throw new InvalidInputError(`unknown heuristic '${shown(name)}'`);
  }
}

function manhattan(cells: ArrayLike<number>, g: GoalIndex, first: number): number {
  const w = g.width;
  let h = 0;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i]!;
    if (v < first) continue;
    const r = Math.floor(i / w);
    const c = i - r * w;
    h += Math.abs(r - g.row[v]!) + Math.abs(c - g.col[v]!);
  }
  return h;
}

/** Summed in increasing tile number (blank = 0 first when counted) so both backends agree bit for bit. */
function euclidean(g: GoalIndex, first: number): HeuristicFn {
  const where = new Int32Array(g.tiles + 1);
  return (cells) => {
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i]!;
      if (v >= 0) where[v] = i;
    }
    let h = 0;
    for (let t = first; t <= g.tiles; t++) {
      const i = where[t]!;
      const dr = Math.floor(i / g.width) - g.row[t]!;
      const dc = (i % g.width) - g.col[t]!;
      h += Math.sqrt(dr * dr + dc * dc);
    }
    return h;
  };
}

/**
 * Manhattan + 2·Σ over every row and column of (k − LIS), where k is the number of tiles in the
 * line whose goal is in that line and LIS is the longest increasing subsequence of their goal
 * positions along the line: at least k − LIS of them must step out of the line and back.
 */
function linearConflict(g: GoalIndex): HeuristicFn {
  const { width: w, height: hgt } = g;
  const seq = new Int32Array(Math.max(w, hgt));
  const tails = new Int32Array(Math.max(w, hgt));
  return (cells) => {
    let extra = 0;
    for (let r = 0; r < hgt; r++) {
      let k = 0;
      for (let c = 0; c < w; c++) {
        const v = cells[r * w + c]!;
        if (v > 0 && g.row[v] === r) seq[k++] = g.col[v]!;
      }
      extra += k - lisLength(seq, k, tails);
    }
    for (let c = 0; c < w; c++) {
      let k = 0;
      for (let r = 0; r < hgt; r++) {
        const v = cells[r * w + c]!;
        if (v > 0 && g.col[v] === c) seq[k++] = g.row[v]!;
      }
      extra += k - lisLength(seq, k, tails);
    }
    return manhattan(cells, g, 1) + 2 * extra;
  };
}

/** Length of the longest strictly increasing subsequence of seq[0..n) (patience sorting). */
function lisLength(seq: Int32Array, n: number, tails: Int32Array): number {
  let len = 0;
  for (let i = 0; i < n; i++) {
    const x = seq[i]!;
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
    if (lo === len) len++;
  }
  return len;
}

/** One tile's part in h (heuristicBreakdown). */
export interface TileContribution {
  cell: number;
  tile: number;
  /** Not on its goal cell. */
  misplaced: boolean;
  /** Row + column distance to its goal cell. */
  manhattan: number;
  /** Straight-line distance to its goal cell. */
  euclidean: number;
  /** linear-conflict: the tile is in its goal row (column) but must leave it to let others pass (outside one longest increasing run). */
  leavesRow: boolean;
  leavesColumn: boolean;
}

/** A heuristic's value on a board and each tile's share of it (see {@link heuristicBreakdown}). */
export interface HeuristicBreakdown {
  h: number;
  tiles: TileContribution[];
}

/** The cells of a longest strictly increasing subsequence of `values` (O(k²): a line holds few tiles). */
function increasingRun(values: readonly number[]): Set<number> {
  const len = values.map(() => 1);
  const prev = values.map(() => -1);
  let best = -1;
  values.forEach((v, i) => {
    for (let j = 0; j < i; j++) if (values[j]! < v && len[j]! + 1 > len[i]!) [len[i], prev[i]] = [len[j]! + 1, j];
    if (best < 0 || len[i]! > len[best]!) best = i;
  });
  const keep = new Set<number>();
  for (let i = best; i >= 0; i = prev[i]!) keep.add(i);
  return keep;
}

/**
 * h of `board` for `name` tile by tile, for a lesson: which tiles are misplaced, each tile's
 * Manhattan and Euclidean distances, and which tiles linear conflict sends out of their line.
 * `h` equals makeHeuristic(name, goal)(board.cells) (tested); the blank is never counted here.
 */
export function heuristicBreakdown(board: Board, goal: Board, name: HeuristicName): HeuristicBreakdown {
  checkBoard(board, 'board');
  const h = makeHeuristic(name, goal)(board.cells);
  const g = indexGoal(goal);
  const w = board.width;
  const tiles: TileContribution[] = [];
  board.cells.forEach((v, i) => {
    if (v <= 0) return;
    const dr = Math.floor(i / w) - g.row[v]!;
    const dc = (i % w) - g.col[v]!;
    tiles.push({
      cell: i,
      tile: v,
      misplaced: g.cell[v] !== i,
      manhattan: Math.abs(dr) + Math.abs(dc),
      euclidean: Math.sqrt(dr * dr + dc * dc),
      leavesRow: false,
      leavesColumn: false,
    });
  });
  const byCell = new Map(tiles.map((t) => [t.cell, t]));
  const mark = (cells: number[], goalPos: (t: TileContribution) => number, field: 'leavesRow' | 'leavesColumn'): void => {
    const inLine = cells.map((c) => byCell.get(c)).filter((t): t is TileContribution => t !== undefined);
    const keep = increasingRun(inLine.map(goalPos));
    inLine.forEach((t, k) => (t[field] = !keep.has(k)));
  };
  if (name === 'linear-conflict') {
    for (let r = 0; r < board.height; r++) {
      const cells = Array.from({ length: w }, (_, c) => r * w + c).filter((c) => (board.cells[c] ?? 0) > 0 && g.row[board.cells[c]!] === r);
      mark(cells, (t) => g.col[t.tile]!, 'leavesRow');
    }
    for (let c = 0; c < w; c++) {
      const cells = Array.from({ length: board.height }, (_, r) => r * w + c).filter((i) => (board.cells[i] ?? 0) > 0 && g.col[board.cells[i]!] === c);
      mark(cells, (t) => g.row[t.tile]!, 'leavesColumn');
    }
  }
  return { h, tiles };
}
