/**
 * Walled boards with cut cells: checkSolvable's 'blocks' rule against an exhaustive search of the
 * start's whole class (every board it reaches), on every wall layout of small grids and on seeded
 * larger boards whose classes are small enough to enumerate.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { applyMoves, goalBoard, legalMoves, makeBoard, parseMoves } from '../../src/puzzle/board.js';
import { randomSolvable, randomWalk } from '../../src/puzzle/generate.js';
import { parseBoard } from '../../src/puzzle/parse.js';
import { blankRegion, checkSolvable } from '../../src/puzzle/solvability.js';
import { exhaustiveSolvable } from '../support/solvability-oracle.js';
import type { Board } from '../../src/puzzle/types.js';

const MOVE_DELTAS = (w: number): number[] => [-w, w, -1, 1];

/**
 * Test-local oracle: the class of `b` (every board reachable from it), as a membership test, or
 * undefined past `cap` states. Only the blank's region moves; its values are keyed by rank.
 */
function classOf(b: Board, cap: number): ((g: Board) => boolean) | undefined {
  const { width: w, height: h, cells } = b;
  const region: number[] = [];
  const seen0 = new Uint8Array(cells.length);
  const b0 = cells.indexOf(0);
  region.push(b0);
  seen0[b0] = 1;
  for (let k = 0; k < region.length; k++) {
    const c = region[k]!;
    for (const d of MOVE_DELTAS(w)) {
      const j = c + d;
      if (j < 0 || j >= cells.length || (Math.abs(d) === 1 && Math.floor(j / w) !== Math.floor(c / w))) continue;
      if (cells[j] === -1 || seen0[j]) continue;
      seen0[j] = 1;
      region.push(j);
    }
  }
  void h;
  region.sort((x, y) => x - y);
  const m = region.length;
  const slot = new Map(region.map((c, k) => [c, k]));
  const adj = region.map((c) =>
    MOVE_DELTAS(w)
      .map((d) => c + d)
      .filter((j, i) => j >= 0 && j < cells.length && (i < 2 || Math.floor(j / w) === Math.floor(c / w)) && slot.has(j))
      .map((j) => slot.get(j)!),
  );
  const values = region.map((c) => cells[c]!).sort((x, y) => x - y);
  const rank = new Map(values.map((v, k) => [v, k]));
  const numeric = m ** m <= Number.MAX_SAFE_INTEGER;
  const enc = (vals: ArrayLike<number>): number | string => {
    if (!numeric) return String.fromCharCode(...Array.from(vals));
    let key = 0;
    for (let k = m - 1; k >= 0; k--) key = key * m + vals[k]!;
    return key;
  };
  const start = region.map((c) => rank.get(cells[c]!)!);
  const seen = new Set<number | string>([enc(start)]);
  const queue: number[][] = [start];
  for (let q = 0; q < queue.length; q++) {
    const cur = queue[q]!;
    const hole = cur.indexOf(0);
    for (const t of adj[hole]!) {
      const next = cur.slice();
      next[hole] = next[t]!;
      next[t] = 0;
      const key = enc(next);
      if (seen.has(key)) continue;
      if (seen.size >= cap) return undefined;
      seen.add(key);
      queue.push(next);
    }
  }
  const outside = cells.flatMap((v, i) => (slot.has(i) ? [] : [[i, v] as const]));
  return (g: Board): boolean => {
    if (outside.some(([i, v]) => g.cells[i] !== v)) return false;
    const vals: number[] = [];
    for (const c of region) {
      const r = rank.get(g.cells[c]!);
      if (r === undefined) return false;
      vals.push(r);
    }
    return seen.has(enc(vals));
  };
}

function walkFrom(b: Board, rng: Rng, steps: number): Board {
  let cur = b;
  for (let k = rng.nextInt(steps + 1); k > 0; k--) {
    const ms = legalMoves(cur);
    if (ms.length === 0) break;
    cur = applyMoves(cur, [ms[rng.nextInt(ms.length)]!]);
  }
  return cur;
}

