// The tests' independent oracle of solvability: a breadth-first search over whole boards, sharing
// no rule with engine/src/puzzle/solvability.ts (it only moves the blank). Test code, not shipped.
import { validatePair } from '../../src/puzzle/solvability.js';
import { BLANK, WALL, type Board } from '../../src/puzzle/types.js';

/** Default state cap of exhaustiveSolvable. */
export const DEFAULT_MAX_STATES = 5_000_000;

/** The free cells next to cell i (up, down, left, right). */
function freeNeighbours(board: Board, i: number): number[] {
  const { width, height, cells } = board;
  const x = i % width,
    y = Math.floor(i / width);
  const out: number[] = [];
  for (const [dx, dy] of [
    [0, -1],
    [0, 1],
    [-1, 0],
    [1, 0],
  ] as const) {
    const nx = x + dx,
      ny = y + dy;
    if (nx >= 0 && nx < width && ny >= 0 && ny < height && cells[ny * width + nx] !== WALL) out.push(ny * width + nx);
  }
  return out;
}

export interface ExhaustiveResult {
  solvable: boolean;
  /** Distinct states seen (start included) when the search stopped. */
  states: number;
}

/**
 * Breadth-first search over whole boards from `start` until `goal` is generated or every
 * reachable state was seen. Independent of every rule above (the cross-check of the tests).
 * Returns undefined when more than `maxStates` distinct states would be needed.
 * States are kept as compact keys: the free cells' values in base T+1 (a number when that fits in
 * 2^53, else a string of char codes).
 */
export function exhaustiveSolvable(start: Board, goal: Board, maxStates: number = DEFAULT_MAX_STATES): ExhaustiveResult | undefined {
  validatePair(start, goal);
  const free: number[] = [];
  start.cells.forEach((v, i) => {
    if (v !== WALL) free.push(i);
  });
  const slot = new Int32Array(start.cells.length).fill(-1);
  free.forEach((c, k) => (slot[c] = k));
  const adj = free.map((c) => freeNeighbours(start, c).map((j) => slot[j] as number));
  const n = free.length;
  const base = n; // values 0..T with T = n - 1
  const numeric = base ** n <= Number.MAX_SAFE_INTEGER;

  const encode = (vals: ArrayLike<number>): number | string => {
    if (!numeric) return String.fromCharCode(...Array.from(vals));
    let key = 0;
    for (let k = n - 1; k >= 0; k--) key = key * base + (vals[k] as number);
    return key;
  };
  const decode = (key: number | string, out: Int32Array): void => {
    if (typeof key === 'string') {
      for (let k = 0; k < n; k++) out[k] = key.charCodeAt(k);
    } else {
      for (let k = 0; k < n; k++) {
        out[k] = key % base;
        key = Math.floor(key / base);
      }
    }
  };
  const valuesOf = (b: Board): number[] => free.map((c) => b.cells[c] as number);

  const startKey = encode(valuesOf(start));
  const goalKey = encode(valuesOf(goal));
  if (startKey === goalKey) return { solvable: true, states: 1 };
  const seen = new Set<number | string>([startKey]);
  const queue: (number | string)[] = [startKey];
  const vals = new Int32Array(n);
  for (let head = 0; head < queue.length; head++) {
    decode(queue[head] as number | string, vals);
    const b = vals.indexOf(BLANK);
    for (const t of adj[b] as number[]) {
      vals[b] = vals[t] as number;
      vals[t] = BLANK;
      const key = encode(vals);
      vals[t] = vals[b] as number;
      vals[b] = BLANK;
      if (seen.has(key)) continue;
      if (key === goalKey) return { solvable: true, states: seen.size + 1 };
      if (seen.size >= maxStates) return undefined;
      seen.add(key);
      queue.push(key);
    }
  }
  return { solvable: false, states: seen.size };
}
