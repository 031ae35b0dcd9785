// Solvability of a start for a goal in linear time, walls included (docs/contracts/puzzle-solvability.md).
import { InvalidInputError } from '../core/errors.js';
import { blankIndex, cellName, neighbour, sizeName, tileCount, validateBoard } from './board.js';
import { pebbleFeasible } from './pebble.js';
import type { PebbleBlock, PebbleVerdict } from './pebble.js';
import { BLANK, MOVES, WALL } from './types.js';
import type { Board } from './types.js';

/**
 * Which rule decided: 'parity' (no walls, or a parity mismatch), 'wilson' (2-connected, not a
 * cycle), 'cycle', 'components' (tiles or the blank's goal walled off), 'blocks' (the free cells
 * have a cut cell: one blank keeps every tile in its block; Wilson's rule inside each block).
 */
export type SolvabilityMethod = 'parity' | 'wilson' | 'cycle' | 'components' | 'blocks';

/**
 * Whether a goal is reachable from a start, why (one line), and which rule decided (see {@link checkSolvable}).
 */
export interface Solvability {
  solvable: boolean;
  /** One line: "solvable: …" / "unsolvable: …". */
  reason: string;
  method: SolvabilityMethod;
}

/**
 * Throws InvalidInputError unless start and goal are valid boards of the same puzzle: same size,
 * walls on the same cells, same tiles.
 */
export function validatePair(start: Board, goal: Board): void {
  for (const [name, board] of [
    ['start', start],
    ['goal', goal],
  ] as const) {
    try {
      validateBoard(board);
    } catch (e) {
      if (e instanceof InvalidInputError) throw new InvalidInputError(`${name}: ${e.message}`);
      throw e;
    }
  }
  if (start.width !== goal.width || start.height !== goal.height) {
    throw new InvalidInputError(`start is ${sizeName(start.width, start.height)} but goal is ${sizeName(goal.width, goal.height)}`);
  }
  for (let i = 0; i < start.cells.length; i++) {
    const ws = start.cells[i] === WALL;
    if (ws !== (goal.cells[i] === WALL)) {
      throw new InvalidInputError(`wall at ${cellName(start.width, i)} in ${ws ? 'start' : 'goal'} but not in ${ws ? 'goal' : 'start'}`);
    }
  }
  // Valid boards with the same walls have tiles 1..T for the same T; kept as a guard.
  if (tileCount(start) !== tileCount(goal)) {
    throw new InvalidInputError(`start has ${tileCount(start)} tiles but goal has ${tileCount(goal)}`);
  }
}

/** Free (non-wall) neighbours of cell i, in move order. */
function freeNeighbours(board: Board, i: number): number[] {
  const out: number[] = [];
  for (const m of MOVES) {
    const j = neighbour(board, i, m);
    if (j >= 0) out.push(j);
  }
  return out;
}

/**
 * The free cells the blank can ever visit and the shape of their graph, which decides which rule
 * applies: 'full' (no walls at all), 'wilson' (2-connected and not a cycle: Wilson 1974), 'cycle'
 * (a simple cycle: tiles can only rotate), 'other' (has a cut cell, or just 2 cells).
 */
export interface BlankRegion {
  /** Free cells connected to the blank, ascending. */
  cells: number[];
  kind: 'full' | 'wilson' | 'cycle' | 'other';
  /** Smallest cut cell (articulation point) of the region when kind is 'other' and one exists. */
  cutCell?: number;
}

export function blankRegion(board: Board): BlankRegion {
  const b = blankIndex(board);
  const seen = new Uint8Array(board.cells.length);
  const cells: number[] = [b];
  seen[b] = 1;
  for (let k = 0; k < cells.length; k++) {
    for (const j of freeNeighbours(board, cells[k] as number)) {
      if (!seen[j]) {
        seen[j] = 1;
        cells.push(j);
      }
    }
  }
  cells.sort((x, y) => x - y);
  if (!board.cells.includes(WALL)) return { cells, kind: 'full' };
  if (cells.length <= 2) return { cells, kind: 'other' };
  const cut = cutCells(board, cells);
  if (cut.length > 0) return { cells, kind: 'other', cutCell: Math.min(...cut) };
  const cycle = cells.every((c) => freeNeighbours(board, c).length === 2);
  return { cells, kind: cycle ? 'cycle' : 'wilson' };
}

/** Articulation points of the connected region (Hopcroft–Tarjan, iterative). */
function cutCells(board: Board, cells: readonly number[]): number[] {
  const n = board.cells.length;
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const isCut = new Uint8Array(n);
  const root = cells[0] as number;
  let time = 0;
  let rootChildren = 0;
  const stack: { v: number; nb: number[]; k: number }[] = [{ v: root, nb: freeNeighbours(board, root), k: 0 }];
  disc[root] = low[root] = time++;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { v: number; nb: number[]; k: number };
    if (top.k < top.nb.length) {
      const w = top.nb[top.k++] as number;
      if (disc[w] === -1) {
        parent[w] = top.v;
        disc[w] = low[w] = time++;
        if (top.v === root) rootChildren++;
        stack.push({ v: w, nb: freeNeighbours(board, w), k: 0 });
      } else if (w !== parent[top.v]) {
        low[top.v] = Math.min(low[top.v] as number, disc[w] as number);
      }
    } else {
      stack.pop();
      const p = parent[top.v] as number;
      if (p >= 0) {
        low[p] = Math.min(low[p] as number, low[top.v] as number);
        if (p !== root && (low[top.v] as number) >= (disc[p] as number)) isCut[p] = 1;
      }
    }
  }
  if (rootChildren > 1) isCut[root] = 1;
  return cells.filter((c) => isCut[c]);
}

