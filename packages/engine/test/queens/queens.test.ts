// N-Queens engine against independent truths: OEIS A000170 (data/nqueens-counts.tsv), brute force
// over permutations, the seed's score computed on a 0/1 matrix as the seed does, and a pairwise
// verifier written here (not the engine's checker) for every board an algorithm returns.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadKernels, InvalidInputError } from '@searchlab/engine';
import {
  QUEENS_ALGORITHMS,
  attackingPairs,
  checkSolution,
  construct,
  countQueens,
  parsePositions,
  renderBoard,
  solveQueens,
  solveQueensSync,
  traceQueensSync,
  validatePositions,
  type QueensAlgorithm,
} from '@searchlab/engine/queens';
// Internals, tested from their source.
import { countSubproblems, countSubproblemTs, enumerateSolutions, sumCounts } from '../../src/queens/count.js';
import { expNeg } from '../../src/queens/detmath.js';
import { seedScore } from '../../src/queens/model.js';
import { Rng } from '@searchlab/engine';

const COUNTS = new Map<number, bigint>(
  readFileSync(new URL('../../../../data/nqueens-counts.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => /^\d+\t\d+/.test(l))
    .map((l) => l.split('\t').map((x) => x.trim()))
    .map(([n, c]) => [Number(n), BigInt(c!)]),
);

/** Independent verifier: every pair of rows, O(N²). */
function pairwiseOk(p: ArrayLike<number>): boolean {
  for (let i = 0; i < p.length; i++) {
    if (!(p[i]! >= 0 && p[i]! < p.length && Number.isInteger(p[i]))) return false;
    for (let j = i + 1; j < p.length; j++) {
      if (p[i] === p[j] || Math.abs(p[i]! - p[j]!) === j - i) return false;
    }
  }
  return true;
}

/** Independent verifier for large N: sets of columns and diagonals. */
function setsOk(p: ArrayLike<number>): boolean {
  const cols = new Set<number>(),
    a = new Set<number>(),
    b = new Set<number>();
  for (let r = 0; r < p.length; r++) {
    const c = p[r]!;
    if (!(c >= 0 && c < p.length) || cols.has(c) || a.has(r + c) || b.has(r - c)) return false;
    cols.add(c);
    a.add(r + c);
    b.add(r - c);
  }
  return true;
}

function pairsBrute(p: ArrayLike<number>): number {
  let k = 0;
  for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) if (p[i] === p[j] || Math.abs(p[i]! - p[j]!) === j - i) k++;
  return k;
}

/** Seed 004's score on its 0/1 board: per queen, max(count − 1, 0) along its column, row and two diagonals. */
function seedScoreMatrix(p: ArrayLike<number>): number {
  const n = p.length;
  const board = Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => (p[y] === x ? 1 : 0)));
  let total = 0;
  for (let y = 0; y < n; y++) {
    const x = p[y]!;
    const col = board.reduce((s: number, row) => s + row[x]!, 0);
    const row = board[y]!.reduce<number>((s, v) => s + v, 0);
    let d1 = 0,
      d2 = 0;
    for (let yy = 0; yy < n; yy++) {
      const xx = x - y + yy; // same x − y
      if (xx >= 0 && xx < n) d1 += board[yy]![xx]!;
      const x2 = x + y - yy; // same x + y
      if (x2 >= 0 && x2 < n) d2 += board[yy]![x2]!;
    }
    total += Math.max(col - 1, 0) + Math.max(row - 1, 0) + Math.max(d1 - 1, 0) + Math.max(d2 - 1, 0);
  }
  return total;
}

function bruteCount(n: number): number {
  let count = 0;
  const p: number[] = [];
  const used = new Set<number>();
  const go = (r: number) => {
    if (r === n) {
      if (pairwiseOk(p)) count++;
      return;
    }
    for (let c = 0; c < n; c++)
      if (!used.has(c)) {
        used.add(c);
        p.push(c);
        go(r + 1);
        p.pop();
        used.delete(c);
      }
  };
  go(0);
  return count;
}

