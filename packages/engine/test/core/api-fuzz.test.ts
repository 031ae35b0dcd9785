// Issue 25 (round 3): every public function and class of every entry point, called with bad
// arguments (null, undefined, {}, NaN, -1, 'x', a Proxy whose traps throw, in any of the first three
// places, the other places holding a plausible 8), either works or throws a SearchlabError subclass
// with a one-line message: never a raw TypeError / RangeError / the Proxy's own error. Methods of the
// exported classes (and of the runner inlinePool returns) are called the same way on an instance
// made with good arguments, and every static method of an exported class too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng, SearchlabError } from '@searchlab/engine';

const scratch = mkdtempSync(join(tmpdir(), 'searchlab-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ENTRIES = ['', '/fit', '/monty', '/puzzle', '/queens', '/node', '/browser', '/puzzle/charts', '/fit/charts'] as const;

/**
 * The charts' entry points from their source: vitest's alias maps only one-level subpaths to src/,
 * and the built module would throw its own copy of the error classes (not this test's SearchlabError).
 */
const importEntry = (entry: (typeof ENTRIES)[number]): Promise<unknown> =>
  entry.endsWith('/charts') ? import(/* @vite-ignore */ `../../src${entry}.ts`) : import(/* @vite-ignore */ `@searchlab/engine${entry}`);

/** Not called: they start threads or servers, or set process-wide state (covered by their own tests). */
const NOT_CALLED = new Set(['createNodePool', 'serveWorkerScope', 'useFileCache', 'useThreadedPdbBuilds', 'createWebPool', 'webWorkerPort', 'nodeWorkerPort']);

const trap = (): object =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap get');
      },
      has() {
        throw new Error('trap has');
      },
      ownKeys() {
        throw new Error('trap keys');
      },
      getPrototypeOf() {
        throw new Error('trap proto');
      },
    },
  );
const BAD: readonly [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['{}', () => ({})],
  ['NaN', () => NaN],
  ['-1', () => -1],
  ["'x'", () => 'x'],
  ['a throwing Proxy', trap],
];

type Module = Record<string, unknown>;
type Callable = (...args: unknown[]) => unknown;
type Constructor = new (...args: unknown[]) => object;
const make = (m: Module, name: string, ...args: unknown[]): object => new (m[name] as Constructor)(...args);

/** A worker that answers every task at once with a null result: a WorkerPool without threads. */
const echoPort = () => {
  let reply: ((m: { id: number; type: 'result'; payload: unknown }) => void) | undefined;
  return {
    post: (m: { id: number }) => queueMicrotask(() => reply?.({ id: m.id, type: 'result', payload: null })),
    onReply: (cb: typeof reply) => void (reply = cb),
    onFailure: () => {},
    terminate: () => {},
  };
};

/**
 * Objects to call methods on, made with good arguments, by the export that makes them (a class, or
 * a function returning an object with methods), and their public methods. Every exported class is
 * here (a test below says so), so a new class's methods are not left out by accident.
 */
const INSTANCES: Record<string, { make: (mod: Module) => object; methods: string[] }> = {
  Fraction: { make: (m) => make(m, 'Fraction', 1, 3), methods: ['add', 'sub', 'mul', 'div', 'equals', 'isZero', 'toNumber', 'toString'] },
  PositionsParser: { make: (m) => make(m, 'PositionsParser'), methods: ['push', 'pushText', 'end'] },
  NormalSource: { make: (m) => make(m, 'NormalSource', new Rng(1)), methods: ['next'] },
  Rng: { make: (m) => make(m, 'Rng', 1), methods: ['nextU32', 'nextInt', 'nextFloat', 'shuffle', 'state', 'clone'] },
  WorkerPool: { make: (m) => make(m, 'WorkerPool', echoPort, 1), methods: ['run', 'close'] },
  inlinePool: { make: (m) => (m.inlinePool as Callable)() as object, methods: ['run', 'close'] },
};

