// Issue 25: every public function checks its arguments and throws InvalidInputError naming the
// argument (never a raw TypeError or RangeError, never a string option silently ignored).
import { describe, expect, it } from 'vitest';
import { InvalidInputError, UnsupportedError, WorkerPool, inlinePool, type WorkerPort } from '@searchlab/engine';
import { checkSolution, countQueens, createTsQueensRun, defaultAlgorithm, solveQueens, solveQueensSync } from '@searchlab/engine/queens';
import { createKernel, createMontyRun, exactAnswer, normalizeGame, simulateMonty, summarize } from '@searchlab/engine/monty';
import { heuristicInfo } from '@searchlab/engine/puzzle';
import { parseDegrees, polyfit, rmsError, sweepDegrees } from '@searchlab/engine/fit';

const y = [1, 2, 3];
/** A Proxy whose every read throws (as the options of a careless caller may). */
const trapping = (): never =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  ) as never;
const CASES: [string, () => unknown, RegExp][] = [
  ['solveQueens(50, null)', () => solveQueens(50, null as never), /^options must be an object, got null$/],
  ["solveQueens(50, 'fast')", () => solveQueens(50, 'fast' as never), /^options must be an object, got 'fast'$/],
  ["solveQueens(8, { backend: 'gpu' })", () => solveQueens(8, { backend: 'gpu' as never }), /^backend must be 'wasm' or 'ts', got 'gpu'$/],
  ['simulateMonty(null)', () => simulateMonty(null as never), /^options must be an object, got null$/],
  ['polyfit(null, y, 2)', () => polyfit(null as never, y, 2), /^x must be an array or a typed array, got null$/],
  ['polyfit(x, y, 2, null)', () => polyfit(y, y, 2, null as never), /^options must be an object, got null$/],
  ['sweepDegrees(null, [1])', () => sweepDegrees(null as never, [1]), /^data must be an object, got null$/],
  ['checkSolution(null)', () => checkSolution(null as never), /^positions must be an array or a typed array, got null$/],
  ['checkSolution({ length: -1 })', () => checkSolution({ length: -1 } as never), /^positions must be an array or a typed array/],
  ["parseDegrees('1-100000000')", () => parseDegrees('1-100000000'), /^degrees: 100000000 is past the largest degree, \d+$/],
  [
    'an onProgress that throws',
    () =>
      solveQueens(300, {
        algorithm: 'hill-climbing',
        backend: 'ts',
        onProgress: () => {
          throw new Error('boom');
        },
      }),
    /^onProgress threw: boom$/,
  ],
  [
    'a Proxy whose length throws',
    () =>
      checkSolution(
        new Proxy([], {
          get: () => {
            throw new Error('trap');
          },
        }),
      ),
    /^positions could not be read: trap$/,
  ],
  // Issue 25, round 3: options that cannot be read, and a caller's callback that throws on the task path.
  ['solveQueens(8, a Proxy whose traps throw)', () => solveQueens(8, trapping()), /^options could not be read: trap$/],
  ['simulateMonty(a Proxy whose traps throw)', () => simulateMonty(trapping()), /^options could not be read: trap$/],
  ['polyfit(x, y, 1, a Proxy whose traps throw)', () => polyfit(y, y, 1, trapping()), /^options could not be read: trap$/],
  ['countQueens(8, a Proxy whose traps throw)', () => countQueens(8, trapping()), /^options could not be read: trap$/],
  [
    'options with a getter that throws',
    () =>
      solveQueens(8, {
        get seed(): number {
          throw new Error('no seed');
        },
      }),
    /^options could not be read: no seed$/,
  ],
  [
    'countQueens with an onProgress that throws',
    () =>
      countQueens(12, {
        backend: 'ts',
        onProgress: () => {
          throw new Error('boom');
        },
      }),
    /^onProgress threw: boom$/,
  ],
  // The exports api-fuzz.test.ts still listed as gaps (round 3): each failed before as noted.
  [
    "heuristicInfo('hamming')",
    () => heuristicInfo('hamming' as never),
    /^unknown heuristic 'hamming' \(use misplaced, manhattan, euclidean, linear-conflict\)$/,
  ], // returned undefined
  ["defaultAlgorithm('x')", () => defaultAlgorithm('x' as never), /^N must be an integer ≥ 1, got x$/], // returned 'fast'
  ['createTsQueensRun(null)', () => createTsQueensRun(null as never), /^options must be an object, got null$/], // TypeError
  ["createTsQueensRun({ n: 8, algorithm: 'fastest' })", () => createTsQueensRun({ n: 8, algorithm: 'fastest' } as never), /^unknown algorithm "fastest"/],
  ["createKernel('gpu', game, 1)", () => createKernel('gpu' as never, normalizeGame(), 1), /^backend must be 'wasm' or 'ts', got 'gpu'$/],
  ["createKernel('ts', { doors: 2 }, 1)", () => createKernel('ts', { doors: 2 } as never, 1), /^doors must be at least 3, got 2$/],
  ['createMontyRun(null, 10)', () => createMontyRun(null as never, 10), /^kernel must be an object, got null$/], // TypeError
  ['createMontyRun(kernel, 2 ** 50)', () => createMontyRun(createKernel('ts', normalizeGame(), 1), 2 ** 50), /^trials must be from 1 to 2\^49/],
  [
    'summarize(null, exact, false)',
    () => summarize(null as never, exactAnswer(normalizeGame()), false),
    /^counters must be an array or a typed array, got null$/,
  ],
  ['summarize(counters, {}, true)', () => summarize(new Array(9).fill(0), {} as never, true), /^exact must be what exactAnswer\(\) returns/],
  ['rmsError([1], { x: [1, 2], y: [1] })', () => rmsError([1], { x: [1, 2], y: [1] }), /^rows.x has 2 values but rows.y has 1$/], // NaN in silence
  [
    'inlinePool().run(task, { onProgress } that throws)',
    () =>
      inlinePool({ t: { k: (_p, ctx) => ctx.progress(1) } }).run(
        { domain: 't', kind: 'k', payload: null },
        {
          onProgress: () => {
            throw new Error('boom');
          },
        },
      ),
    /^onProgress threw: boom$/,
  ],
  ['inlinePool().run(null)', () => inlinePool().run(null as never), /^task must be an object, got null$/],
];

