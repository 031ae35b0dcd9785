// Issue 6, property-based (fast-check): generated boards, options and API arguments. Whatever they
// are, the CLI exits 0, 2, 3 or 4 (never 1 or a signal) with at most one stderr line and no stack
// trace; the API throws only SearchlabErrors; rendered boards parse back; move lists replay to the goal.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchlabError, loadKernels } from '@searchlab/engine';
import {
  applyMoves,
  boardToText,
  boardsEqual,
  goalLike,
  makeBoard,
  parseBoard,
  renderBoard,
  solvePuzzle,
  solvePuzzleSync,
  type Board,
} from '@searchlab/engine/puzzle';
import { ensureBuilt, run } from './run.js';

beforeAll(async () => {
  ensureBuilt();
  await loadKernels();
});

/** A valid board: W×H of 2..4, up to two walls, tiles in any order (retried while the blank is walled in). */
const boardArb: fc.Arbitrary<Board> = fc
  .record({ w: fc.integer({ min: 2, max: 4 }), h: fc.integer({ min: 2, max: 4 }), walls: fc.integer({ min: 0, max: 2 }), seed: fc.integer() })
  .map(({ w, h, walls, seed }) => {
    const n = w * h;
    let x = seed >>> 0;
    const rand = (k: number) => {
      x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return x % k;
    };
    const free = n - walls;
    const values = [...Array.from({ length: free }, (_, i) => i), ...Array<number>(walls).fill(-1)];
    for (let i = values.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [values[i], values[j]] = [values[j]!, values[i]!];
    }
    try {
      return makeBoard(w, h, values);
    } catch {
      return makeBoard(
        w,
        h,
        Array.from({ length: n }, (_, i) => (i + 1) % n),
      ); // walled-in blank: a plain board
    }
  });

const ALGOS = ['bfs', 'dfs', 'iddfs', 'ucs', 'dijkstra', 'greedy', 'astar', 'wastar', 'idastar'] as const;

const settingsArb = fc.record(
  {
    algorithm: fc.constantFrom(...ALGOS),
    heuristic: fc.constantFrom('misplaced', 'manhattan', 'euclidean', 'linear-conflict'),
    backend: fc.constantFrom('ts', 'wasm'),
    goal: fc.constantFrom('blank-last', 'blank-first'),
  },
  { requiredKeys: ['algorithm', 'goal'] },
);

const oneLineOrEmpty = (stderr: string): void => {
  expect(stderr).toMatch(/^(|searchlab: [^\n]*\n)$/);
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe('engine properties', () => {
  it('rendered boards parse back (text and grid)', () => {
    fc.assert(
      fc.property(boardArb, (b) => {
        expect(parseBoard(boardToText(b))).toEqual(b);
        expect(
          parseBoard(
            renderBoard(b)
              .replace(/(^|\s)_(?=\s|$)/g, '$10')
              .split('\n')
              .join('/'),
          ),
        ).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it('solutions replay to the goal; limits and unsolvable boards end cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(boardArb, settingsArb, async (start, s) => {
        const { goal: preset, ...settings } = s;
        let r;
        let goal: Board;
        try {
          goal = goalLike(start, preset); // a preset can wall its blank in: InvalidInputError
          r = await solvePuzzle(start, goal, { ...settings, maxNodes: 3000, maxMemoryBytes: 64 << 20 });
        } catch (e) {
          expect(e).toBeInstanceOf(SearchlabError); // e.g. an algorithm without a WASM kernel
          return;
        }
        expect(['solved', 'unsolvable', 'limit']).toContain(r.status);
        if (r.status === 'solved') expect(boardsEqual(applyMoves(start, r.moves!), goal)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('hostile API arguments throw SearchlabErrors with one-line messages', () => {
    const start = parseBoard('1 2 3/4 5 6/7 0 8');
    const goal = goalLike(start);
    fc.assert(
      fc.property(fc.nat(2), fc.anything(), (position, bad) => {
        const args: unknown[] = [start, goal, { backend: 'ts' }];
        args[position] = position === 2 && bad !== null && typeof bad === 'object' ? { ...bad, backend: 'ts' } : bad;
        try {
          (solvePuzzleSync as (...a: unknown[]) => unknown)(...args);
        } catch (e) {
          expect(e).toBeInstanceOf(SearchlabError);
          expect((e as Error).message).not.toMatch(/\n/);
        }
      }),
      { numRuns: 400 },
    );
  });
});

/** Option tokens, valid and not: flags with good or garbage values. */
const VALUES = [
  '1',
  '0',
  '-1',
  '1e3',
  '1.5',
  '0x10',
  'NaN',
  'Infinity',
  '',
  'abc',
  '2GB',
  '1MB',
  '3x3',
  '1 2 3/4 5 6/7 8 0',
  '[[1,2],[3,0]]',
  '[[1,2],,[3,0]]',
];
const optionArb = fc.oneof(
  fc.tuple(
    fc.constantFrom('--max-nodes', '--timeout', '--weight', '--depth-limit', '--max-memory', '-s', '--goal', '--algorithm', '--heuristic', '--backend'),
    fc.oneof(fc.constantFrom(...VALUES, ...ALGOS, 'manhattan', 'ts', 'wasm', 'blank-first'), fc.string({ maxLength: 6 })),
  ),
  fc.constantFrom(['--count-blank'], ['--trace'], ['--json'], ['--bogus']),
);

describe('CLI properties', () => {
  it('solve: any board text and options exit 0/2/3/4 with at most one stderr line; JSON solutions replay', async () => {
    // Mostly real boards, so that enough runs get past validation to solve.
    const boardText = fc.oneof({ arbitrary: boardArb.map(boardToText), weight: 4 }, fc.constantFrom(...VALUES), fc.string({ maxLength: 12 }));
    // Not only errors: a floor of runs that answered (exit 0/3/4) and of JSON solutions replayed (fixed seed).
    let answered = 0;
    let replayed = 0;
    await fc.assert(
      fc.asyncProperty(boardText, fc.array(optionArb, { maxLength: 4 }), async (text, options) => {
        // the limits come last, so they win over generated ones and keep every run short
        const args = ['puzzle', 'solve', '-p', text, ...options.flat(), '--max-nodes', '20000', '--timeout', '5'];
        const r = await run(args);
        expect([0, 2, 3, 4], `${JSON.stringify(args)}\n${r.stderr}`).toContain(r.code);
        oneLineOrEmpty(r.stderr);
        if (r.code !== 2) answered++;
        if (r.code === 0 && args.includes('--json')) {
          const json = JSON.parse(r.stdout);
          const start = parseBoard(json.start);
          expect(boardsEqual(applyMoves(start, json.moves), parseBoard(json.goal))).toBe(true);
          replayed++;
        }
      }),
      { numRuns: 60, seed: 20261128 },
    );
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(replayed).toBeGreaterThanOrEqual(2);
  }, 300_000);

  it('generate and check: any options exit 0/2/3/4 with at most one stderr line', async () => {
    const extra = fc.array(fc.oneof(optionArb, fc.tuple(fc.constantFrom('--count', '--walk', '--seed'), fc.constantFrom(...VALUES))), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('generate', 'check'), extra, async (cmd, options) => {
        const base = cmd === 'check' ? ['-p', '1 2 3/4 5 6/7 0 8'] : ['--count', '2'];
        const r = await run(['puzzle', cmd, ...base, ...options.flat().filter((t) => !['--algorithm', '--heuristic', '--backend'].includes(t))]);
        expect([0, 2, 3, 4]).toContain(r.code);
        oneLineOrEmpty(r.stderr);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