/** `b` with the tiles at `k` distinct random tile cells permuted by a random k-cycle. */
function permuteTiles(b: Board, rng: Rng, k: number): Board {
  const tiles = b.cells.flatMap((v, i) => (v > 0 ? [i] : []));
  if (tiles.length < k) return b;
  const pick = rng.shuffle(tiles).slice(0, k);
  const cells = b.cells.slice();
  pick.forEach((c, j) => (cells[c] = b.cells[pick[(j + 1) % k]!]!));
  return makeBoard(b.width, b.height, cells);
}

/** A seeded uniformly random arrangement of `goal`'s free-cell values (retries walled-in blanks). */
function randomBoard(goal: Board, rng: Rng): Board {
  const free = goal.cells.flatMap((v, i) => (v === -1 ? [] : [i]));
  for (;;) {
    const values = rng.shuffle(free.map((c) => goal.cells[c]!));
    const cells = goal.cells.slice();
    free.forEach((c, j) => (cells[c] = values[j]!));
    try {
      return makeBoard(goal.width, goal.height, cells);
    } catch {
      /* retry */
    }
  }
}

function subsets(n: number, maxSize: number): number[][] {
  const out: number[][] = [[]];
  const rec = (from: number, cur: number[]): void => {
    for (let i = from; i < n; i++) {
      const next = [...cur, i];
      out.push(next);
      if (next.length < maxSize) rec(i + 1, next);
    }
  };
  rec(0, []);
  return out;
}

/** The kind of answer, from the reason (one line each). */
function verdictKind(reason: string): string {
  if (reason.startsWith('solvable')) return 'solvable';
  for (const [k, re] of [
    ['dead end', /walled into a dead end/],
    ['corridor', /stuck in a corridor/],
    ['stranded', /cannot leave its block/],
    ['rotation', /can only rotate/],
    ['swap', /^unsolvable: tiles \d+ and \d+ cannot swap/],
    ['odd', /odd permutation away/],
  ] as const) {
    if (re.test(reason)) return k;
  }
  return 'other';
}

/**
 * For one start board: compare checkSolvable(start, g) with the oracle for goals of every flavour
 * (same class by a walk; uniform random; a walk then a swap, a 3-cycle, two swaps, or a 4-cycle and a
 * swap of tiles — the even ones pass the global parity rule and must be caught block by block).
 */