/** Parity (0 even, 1 odd) of the start→goal permutation over the free cells, blank included. */
function permutationParity(start: Board, goal: Board): number {
  const n = start.cells.length;
  const goalPos = new Int32Array(n + 1);
  goal.cells.forEach((v, i) => {
    if (v !== WALL) goalPos[v] = i;
  });
  const done = new Uint8Array(n);
  let parity = 0;
  for (let i = 0; i < n; i++) {
    if (done[i] || start.cells[i] === WALL) continue;
    let len = 0;
    for (let j = i; !done[j]; j = goalPos[start.cells[j] as number] as number) {
      done[j] = 1;
      len++;
    }
    parity ^= (len - 1) & 1;
  }
  return parity;
}

function manhattan(width: number, a: number, b: number): number {
  return Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width));
}

const PARITY = ['even', 'odd'] as const;

/**
 * Can `start` reach `goal`? Decided exactly, for any size, any goal, with or without walls:
 *
 * - Every grid is bipartite, so each move flips both the permutation parity and the blank's colour:
 *   parity(start→goal permutation) must equal parity(blank's Manhattan displacement). Wall-free
 *   boards: that is the whole answer ('parity').
 * - Walls: tiles in regions the blank cannot reach never move and must already be home
 *   ('components'). On the blank's region: 2-connected and not a cycle → the parity rule is exact
 *   (Wilson 1974; bipartite, so never his exceptional θ0) ('wilson'); a simple cycle → the tiles can
 *   only rotate, so their cyclic order must match ('cycle'); a cut cell → 'blocks': bring the
 *   blank to its goal cell; then (Kornhauser, Miller & Spirakis 1984, one-hole case) every tile
 *   must already be in the right block of the block-cut tree rooted there, and inside each block
 *   Wilson's rule for that block holds (bridge: fixed; cycle: rotations; else even permutations).
 *   Linear time; see pebble.ts and docs/contracts/puzzle-solvability.md.
 *
 * Never throws for a valid pair: every board gets an answer.
 *
 * @param start - The start board.
 * @param goal - The goal board.
 * @returns Whether the goal is reachable, the method that decided it, and why not.
 * @throws {InvalidInputError} When the boards differ in size, walls or tiles.
 * @example
 * ```ts
 * import { checkSolvable, goalLike, parseBoard } from '@searchlab/engine/puzzle';
 * const start = parseBoard('1 2 3/4 5 6/8 7 0'); // two tiles swapped: the parity is odd
 * console.log(checkSolvable(start, goalLike(start)).solvable); // false
 * ```
 */
export function checkSolvable(start: Board, goal: Board): Solvability {
  validatePair(start, goal);
  const { width } = start;
  const region = blankRegion(start);
  const inRegion = new Uint8Array(start.cells.length);
  for (const c of region.cells) inRegion[c] = 1;

  const gb = blankIndex(goal);
  if (!inRegion[gb]) {
    return {
      solvable: false,
      method: 'components',
      reason: `unsolvable: the blank's goal cell (${cellName(width, gb)}) is walled off from the blank`,
    };
  }
  for (let i = 0; i < start.cells.length; i++) {
    const v = start.cells[i] as number;
    if (v > 0 && !inRegion[i] && goal.cells[i] !== v) {
      return {
        solvable: false,
        method: 'components',
        reason: `unsolvable: tile ${v} at ${cellName(width, i)} is walled off from the blank, so it never moves, and its goal cell is elsewhere`,
      };
    }
  }

  const pp = permutationParity(start, goal);
  const dist = manhattan(width, blankIndex(start), gb);
  const dp = dist & 1;
  if (pp !== dp) {
    return {
      solvable: false,
      method: region.kind === 'wilson' ? 'wilson' : 'parity',
      reason: `unsolvable: the start→goal permutation is ${PARITY[pp]} but the blank moved an ${PARITY[dp]} distance (${dist}); every move flips both`,
    };
  }
  const parityText = `permutation parity (${PARITY[pp]}) matches blank displacement parity (${PARITY[dp]})`;
  switch (region.kind) {
    case 'full':
      return { solvable: true, method: 'parity', reason: `solvable: ${parityText}` };
    case 'wilson':
      return {
        solvable: true,
        method: 'wilson',
        reason: `solvable: the free cells are 2-connected, so (Wilson 1974) ${parityText} suffices`,
      };
    case 'cycle': {
      const ok = sameCyclicOrder(start, goal, region.cells);
      return {
        solvable: ok,
        method: 'cycle',
        reason: ok
          ? `solvable: the free cells form a cycle of ${region.cells.length} and the tiles' cyclic order matches the goal`
          : `unsolvable: the free cells form a single cycle of ${region.cells.length}, so tiles can only rotate, and their cyclic order differs from the goal's`,
      };
    }
    case 'other':
      return blocksVerdict(start, goal, region);
  }
}