describe('model', () => {
  test('scores agree with brute force and with the seed on random placements', () => {
    const rng = new Rng(11);
    for (let t = 0; t < 300; t++) {
      const n = 1 + rng.nextInt(12);
      const p = Array.from({ length: n }, () => rng.nextInt(n));
      expect(attackingPairs(p)).toBe(pairsBrute(p));
      expect(seedScore(p)).toBe(seedScoreMatrix(p));
      expect(checkSolution(p) === null).toBe(pairwiseOk(p));
    }
  });

  test("the seed's start: 25 queens on the diagonal score 600", () => {
    const diag = Array.from({ length: 25 }, (_, i) => i);
    expect(seedScoreMatrix(diag)).toBe(600);
    expect(seedScore(diag)).toBe(600);
    expect(attackingPairs(diag)).toBe(300);
  });

  test('validation and parsing: one-line errors naming the row', () => {
    expect(() => validatePositions([0, 4, 1])).toThrow(/row 2 has column 4, expected an integer 0..2/);
    expect(() => validatePositions([])).toThrow(InvalidInputError);
    expect(Array.from(parsePositions('1 3 0 2'))).toEqual([1, 3, 0, 2]);
    expect(Array.from(parsePositions('{"n":4,"positions":[1,3,0,2]}'))).toEqual([1, 3, 0, 2]);
    expect(() => parsePositions('1 x 0')).toThrow(/row 2 has column "x"/);
    expect(checkSolution([0, 1])).toMatch(/^row 2: /); // rows count from 1
    expect(renderBoard([1, 3, 0, 2])).toBe('. Q . .\n. . . Q\nQ . . .\n. . Q .');
    expect(renderBoard([0, 0])).toBe('X .\nX .');
  });

  test('expNeg is e^-x to 1e-13 relative', () => {
    for (const x of [0, 1e-9, 0.3, 1, 2.5, 10, 50, 300, 700]) expect(Math.abs(expNeg(x) - Math.exp(-x)) / Math.exp(-x)).toBeLessThan(1e-13);
    expect(expNeg(800)).toBe(0);
  });
});

describe('construct', () => {
  test('a solution for every N in 4..400 and some large N (independent verifiers)', () => {
    for (let n = 4; n <= 400; n++) expect(pairwiseOk(construct(n)), `N=${n}`).toBe(true);
    for (const n of [1, 1000, 4099, 65537, 1_000_002, 1_000_003]) expect(setsOk(construct(n)), `N=${n}`).toBe(true);
  });

  test('the runs write it row by row (any chunk alone): the same board as the lists built in order, both backends', async () => {
    await loadKernels();
    // Every remainder mod 6, within one chunk and across chunk boundaries (2^16 rows).
    for (const n of [1, ...Array.from({ length: 397 }, (_, i) => i + 4), 65536 * 3 + 1, 65536 * 3 + 2, 65536 * 3 + 3, 65536 * 3 + 4]) {
      const want = construct(n);
      for (const backend of ['ts', 'wasm'] as const) {
        const r = solveQueensSync(n, { algorithm: 'construct', backend });
        expect(r.positions, `N=${n} ${backend}`).toEqual(want);
        expect(r.steps).toBe(n);
      }
    }
  });
});

