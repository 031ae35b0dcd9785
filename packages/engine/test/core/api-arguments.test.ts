// Issue 25: every public function checks its arguments and throws InvalidInputError naming the
// argument (never a raw TypeError or RangeError, never a string option silently ignored).
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@searchlab/engine';
import { checkSolution, countQueens, solveQueens, solveQueensSync } from '@searchlab/engine/queens';
import { simulateMonty } from '@searchlab/engine/monty';
import { parseDegrees, polyfit, sweepDegrees } from '@searchlab/engine/fit';

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
];

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

  it('the sync twin checks too', () => {
    expect(() => solveQueensSync(8, null as never)).toThrow(InvalidInputError);
  });
});