/** The 'blocks' rule on a blank region with a cut cell (or of at most 2 cells), via pebble.ts. */
function blocksVerdict(start: Board, goal: Board, region: BlankRegion): Solvability {
  const { width } = start;
  const cells = region.cells;
  const slot = new Map(cells.map((c, k) => [c, k]));
  const adj = cells.map((c) => freeNeighbours(start, c).map((j) => slot.get(j) as number));
  const v: PebbleVerdict = pebbleFeasible(
    adj,
    cells.map((c) => start.cells[c] as number),
    cells.map((c) => goal.cells[c] as number),
  );
  const at = (k: number): string => cellName(width, cells[k] as number);
  const cut = region.cutCell === undefined ? '' : ` (cut cell at ${cellName(width, region.cutCell)})`;
  const blocks = v.blocks.filter((b) => b.kind !== 'bridge').length;
  if (v.feasible) {
    return {
      solvable: true,
      method: 'blocks',
      reason:
        blocks === 0
          ? `solvable: the free cells have no loop${cut}, so tiles only shift along paths, and bringing the blank to its goal cell gives the goal`
          : `solvable: the free cells are not 2-connected${cut}; with the blank on its goal cell every tile is in its goal's block, and ${blocks === 1 ? 'the one block with a loop allows its' : `each of the ${blocks} blocks with a loop allows its`} arrangement (Wilson 1974 per block)`,
    };
  }
  const f = v.failure as NonNullable<PebbleVerdict['failure']>;
  const home = `with the blank brought to its goal cell (${at(v.root)})`;
  const where = (b: PebbleBlock): string =>
    b.gate === v.root
      ? `the ${b.cells.length + 1}-cell block around the blank's goal cell`
      : `the ${b.cells.length + 1}-cell block that meets the rest at ${at(b.gate)}`;
  let reason: string;
  switch (f.kind) {
    case 'stranded':
      if (f.block.kind === 'bridge') {
        const deadEnd = (adj[f.at] as number[]).length === 1;
        reason =
          `unsolvable: tile ${f.token} is ${deadEnd ? 'walled into a dead end' : 'stuck in a corridor'}: ${home} it is at ${at(f.at)}, ` +
          `which joins the rest only through ${at(f.block.gate)}, so with one blank it keeps that tile, but the goal has ${tileName(goal.cells[cells[f.at] as number] as number)} there`;
      } else {
        reason =
          `unsolvable: tile ${f.token} cannot leave its block: ${home} it is in ${where(f.block)}, ` +
          `and one blank never carries a tile across a cut cell, but its goal cell ${at(f.goalAt)} is outside that block`;
      }
      break;
    case 'order':
      reason = `unsolvable: ${where(f.block)} is a loop, so tiles can only rotate in it, and ${home} their cyclic order there differs from the goal's`;
      break;
    case 'parity':
      reason = f.swap
        ? `unsolvable: tiles ${f.swap[0]} and ${f.swap[1]} cannot swap: ${home} they are in ${where(f.block)}, which is 2-connected and bipartite, so one blank makes only even permutations there (Wilson 1974)`
        : `unsolvable: ${home} the tiles in ${where(f.block)} are an odd permutation away from the goal, and that block is 2-connected and bipartite, so one blank makes only even permutations there (Wilson 1974)`;
      break;
    case 'theta':
      reason = `unsolvable: ${home} the tiles in ${where(f.block)} (Wilson's exceptional graph θ0) cannot reach the goal's arrangement`;
      break;
  }
  return { solvable: false, method: 'blocks', reason };
}

function tileName(v: number): string {
  return v === BLANK ? 'the blank' : `tile ${v}`;
}

/** The cells of a cycle region in cyclic order, from its smallest cell, first step in move order. */
export function cycleCells(board: Board, cells: readonly number[]): number[] {
  const first = cells[0] as number;
  const order: number[] = [];
  let prev = -1;
  let cur = first;
  do {
    order.push(cur);
    const next = freeNeighbours(board, cur).find((j) => j !== prev) as number;
    prev = cur;
    cur = next;
  } while (cur !== first);
  return order;
}

function sameCyclicOrder(start: Board, goal: Board, cells: readonly number[]): boolean {
  const order = cycleCells(start, cells);
  const tiles = (b: Board): number[] => order.map((c) => b.cells[c] as number).filter((v) => v !== BLANK);
  const a = tiles(start);
  const b = tiles(goal);
  const shift = a.indexOf(b[0] as number);
  return b.every((v, k) => a[(shift + k) % a.length] === v);
}