describe('counting', () => {
  test('brute force agrees for N ≤ 8; the split covers every solution once', () => {
    for (let n = 1; n <= 8; n++) {
      const tasks = countSubproblems(n);
      expect(sumCounts(tasks.map(countSubproblemTs))).toBe(BigInt(bruteCount(n)));
    }
  });

  test('OEIS A000170 for N = 1..12 on the TS reference, 1..15 on WASM', async () => {
    for (let n = 1; n <= 12; n++) expect((await countQueens(n, { backend: 'ts' })).solutions, `N=${n}`).toBe(COUNTS.get(n)!.toString());
    for (let n = 1; n <= 15; n++) expect((await countQueens(n)).solutions, `N=${n}`).toBe(COUNTS.get(n)!.toString());
  });

  test('enumeration: every solution for N ≤ 9, valid, distinct, in lexicographic order; the first K', () => {
    for (let n = 1; n <= 9; n++) {
      const all = enumerateSolutions(n, 1e6);
      expect(BigInt(all.length)).toBe(COUNTS.get(n));
      all.forEach((s) => expect(pairwiseOk(s)).toBe(true));
      const keys = all.map((s) => Array.from(s, (c) => String.fromCharCode(65 + c)).join(''));
      expect([...keys].sort()).toEqual(keys);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(enumerateSolutions(8, 3).map((s) => Array.from(s))).toEqual([
      [0, 4, 7, 5, 2, 6, 1, 3],
      [0, 5, 7, 2, 6, 3, 1, 4],
      [0, 6, 3, 5, 7, 1, 4, 2],
    ]);
  });

  test('a timeout returns the count so far with status timeout', async () => {
    const r = await countQueens(15, { backend: 'ts', timeoutMs: 5 });
    expect(r.status).toBe('timeout');
    expect(BigInt(r.solutions) < COUNTS.get(15)!).toBe(true);
  });
});

describe('local search', () => {
  test('every algorithm returns a valid board for every N in 4..60, TS reference', () => {
    for (const algorithm of QUEENS_ALGORITHMS) {
      const top = algorithm === 'hill-climbing' || algorithm === 'restart' ? 30 : 60;
      for (let n = 4; n <= top; n++) {
        const r = solveQueensSync(n, { algorithm, backend: 'ts', seed: n });
        expect(r.status, `${algorithm} N=${n}`).toBe('solved');
        expect(pairwiseOk(r.positions), `${algorithm} N=${n}`).toBe(true);
        expect(r.conflicts).toBe(0);
      }
    }
  });

  test('N = 1 is solved, N = 2 and 3 are unsolvable on both backends', async () => {
    await loadKernels();
    for (const backend of ['ts', 'wasm'] as const) {
      for (const algorithm of QUEENS_ALGORITHMS) {
        expect(solveQueensSync(1, { algorithm, backend }).status).toBe('solved');
        expect(solveQueensSync(2, { algorithm, backend }).status).toBe('unsolvable');
        expect(solveQueensSync(3, { algorithm, backend }).status).toBe('unsolvable');
      }
    }
  });

  test("the seed's experiment: 25 queens from the diagonal (600) to 0, with escapes and the score history", () => {
    const r = solveQueensSync(25, { algorithm: 'hill-climbing', backend: 'ts', seed: 1 });
    expect(r.status).toBe('solved');
    expect(r.history[0]).toBe(600);
    expect(r.history.at(-1)).toBe(0);
    expect(r.history.length).toBe(r.steps + 1);
    expect(r.escapes).toBeGreaterThan(0);
    expect(r.moves + r.escapes).toBe(r.steps);
    expect(pairwiseOk(r.positions)).toBe(true);
  });

  test('same seed, same run; maxSteps gives status limit with the stats so far', () => {
    const a = solveQueensSync(40, { algorithm: 'min-conflicts', backend: 'ts', seed: 5 });
    const b = solveQueensSync(40, { algorithm: 'min-conflicts', backend: 'ts', seed: 5 });
    expect(Array.from(a.positions)).toEqual(Array.from(b.positions));
    expect(a.steps).toBe(b.steps);
    const lim = solveQueensSync(200, { algorithm: 'annealing', backend: 'ts', seed: 5, maxSteps: 100 });
    expect(lim.status).toBe('limit');
    expect(lim.steps).toBe(100);
    expect(lim.conflicts).toBe(attackingPairs(lim.positions));
  });

  test('timeout and abort end a run with its statistics', async () => {
    const t = await solveQueens(2000, { algorithm: 'hill-climbing', backend: 'ts', timeoutMs: 30 });
    expect(t.status).toBe('timeout');
    expect(t.steps).toBeGreaterThan(0);
    const ac = new AbortController();
    ac.abort();
    const a = await solveQueens(1000, { algorithm: 'restart', signal: ac.signal });
    expect(a.status).toBe('aborted');
  });

  test('fast: large seeded N on WASM, checked independently', async () => {
    await loadKernels();
    for (const [n, seed] of [
      [1000, 1],
      [50_000, 2],
      [300_000, 3],
    ] as const) {
      const r = solveQueensSync(n, { algorithm: 'fast', seed });
      expect(r.status).toBe('solved');
      expect(setsOk(r.positions)).toBe(true);
    }
  });

  test('a traced run: one frame per step, scores that match each frame, the same result as untraced', async () => {
    await loadKernels();
    for (const algorithm of ['hill-climbing', 'min-conflicts', 'annealing'] as const) {
      const { result, trace } = traceQueensSync(16, { algorithm, seed: 4 }, 5000);
      const plain = solveQueensSync(16, { algorithm, seed: 4, backend: 'ts' });
      expect(Array.from(result.positions)).toEqual(Array.from(plain.positions));
      expect(result.steps).toBe(plain.steps);
      expect(trace.frames.length).toBe(Math.min(result.steps + 1, 5000));
      trace.frames.forEach((f, i) => expect(trace.conflicts[i]).toBe(attackingPairs(f)));
      if (result.steps + 1 <= 5000) expect(trace.frames.at(-1)).toEqual(Array.from(result.positions));
    }
  });

  test('bad options are one-line InvalidInputErrors', () => {
    expect(() => solveQueensSync(0)).toThrow(/N must be at least 1, got 0/);
    expect(() => solveQueensSync(2.5)).toThrow(/N must be an integer/);
    expect(() => solveQueensSync(8, { algorithm: 'nope' as QueensAlgorithm })).toThrow(/unknown algorithm "nope"/);
    expect(() => solveQueensSync(8, { maxSteps: -1, backend: 'ts' })).toThrow(/maxSteps/);
  });
});

// The lab asks for no frames past the boards it draws (10⁶ queens): a traced solve with 0 frames is a plain solve.
test('traceQueensSync with 0 frames records none and solves', () => {
  const { result, trace } = traceQueensSync(1000, { algorithm: 'fast', seed: 1, backend: 'ts' }, 0);
  expect(result.status).toBe('solved');
  expect(trace.frames).toEqual([]);
});