/** A worker that posts one progress message, then the result. */
const progressPort = (): WorkerPort => {
  let reply: Parameters<WorkerPort['onReply']>[0] = () => {};
  return {
    post: (m) =>
      queueMicrotask(() => {
        reply({ id: m.id, type: 'progress', payload: 1 });
        reply({ id: m.id, type: 'result', payload: 'done' });
      }),
    onReply: (cb) => void (reply = cb),
    onFailure: () => {},
    terminate: () => {},
  };
};

describe('public functions name a bad argument', () => {
  it.each(CASES)('%s', async (_, call, message) => {
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it('a callback that throws comes out as InvalidInputError with the original as cause (the run driver and a worker pool)', async () => {
    const boom = new Error('boom');
    const throwing = () => {
      throw boom;
    };
    const solve = solveQueens(300, { algorithm: 'hill-climbing', backend: 'ts', onProgress: throwing });
    await expect(solve).rejects.toThrow(InvalidInputError);
    await expect(solve).rejects.toHaveProperty('cause', boom);
    const pool = new WorkerPool(progressPort, 1);
    const run = pool.run({ domain: 't', kind: 'k', payload: null }, { onProgress: throwing });
    await expect(run).rejects.toThrow(/^onProgress threw: boom$/);
    await expect(run).rejects.toHaveProperty('cause', boom);
    // The pool goes on: the next task runs.
    await expect(pool.run({ domain: 't', kind: 'k', payload: null })).resolves.toBe('done');
    await pool.close();
  });

  it('a WASM kernel without the kernels is UnsupportedError, with them a Kernels object is required', () => {
    expect(() => createKernel('wasm', normalizeGame(), 1)).toThrow(UnsupportedError);
    expect(() => createKernel('wasm', normalizeGame(), 1, {} as never)).toThrow(/^kernels must be the kernels loadKernels\(\) returns, got an object$/);
  });

  it('the sync twin checks too', () => {
    expect(() => solveQueensSync(8, null as never)).toThrow(InvalidInputError);
  });
});
