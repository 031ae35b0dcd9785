// checkSolvable: the seeds' boards, validatePair, and the rule against exhaustive search (walls,
// cycles, cut cells, walled-off tiles); the BFS oracle is test/support/solvability-oracle.ts.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { Rng } from '../../src/core/rng.js';
import { applyMoves, goalBoard, goalLike, legalMoves, makeBoard, parseMoves } from '../../src/puzzle/board.js';
import { parseBoard } from '../../src/puzzle/parse.js';
import { blankRegion, checkSolvable, validatePair } from '../../src/puzzle/solvability.js';
import { exhaustiveSolvable } from '../support/solvability-oracle.js';
import type { Board } from '../../src/puzzle/types.js';

/** Test-local reference: every board reachable from `b` (plain BFS, string keys). */
function reachable(b: Board): Set<string> {
  const seen = new Set<string>([b.cells.join(',')]);
  const queue: Board[] = [b];
  for (let h = 0; h < queue.length; h++) {
    const cur = queue[h] as Board;
    for (const m of legalMoves(cur)) {
      const next = applyMoves(cur, [m]);
      const key = next.cells.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Every arrangement of `goal`'s free-cell values (walls fixed) that is a valid board. */
function allBoards(goal: Board): Board[] {
  const free = goal.cells.flatMap((v, i) => (v === -1 ? [] : [i]));
  const values = free.map((c) => goal.cells[c] as number);
  const out: Board[] = [];
  const perm = (k: number): void => {
    if (k === values.length) {
      const cells = goal.cells.slice();
      free.forEach((c, j) => (cells[c] = values[j] as number));
      try {
        out.push(makeBoard(goal.width, goal.height, cells));
      } catch {
        /* blank walled in: not a board */
      }
      return;
    }
    for (let j = k; j < values.length; j++) {
      [values[k], values[j]] = [values[j] as number, values[k] as number];
      perm(k + 1);
      [values[k], values[j]] = [values[j] as number, values[k] as number];
    }
  };
  perm(0);
  return out;
}

/** A seeded uniformly random arrangement of `goal`'s free-cell values (retries walled-in blanks). */
function randomBoard(goal: Board, rng: Rng): Board {
  const free = goal.cells.flatMap((v, i) => (v === -1 ? [] : [i]));
  for (;;) {
    const values = rng.shuffle(free.map((c) => goal.cells[c] as number));
    const cells = goal.cells.slice();
    free.forEach((c, j) => (cells[c] = values[j] as number));
    try {
      return makeBoard(goal.width, goal.height, cells);
    } catch {
      /* retry */
    }
  }
}

const key = (b: Board): string => b.cells.join(',');

describe('checkSolvable on the seeds', () => {
  it("seed 001's three tests are solvable to the blank-first goal 0 1 2 … 8", () => {
    const goal = parseBoard('0 1 2 3 4 5 6 7 8');
    for (const rows of [
      [
        [5, 7, 6],
        [2, 4, 3],
        [8, 1, 0],
      ],
      [
        [7, 0, 8],
        [4, 6, 1],
        [5, 3, 2],
      ],
      [
        [2, 3, 7],
        [1, 8, 0],
        [6, 5, 4],
      ],
    ]) {
      const r = checkSolvable(parseBoard(rows), goal);
      expect(r).toMatchObject({ solvable: true, method: 'parity' });
      expect(r.reason).toMatch(/^solvable: permutation parity \((even|odd)\) matches blank displacement parity \(\1\)$/);
    }
  });

  it("seed 002's 8-puzzle and 15-puzzle are solvable to the default goal", () => {
    const s8 = parseBoard('4 2 1 3 6 7 5 8 0', { size: '3' });
    expect(checkSolvable(s8, goalLike(s8)).solvable).toBe(true);
    expect(exhaustiveSolvable(s8, goalLike(s8))?.solvable).toBe(true);
    const s15 = parseBoard('1 2 4 8/9 0 3 12/7 11 14 10/5 13 6 15');
    expect(checkSolvable(s15, goalBoard(4, 4))).toMatchObject({ solvable: true, method: 'parity' });
  });

  it('swapping two tiles makes it unsolvable, and the reason says why', () => {
    const r = checkSolvable(parseBoard('2 1 3/4 5 6/7 8 0'), goalBoard(3, 3));
    expect(r).toEqual({
      solvable: false,
      method: 'parity',
      reason: 'unsolvable: the start→goal permutation is odd but the blank moved an even distance (0); every move flips both',
    });
    const r15 = checkSolvable(parseBoard('1 2 4 8/9 0 3 12/7 11 14 10/5 13 15 6'), goalBoard(4, 4));
    expect(r15.solvable).toBe(false);
    // 5×4 (odd × even) with the blank-first goal: the classic row rule does not apply, the parity rule does
    const g = goalBoard(5, 4, 'blank-first');
    const s = applyMoves(g, parseMoves('r r d d l'));
    expect(checkSolvable(s, g)).toMatchObject({ solvable: true, method: 'parity' });
    const swapped = makeBoard(
      5,
      4,
      s.cells.map((v) => (v === 7 ? 8 : v === 8 ? 7 : v)),
    );
    expect(checkSolvable(swapped, g).reason).toBe(
      'unsolvable: the start→goal permutation is even but the blank moved an odd distance (3); every move flips both',
    );
  });

  it("seed 004's 5×5 board with four walls is 2-connected: Wilson's rule decides", () => {
    const s = parseBoard('[ 0 2 3 4 5] [ 1 -1 7 -1 8] [ 6 10 11 12 15] [ 9 -1 14 -1 20] [13 16 17 18 19]');
    const goal = goalLike(s);
    expect(blankRegion(s).kind).toBe('wilson');
    const r = checkSolvable(s, goal);
    expect(r).toMatchObject({ solvable: true, method: 'wilson' });
    expect(r.reason).toContain('2-connected');
  });
});

describe('validatePair', () => {
  it('needs the same size, walls and tiles', () => {
    const g = goalBoard(3, 3);
    expect(() => validatePair(g, goalBoard(4, 4))).toThrow('start is 3×3 but goal is 4×4');
    expect(() => validatePair(parseBoard('1 2 3/4 # 5/6 7 0'), goalBoard(3, 3))).toThrow('wall at row 2, col 2 in start but not in goal');
    expect(() => validatePair(g, parseBoard('1 2 3/4 # 5/6 7 0'))).toThrow('wall at row 2, col 2 in goal but not in start');
    const bad = { width: 3, height: 3, cells: [1, 2, 3, 4, 5, 6, 7, 7, 0] };
    expect(() => checkSolvable(g, bad)).toThrow(InvalidInputError);
    expect(() => checkSolvable(g, bad)).toThrow('goal: tile 7 appears twice (row 3, col 1 and row 3, col 2)');
  });
});

describe('the rule equals exhaustive search', () => {
  it.each([
    [2, 2],
    [2, 3],
    [3, 2],
  ])('on every state of %i×%i, both goal presets', (w, h) => {
    for (const preset of ['blank-last', 'blank-first'] as const) {
      const goal = goalBoard(w, h, preset);
      const boards = allBoards(goal);
      const reach = reachable(goal);
      expect(reach.size * 2).toBe(boards.length);
      for (const b of boards) {
        const rule = checkSolvable(b, goal).solvable;
        expect(rule).toBe(exhaustiveSolvable(b, goal)?.solvable);
        expect(rule).toBe(reach.has(key(b)));
      }
    }
  });

  // One reference BFS per layout gives the class of the goal; reachability is symmetric, so for
  // boards s, g with at least one in that class, s reaches g iff both are in it.
  it.each([
    ['3×3', goalBoard(3, 3), 2000],
    ['2×4', goalBoard(4, 2), 2000],
    ['3×3 with a corner wall (wilson)', goalBoard(3, 3, 'blank-last', [0]), 1000],
    ['3×4 with walls (wilson)', goalBoard(3, 4, 'blank-first', [1, 9, 11]), 1000],
    ['3×3 with a centre wall (cycle)', goalBoard(3, 3, 'blank-last', [4]), 1000],
    ['4×3 with a dead-end corridor (cut cell)', goalBoard(4, 3, 'blank-last', [1, 5, 6, 7]), 300],
  ])('on seeded random boards and goals: %s', (_name, goal0, n) => {
    const reach = reachable(goal0);
    const rng = new Rng(2024);
    const pick = (): Board => (rng.nextInt(2) ? randomBoard(goal0, rng) : walkFrom(goal0, rng));
    let both = 0;
    for (let i = 0; i < n; i++) {
      const s = pick();
      const g = i % 3 === 0 ? goal0 : pick();
      const inS = reach.has(key(s));
      const inG = reach.has(key(g));
      if (!inS && !inG) continue;
      if (inS && inG) both++;
      expect(checkSolvable(s, g).solvable, `${key(s)} → ${key(g)}`).toBe(inS && inG);
    }
    expect(both).toBeGreaterThan(n / 10);
  });
});

function walkFrom(b: Board, rng: Rng): Board {
  let cur = b;
  for (let k = rng.nextInt(60); k > 0; k--) {
    const ms = legalMoves(cur);
    if (ms.length === 0) break; // a walled-in blank never moves
    cur = applyMoves(cur, [ms[rng.nextInt(ms.length)]!]);
  }
  return cur;
}

describe('walls: components, cycles, cut cells', () => {
  it('every arrangement of a 3×3 cycle (centre wall): rotations only', () => {
    const goal = goalBoard(3, 3, 'blank-last', [4]);
    expect(blankRegion(goal).kind).toBe('cycle');
    const reach = reachable(goal);
    expect(reach.size).toBe(8 * 7);
    for (const b of allBoards(goal)) {
      const r = checkSolvable(b, goal);
      expect(r.solvable).toBe(reach.has(key(b)));
      if (!r.solvable && r.method === 'cycle') expect(r.reason).toContain('cyclic order differs');
    }
  });

  it('seeded random wall layouts of 2×3 … 3×4 agree with a reference BFS', () => {
    const rng = new Rng(99);
    const shapes: [number, number][] = [
      [2, 3],
      [3, 2],
      [3, 3],
      [2, 4],
      [4, 2],
      [3, 4],
      [4, 3],
    ];
    const kinds = new Set<string>();
    const methods = new Set<string>();
    let layouts = 0;
    while (layouts < 80) {
      const [w, h] = shapes[rng.nextInt(shapes.length)]!;
      const n = w * h;
      const wallCount = Math.max(0, n - 8) + rng.nextInt(3);
      const walls = rng.shuffle(Array.from({ length: n }, (_, i) => i)).slice(0, wallCount);
      let goal: Board;
      try {
        goal = goalBoard(w, h, rng.nextInt(2) ? 'blank-first' : 'blank-last', walls);
      } catch {
        continue;
      }
      layouts++;
      kinds.add(blankRegion(goal).kind);
      for (let t = 0; t < 3; t++) {
        const s = randomBoard(goal, rng);
        const reach = reachable(s);
        for (let u = 0; u < 4; u++) {
          const g = u % 2 ? randomBoard(goal, rng) : walkFrom(s, rng);
          const r = checkSolvable(s, g);
          methods.add(r.method);
          expect(r.solvable, `${key(s)} → ${key(g)} (${r.method})`).toBe(reach.has(key(g)));
        }
      }
    }
    // the layouts exercised every branch
    expect([...kinds].sort()).toEqual(['cycle', 'full', 'other', 'wilson']);
    expect([...methods].sort()).toEqual(['blocks', 'components', 'cycle', 'parity', 'wilson']);
  });

  it('tiles walled off from the blank never move', () => {
    const goal = parseBoard('1 # 2/3 # 4/5 # 0');
    const r = checkSolvable(parseBoard('3 # 2/1 # 4/5 # 0'), goal);
    expect(r).toEqual({
      solvable: false,
      method: 'components',
      reason: 'unsolvable: tile 3 at row 1, col 1 is walled off from the blank, so it never moves, and its goal cell is elsewhere',
    });
    expect(checkSolvable(parseBoard('1 # 2/3 # 0/5 # 4'), goal)).toMatchObject({ solvable: true, method: 'blocks' });
    expect(checkSolvable(parseBoard('1 # 2/3 # 4/0 # 5'), goal).reason).toBe("unsolvable: the blank's goal cell (row 3, col 3) is walled off from the blank");
  });

  it('a large board with a cut cell is decided (it used to be refused as "cannot decide")', () => {
    const goal = goalBoard(4, 4, 'blank-last', [1, 5]);
    expect(blankRegion(goal)).toMatchObject({ kind: 'other', cutCell: 4 });
    const start = applyMoves(goal, parseMoves('u l l l'));
    const r = checkSolvable(start, goal);
    expect(r).toMatchObject({ solvable: true, method: 'blocks' });
    expect(r.reason).toContain('(cut cell at row 2, col 1)');
    // a parity mismatch is decided on any grid
    const swapped = makeBoard(
      4,
      4,
      start.cells.map((v) => (v === 1 ? 2 : v === 2 ? 1 : v)),
    );
    expect(checkSolvable(swapped, goal)).toMatchObject({ solvable: false, method: 'parity' });
  });

  it('exhaustiveSolvable gives up past maxStates', () => {
    const g = goalBoard(3, 3);
    const s = parseBoard('2 1 3/4 5 6/7 8 0');
    expect(exhaustiveSolvable(s, g, 1000)).toBeUndefined();
    expect(exhaustiveSolvable(g, g)).toEqual({ solvable: true, states: 1 });
  });
});

describe('a walled-in blank', () => {
  const start = parseBoard('1 # 0/2 3 #');
  it('is a board: solvable only to itself (0 moves), otherwise unsolvable with the reason', async () => {
    expect(checkSolvable(start, start).solvable).toBe(true);
    const other = parseBoard('2 # 0/1 3 #');
    const verdict = checkSolvable(start, other);
    expect(verdict.solvable).toBe(false);
    expect(verdict.reason).toMatch(/^unsolvable: /);
    const { solvePuzzle } = await import('../../src/puzzle/solve.js');
    for (const backend of ['wasm', 'ts'] as const) {
      expect(await solvePuzzle(start, start, { backend })).toMatchObject({ status: 'solved', length: 0 });
      expect(await solvePuzzle(start, other, { backend })).toMatchObject({ status: 'unsolvable' });
    }
  });
});