const isClass = (f: Callable): boolean => /^class[\s{]/.test(Function.prototype.toString.call(f));

/** Undefined when `call` worked or threw well, else what went wrong. */
async function misuse(call: () => unknown): Promise<string | undefined> {
  let error: unknown;
  try {
    const r = call();
    let isPromise = false;
    try {
      isPromise = r instanceof Promise; // a returned Proxy's prototype trap may throw: not a promise then
    } catch {
      // not a promise
    }
    if (isPromise) {
      // Bad arguments are refused at once; a call that starts real work is not waited for long.
      await Promise.race([r as Promise<unknown>, new Promise((done) => setTimeout(done, 2000))]);
    }
  } catch (e) {
    error = e;
  }
  if (error === undefined) return undefined;
  if (!(error instanceof SearchlabError))
    return `${(error as Error)?.constructor?.name ?? typeof error}: ${String((error as Error)?.message ?? error).split('\n')[0]}`;
  if (error.message.includes('\n') || error.message.trim() === '') return `a message that is not one line: ${JSON.stringify(error.message)}`;
  return undefined;
}

describe.each(ENTRIES)('@searchlab/engine%s', (entry) => {
  it('every function, class and method names a bad argument in a SearchlabError', async () => {
    const mod = (await importEntry(entry)) as Module;
    const targets: [string, Callable][] = [];
    for (const [name, exported] of Object.entries(mod)) {
      if (typeof exported !== 'function' || NOT_CALLED.has(name)) continue;
      const value = exported as Callable;
      if (value.prototype instanceof Error || value === Error) continue;
      const kind = INSTANCES[name];
      for (const method of kind?.methods ?? []) {
        targets.push([
          `${name}#${method}`,
          (...args) => {
            const instance = kind!.make(mod) as Record<string, Callable>;
            return instance[method]!.apply(instance, args);
          },
        ]);
      }
      if (isClass(value)) {
        targets.push([`new ${name}`, (...args) => new (value as unknown as Constructor)(...args)]);
        for (const key of Object.getOwnPropertyNames(value)) {
          const member = (value as unknown as Record<string, unknown>)[key];
          if (typeof member === 'function') targets.push([`${name}.${key}`, (...args) => (member as Callable).apply(value, args)]);
        }
      } else if (name === 'writeFileAtomic') {
        // A good path ('x') would write a file: into a directory of this test's own.
        targets.push([name, (path, ...rest) => value(typeof path === 'string' ? join(scratch, path) : path, ...rest)]);
      } else targets.push([name, value]);
    }
    const found: string[] = [];
    const check = async ([name, fn]: (typeof targets)[number], args: (typeof BAD)[number][]): Promise<void> => {
      const problem = await misuse(() => fn(...args.map(([, make]) => make())));
      if (problem !== undefined) found.push(`${name}(${args.map(([label]) => label).join(', ')}): ${problem}`);
    };
    const GOOD: (typeof BAD)[number] = ['8', () => 8];
    // Every bad value in the first and the second place, exhaustively (beside a good 8 or another bad one)…
    for (const target of targets) {
      for (const a of BAD) {
        await check(target, [a]);
        for (const b of [GOOD, ...BAD]) await check(target, [a, b]);
        await check(target, [GOOD, a]);
      }
    }
    // …and random mixes of three.
    const arg = fc.oneof(fc.constantFrom(...BAD), fc.constant(GOOD));
    if (targets.length > 0) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), fc.tuple(arg, arg, arg), async (target, args) => {
          if (args.some(([label]) => label !== '8')) await check(target, args);
        }),
        { numRuns: targets.length * 20, seed: 25 },
      );
    }
    // One example call per function and kind of failure (the first found).
    const byKind = new Map<string, string>();
    for (const f of found) {
      const key = f.replace(/\(.*?\):/, ':');
      if (!byKind.has(key)) byKind.set(key, f);
    }
    expect([...byKind.values()].sort()).toEqual([]);
  }, 120_000);

  it('has every exported class in INSTANCES (its methods are called too)', async () => {
    const mod = (await importEntry(entry)) as Module;
    const classes = Object.entries(mod).filter(([, v]) => typeof v === 'function' && isClass(v as Callable) && !((v as Callable).prototype instanceof Error));
    expect(classes.map(([name]) => name).filter((name) => !(name in INSTANCES))).toEqual([]);
  });
});

