// The whole 8-puzzle: BFS from the goal over every state, checked against the solvability rule,
// the known diameter, the WASM BFS kernel, and optimal A* / IDA* on both backends.
import { beforeAll, describe, expect, it } from 'vitest';
import { bfsDistances } from '../packages/engine/src/search/algorithms.js';
import { SlidingTileProblem, tileState } from '../packages/engine/src/puzzle/problem.js';
import { checkSolvable } from '../packages/engine/src/puzzle/solvability.js';
import { goalBoard } from '../packages/engine/src/puzzle/board.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { loadKernels, type Kernels } from '../packages/engine/src/core/kernels.js';
import type { Board } from '../packages/engine/src/puzzle/types.js';
import { runBoth } from './differential/helpers.js';

const goal = goalBoard(3, 3); // 1 2 3 / 4 5 6 / 7 8 _
const board = (cells: number[]): Board => ({ width: 3, height: 3, cells });

/** All 9! arrangements of 0..8, in lexicographic order. */
function allBoards(): number[][] {
  const out: number[][] = [];
  const a = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const permute = (k: number): void => {
    if (k === a.length) {
      out.push(a.slice());
      return;
    }
    for (let i = k; i < a.length; i++) {
      [a[k], a[i]] = [a[i]!, a[k]!];
      permute(k + 1);
      [a[k], a[i]] = [a[i]!, a[k]!];
    }
  };
  permute(0);
  return out;
}

let kernels: Kernels;
let dist: Map<string | number, number>;
let boards: number[][];
let keyProblem: SlidingTileProblem;
const keyOf = (cells: number[]): string | number => keyProblem.key(tileState(board(cells)));

beforeAll(async () => {
  kernels = await loadKernels();
  // Distances from the goal are distances to it: every move is reversible.
  keyProblem = new SlidingTileProblem(goal, goal);
  dist = bfsDistances(keyProblem);
  boards = allBoards();
});

describe('8-puzzle, every state', () => {
  it('BFS from the goal reaches exactly 9!/2 states; the farthest are 31 moves away (two of them)', () => {
    expect(boards.length).toBe(362_880);
    expect(dist.size).toBe(181_440);
    const byDepth = new Map<number, number>();
    for (const d of dist.values()) byDepth.set(d, (byDepth.get(d) ?? 0) + 1);
    expect(Math.max(...byDepth.keys())).toBe(31);
    expect(byDepth.get(31)).toBe(2);
    expect(byDepth.get(0)).toBe(1);
  });

  it('reachability agrees with checkSolvable on all 362,880 arrangements', () => {
    let solvable = 0;
    for (const cells of boards) {
      const reachable = dist.has(keyOf(cells));
      const verdict = checkSolvable(board(cells), goal).solvable;
      if (verdict !== reachable) expect(`${cells.join(' ')} solvable=${verdict}`).toBe(`reachable=${reachable}`);
      if (verdict) solvable++;
    }
    expect(solvable).toBe(181_440);
  });

  it('the WASM BFS kernel, run towards an unreachable goal, expands every reachable state once', () => {
    const swapped = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    const { ts, wasm } = runBoth(kernels, goal, swapped, { algorithm: 'bfs' }, 50_000);
    expect(wasm.outcome).toBe('exhausted');
    expect(wasm.unique).toBe(181_440);
    expect(wasm.expanded).toBe(181_440);
    expect(wasm).toEqual(ts);
  });

  it('A* and IDA* (manhattan, linear-conflict; both backends) find exactly the BFS distance on 300 sampled states', () => {
    const reachable = boards.filter((cells) => dist.has(keyOf(cells)));
    const rng = new Rng(8);
    // Oversample the hard end (distances ≥ 26) so the deepest IDA* iterations are covered.
    const hard = reachable.filter((c) => dist.get(keyOf(c))! >= 26);
    const sample = [
      ...Array.from({ length: 250 }, () => reachable[rng.nextInt(reachable.length)]!),
      ...Array.from({ length: 50 }, () => hard[rng.nextInt(hard.length)]!),
    ];
    for (const cells of sample) {
      const d = dist.get(keyOf(cells))!;
      for (const algorithm of ['astar', 'idastar'] as const) {
        for (const heuristic of ['manhattan', 'linear-conflict'] as const) {
          const { ts, wasm } = runBoth(kernels, board(cells), goal, { algorithm, heuristic }, 1 << 30);
          expect(ts.length, `${algorithm} ${heuristic} ts ${cells.join(' ')}`).toBe(d);
          expect(wasm.length, `${algorithm} ${heuristic} wasm ${cells.join(' ')}`).toBe(d);
          expect(wasm.expanded).toBe(ts.expanded);
        }
      }
    }
  });
});