function compareFrom(start: Board, rng: Rng, cap: number, goals: number, tally: Map<string, number>): boolean {
  const inClass = classOf(start, cap);
  if (!inClass) return false;
  for (let t = 0; t < goals; t++) {
    let g = walkFrom(start, rng, 40);
    switch (t % 6) {
      case 1:
        g = randomBoard(start, rng);
        break;
      case 2:
        g = permuteTiles(g, rng, 2);
        break;
      case 3:
        g = permuteTiles(g, rng, 3);
        break;
      case 4:
        g = permuteTiles(permuteTiles(g, rng, 2), rng, 2);
        break;
      case 5:
        g = permuteTiles(permuteTiles(g, rng, 4), rng, 2);
        break;
    }
    const r = checkSolvable(start, g);
    expect(r.solvable, `${start.width}×${start.height} ${start.cells} → ${g.cells}: ${r.reason}`).toBe(inClass(g));
    expect(r.reason).toMatch(/^(un)?solvable: [^\n]+$/);
    if (r.method === 'blocks') {
      const k = verdictKind(r.reason);
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    // reachability is symmetric
    expect(checkSolvable(g, start).solvable).toBe(r.solvable);
  }
  return true;
}

describe('walled boards are always decided', () => {
  it('a board with a cut cell equal to its goal is solvable (it used to be refused)', () => {
    const g = parseBoard('1 # 2 3/4 5 6 7/8 9 10 0');
    expect(blankRegion(g)).toMatchObject({ kind: 'other' });
    expect(checkSolvable(g, g)).toMatchObject({ solvable: true, method: 'blocks' });
  });

  it('boards generated from walled goals by the engine (random walks, randomSolvable) are solvable', () => {
    const rng = new Rng(6);
    let cut = 0;
    for (let t = 0; t < 300; t++) {
      const w = 3 + rng.nextInt(4);
      const h = 3 + rng.nextInt(3);
      const walls = rng.shuffle(Array.from({ length: w * h }, (_, i) => i)).slice(0, 1 + rng.nextInt(4));
      let goal: Board;
      try {
        goal = goalBoard(w, h, rng.nextInt(2) ? 'blank-last' : 'blank-first', walls);
      } catch {
        continue;
      }
      if (blankRegion(goal).kind === 'other') cut++;
      for (const s of [randomWalk(goal, 50 + rng.nextInt(500), t).board, randomSolvable(goal, t)]) {
        const r = checkSolvable(s, goal);
        expect(r.solvable, `${w}×${h} ${s.cells} → ${goal.cells}: ${r.reason}`).toBe(true);
      }
    }
    expect(cut).toBeGreaterThan(60);
    expect(checkSolvable(randomSolvable(parseBoard('1 # 2 3/4 5 6 7/8 9 10 0'), 1), parseBoard('1 # 2 3/4 5 6 7/8 9 10 0')).solvable).toBe(true);
  });
});

describe('reasons on hand-made boards (each checked by exhaustive search too)', () => {
  // two 2×3 rooms joined by the corridor cell row 2, col 3
  const ROOMS = parseBoard('1 2 # 3 4/5 6 7 8 9/10 11 # 12 0');
  // a ring of 8 round a wall, with a dead end at row 1, col 4
  const RING = parseBoard('1 2 3 4/5 # 6 #/7 8 0 #');
  const home = (cell: string): string => `with the blank brought to its goal cell (${cell})`;
  it.each([
    [
      ROOMS,
      '2 1 # 4 3/5 6 7 8 9/10 11 # 12 0',
      `unsolvable: tiles 1 and 2 cannot swap: ${home('row 3, col 5')} they are in the 6-cell block that meets the rest at row 2, col 2, which is 2-connected and bipartite, so one blank makes only even permutations there (Wilson 1974)`,
    ],
    [
      ROOMS,
      '10 1 # 8 3/2 6 7 9 4/5 11 # 12 0',
      `unsolvable: ${home('row 3, col 5')} the tiles in the 6-cell block that meets the rest at row 2, col 2 are an odd permutation away from the goal, and that block is 2-connected and bipartite, so one blank makes only even permutations there (Wilson 1974)`,
    ],
    [
      ROOMS,
      '1 2 # 4 3/5 6 8 7 9/10 11 # 12 0',
      `unsolvable: tile 8 is stuck in a corridor: ${home('row 3, col 5')} it is at row 2, col 3, which joins the rest only through row 2, col 4, so with one blank it keeps that tile, but the goal has tile 7 there`,
    ],
    [
      ROOMS,
      '3 2 # 1 4/5 6 7 8 9/10 12 # 11 0',
      `unsolvable: tile 3 cannot leave its block: ${home('row 3, col 5')} it is in the 6-cell block that meets the rest at row 2, col 2, and one blank never carries a tile across a cut cell, but its goal cell row 1, col 4 is outside that block`,
    ],
    [
      RING,
      '1 2 3 6/5 # 4 #/8 7 0 #',
      `unsolvable: tile 6 is walled into a dead end: ${home('row 3, col 3')} it is at row 1, col 4, which joins the rest only through row 1, col 3, so with one blank it keeps that tile, but the goal has tile 4 there`,
    ],
    [
      RING,
      '2 3 1 4/5 # 6 #/7 8 0 #',
      `unsolvable: the 8-cell block around the blank's goal cell is a loop, so tiles can only rotate in it, and ${home('row 3, col 3')} their cyclic order there differs from the goal's`,
    ],
  ])('%#: unsolvable, and the reason says why', (goal, start, reason) => {
    const s = parseBoard(start);
    expect(checkSolvable(s, goal)).toEqual({ solvable: false, method: 'blocks', reason });
    expect(exhaustiveSolvable(s, goal)?.solvable).toBe(false);
  });

  it('a ring rotated by walking the blank round it is solvable; so is a board with no loop', () => {
    const rotated = applyMoves(RING, parseMoves('u u l l d d r r'));
    expect(rotated.cells).not.toEqual(RING.cells);
    const r = checkSolvable(rotated, RING);
    expect(r).toMatchObject({ solvable: true, method: 'blocks' });
    expect(r.reason).toBe(
      "solvable: the free cells are not 2-connected (cut cell at row 1, col 3); with the blank on its goal cell every tile is in its goal's block, and the one block with a loop allows its arrangement (Wilson 1974 per block)",
    );
    const tree = parseBoard('1 # 2/3 4 5/6 # 0');
    const moved = applyMoves(tree, parseMoves('u l l d'));
    expect(checkSolvable(moved, tree).reason).toBe(
      'solvable: the free cells have no loop (cut cell at row 2, col 1), so tiles only shift along paths, and bringing the blank to its goal cell gives the goal',
    );
  });
});

describe("the 'blocks' rule equals exhaustive search", () => {
  // Every wall placement of up to 3 walls; per layout, seeded starts whose class (≤ CAP boards) is
  // enumerated, and goals of every flavour. Layouts whose class is larger (big 2-connected regions,
  // decided by Wilson's rule and tested in solvability.test.ts) are counted and skipped.
  const CAP = 25_000;
  it.each([
    [3, 2],
    [2, 3],
    [3, 3],
    [4, 2],
    [2, 4],
    [4, 3],
    [3, 4],
  ])('on every layout of ≤ 3 walls on %i×%i', (w, h) => {
    const rng = new Rng(1000 * w + h);
    const tally = new Map<string, number>();
    let layouts = 0;
    let compared = 0;
    for (const walls of subsets(w * h, 3)) {
      let goal: Board;
      try {
        goal = goalBoard(w, h, layouts % 2 ? 'blank-first' : 'blank-last', walls);
      } catch {
        continue; // blank walled in
      }
      layouts++;
      for (let s = 0; s < 2; s++) {
        const start = s === 0 ? walkFrom(goal, rng, 30) : randomBoard(goal, rng);
        if (compareFrom(start, rng, CAP, 10, tally)) compared++;
      }
    }
    expect(compared).toBeGreaterThan(layouts / 2);
    const blocks = [...tally.values()].reduce((a, b) => a + b, 0);
    if (w * h >= 9) {
      expect(tally.get('solvable')).toBeGreaterThan(blocks / 10);
      for (const k of ['dead end', 'corridor', 'stranded']) expect(tally.get(k), k).toBeGreaterThan(0);
    }
    expect(tally.get('other')).toBeUndefined();
  });

  it('on every wall placement of 3×3 (up to 7 walls), walled-in blanks included', () => {
    const rng = new Rng(339);
    const tally = new Map<string, number>();
    let layouts = 0;
    let compared = 0;
    for (const walls of subsets(9, 7)) {
      const goal = goalBoard(3, 3, layouts % 2 ? 'blank-first' : 'blank-last', walls);
      layouts++;
      for (let s = 0; s < 2; s++) {
        const start = s === 0 ? walkFrom(goal, rng, 30) : randomBoard(goal, rng);
        if (compareFrom(start, rng, CAP, 10, tally)) compared++;
      }
    }
    expect(layouts).toBe(502); // C(9,0) + … + C(9,7)
    expect(compared).toBeGreaterThan(layouts);
    expect(tally.get('other')).toBeUndefined();
  });

  it('on seeded 5×5 and 6×5 boards with many walls (corridors, rooms, loops)', () => {
    const rng = new Rng(55);
    const tally = new Map<string, number>();
    let compared = 0;
    while (compared < 80) {
      const [w, h] = rng.nextInt(2) ? [5, 5] : [6, 5];
      const walls = rng.shuffle(Array.from({ length: w * h }, (_, i) => i)).slice(0, 7 + rng.nextInt(7));
      let goal: Board;
      try {
        goal = goalBoard(w, h, rng.nextInt(2) ? 'blank-first' : 'blank-last', walls);
      } catch {
        continue;
      }
      if (blankRegion(goal).kind !== 'other') continue;
      if (compareFrom(walkFrom(goal, rng, 200), rng, 20_000, 10, tally)) compared++;
    }
    for (const k of ['solvable', 'dead end', 'corridor', 'stranded']) expect(tally.get(k), k).toBeGreaterThan(0);
    expect(tally.get('other')).toBeUndefined();
  });

  // '.' free, '#' wall
  const LAYOUTS: [string, string[]][] = [
    ['two rooms joined by one cell', ['..#..', '.....', '..#..']],
    ['two rooms joined by a corridor', ['..###..', '.......', '..###..']],
    ['a ring with a tail', ['....', '.#.#', '...#']],
    ['a ring of 16 with a tail', ['.....#', '.###..', '.###.#', '.###.#', '.....#']],
    ['a figure eight (two rings sharing one cell)', ['...##', '.#.##', '.....', '##.#.', '##...']],
    ['a room, a square and dead ends', ['..###', '..#..', '.....', '##.#.', '...#.']],
    ['a room beside a walled-off corridor', ['..#.', '..#.', '..#.']],
  ];
  const handTally = new Map<string, number>();
  it.each(LAYOUTS)('on a hand-made layout: %s', (_name, rows) => {
    const w = rows[0]!.length;
    const h = rows.length;
    const walls = rows.flatMap((r, y) => [...r].flatMap((c, x) => (c === '#' ? [y * w + x] : [])));
    const rng = new Rng(w * 31 + h);
    const tally = new Map<string, number>();
    for (const preset of ['blank-last', 'blank-first'] as const) {
      const goal = goalBoard(w, h, preset, walls);
      for (let s = 0; s < 3; s++) {
        const start = s === 2 ? randomBoard(goal, rng) : walkFrom(goal, rng, 300);
        expect(compareFrom(start, rng, 60_000, 40, tally)).toBe(true);
      }
    }
    expect(tally.get('solvable')).toBeGreaterThan(0);
    expect(tally.get('other')).toBeUndefined();
    for (const [k, n] of tally) handTally.set(k, (handTally.get(k) ?? 0) + n);
  });

  it('the hand-made layouts produced every kind of answer', () => {
    for (const k of ['solvable', 'dead end', 'corridor', 'stranded', 'rotation', 'swap']) {
      expect(handTally.get(k), k).toBeGreaterThan(0);
    }
  });

  it('on seeded 5×5 and 6×5 boards with 1–4 walls: consistent with walk-generated boards', () => {
    // Too large to enumerate: check against boards known to be in the goal's class, symmetry and
    // transitivity (s ~ g and s' ~ g ⇒ (x ~ s ⇔ x ~ s') for any x).
    const rng = new Rng(56);
    let cut = 0;
    let unsolvable = 0;
    for (let t = 0; t < 200; t++) {
      const [w, h] = rng.nextInt(2) ? [5, 5] : [6, 5];
      const walls = rng.shuffle(Array.from({ length: w * h }, (_, i) => i)).slice(0, 1 + rng.nextInt(4));
      let goal: Board;
      try {
        goal = goalBoard(w, h, rng.nextInt(2) ? 'blank-first' : 'blank-last', walls);
      } catch {
        continue;
      }
      if (blankRegion(goal).kind === 'other') cut++;
      const s1 = randomWalk(goal, 300 + rng.nextInt(300), 2 * t).board;
      const s2 = randomWalk(goal, 300 + rng.nextInt(300), 2 * t + 1).board;
      expect(checkSolvable(s1, goal).solvable).toBe(true);
      expect(checkSolvable(s1, s2).solvable).toBe(true);
      for (const x of [permuteTiles(s1, rng, 2), permuteTiles(s1, rng, 3), randomBoard(goal, rng)]) {
        const a = checkSolvable(x, s1).solvable;
        expect(checkSolvable(s1, x).solvable).toBe(a);
        expect(checkSolvable(x, s2).solvable).toBe(a);
        expect(checkSolvable(x, goal).solvable).toBe(a);
        if (!a) unsolvable++;
      }
    }
    expect(cut).toBeGreaterThan(20);
    expect(unsolvable).toBeGreaterThan(100);
  });
});