// The calls above hold a plausible 8 beside a bad value, so a later argument of a function whose
// first one is not a number is reached only with a bad first one. Here each argument of the main
// entry functions is made bad in turn beside good ones (a fit's degree, a solve's options …).
describe('each argument beside good ones', () => {
  const x = [1, 2, 3, 4, 5];
  const y = [2, 4, 6, 8, 11];
  const CALLS: [string, string, (m: Module) => unknown[]][] = [
    ['/fit', 'polyfit', () => [x, y, 1, { backend: 'ts' }]],
    ['/fit', 'polyfitSync', () => [x, y, 1, { backend: 'ts' }]],
    ['/fit', 'polyval', () => [[1, 2], 3]],
    ['/fit', 'rmsError', () => [[1, 2], { x, y }]],
    ['/fit', 'sweepDegrees', () => [{ x, y }, [1], { backend: 'ts' }]],
    ['/fit', 'sweepDegreesSync', () => [{ x, y }, [1], { backend: 'ts' }]],
    ['/fit', 'splitIndices', () => [10, 0.3, 1]],
    ['/fit', 'foldIndices', () => [10, 3, 1]],
    ['/fit', 'parsePoints', () => ['1,2\n2,3\n', {}, 'f']],
    ['/queens', 'solveQueens', () => [8, { backend: 'ts' }]],
    ['/queens', 'countQueens', () => [6, { backend: 'ts' }]],
    ['/queens', 'checkSolution', () => [[1, 3, 0, 2], 4]],
    ['/queens', 'traceQueens', () => [8, {}]],
    ['/monty', 'simulateMonty', () => [{ trials: 10, backend: 'ts' }, {}]],
    ['/monty', 'wilson', () => [3, 10]],
    ['/monty', 'createKernel', (m) => ['ts', (m.normalizeGame as Callable)(), 1]],
    ['/monty', 'summarize', (m) => [new Array(9).fill(0), (m.exactAnswer as Callable)((m.normalizeGame as Callable)()), false]],
    ['/puzzle', 'solvePuzzle', (m) => [board(m, '1 2 3/4 5 6/7 0 8'), board(m, '1 2 3/4 5 6/7 8 0'), { backend: 'ts' }]],
    [
      '/puzzle',
      'compareHeuristics',
      (m) => [[{ start: board(m, '1 2 3/4 5 6/7 0 8'), goal: board(m, '1 2 3/4 5 6/7 8 0') }], [{ heuristic: 'manhattan' }], { backend: 'ts' }, {}],
    ],
    ['/puzzle', 'boardsAtDepth', (m) => [board(m, '1 2 3/4 5 6/7 8 0'), 2, { count: 1, seed: 1 }]],
    ['/puzzle', 'puzzleSteps', (m) => [board(m, '1 2 3/4 5 6/7 0 8'), board(m, '1 2 3/4 5 6/7 8 0'), { algorithm: 'astar', heuristic: 'manhattan' }]],
    ['/puzzle', 'goalBoard', () => [3, 3, 'blank-last', []]],
  ];
  const board = (m: Module, text: string): unknown => (m.parseBoard as Callable)(text);
  const MORE_BAD: (typeof BAD)[number][] = [...BAD, ['[]', () => []], ['Infinity', () => Infinity]];

  it.each(CALLS)('%s %s', async (entry, name, good) => {
    const mod = (await importEntry(entry as (typeof ENTRIES)[number])) as Module;
    const fn = mod[name] as Callable;
    const args = good(mod);
    expect(await misuse(() => fn(...args)), 'the good call').toBeUndefined();
    const found: string[] = [];
    for (let i = 0; i < args.length; i++) {
      for (const [label, make] of MORE_BAD) {
        const problem = await misuse(() => fn(...args.map((a, k) => (k === i ? make() : a))));
        if (problem !== undefined) found.push(`argument ${i + 1} = ${label}: ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the fuzzer itself', () => {
  it('reports a raw error, a Proxy trap, a rejected promise and a message of two lines; passes a one-line SearchlabError', async () => {
    const { InvalidInputError } = await import('@searchlab/engine');
    expect(await misuse(() => (null as unknown as { x: number }).x)).toMatch(/^TypeError: /);
    expect(await misuse(() => Object.keys(trap()))).toBe('Error: trap keys');
    expect(await misuse(() => Promise.reject(new RangeError('too big')))).toBe('RangeError: too big');
    expect(await misuse(() => Promise.reject(new InvalidInputError('one\ntwo')))).toMatch(/^a message that is not one line/);
    expect(await misuse(() => Promise.reject(new InvalidInputError('x must be a number, got null')))).toBeUndefined();
    expect(await misuse(() => 8)).toBeUndefined();
  });
});
