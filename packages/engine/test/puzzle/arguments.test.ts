// Issue 6: every public engine function validates its arguments and throws InvalidInputError naming
// the argument, never a raw TypeError/RangeError. Each function is called with hostile values in
// every argument position.
import { describe, expect, test } from 'vitest';
import * as puzzle from '../../src/puzzle/index.js';
import * as root from '../../src/index.js';
import { InvalidInputError, SearchlabError } from '../../src/core/errors.js';
import { MemoryAccount } from '../../src/core/memory.js';
import { checkPoolSize } from '../../src/core/pool.js';
import { searchSteps } from '../../src/search/steps.js';
import { depthLayers } from '../../src/puzzle/depth.js';
import { makeHeuristic } from '../../src/puzzle/heuristics.js';
import { usesHeuristic } from '../../src/puzzle/options.js';
import { variantName } from '../../src/puzzle/compare.js';
import { pdbIfLoaded } from '../../src/puzzle/pdb-store.js';
import { SlidingTileProblem } from '../../src/puzzle/problem.js';
import { chooseBackend } from '../../src/puzzle/solve.js';

// The entry point's functions and the internal ones the engine's own callers rely on: all validate.
const api = { ...puzzle, chooseBackend, makeHeuristic, usesHeuristic, variantName, pdbIfLoaded, searchSteps, depthLayers };

const GOOD = puzzle.goalBoard(3, 3);
const START = puzzle.parseBoard('1 2 3/4 5 6/7 0 8');
const HOSTILE: unknown[] = [
  null,
  undefined,
  5,
  'x',
  {},
  [],
  NaN,
  { width: 3, height: 3, cells: null },
  { width: 3, height: 3 },
  { width: 3, height: 3, cells: [1, 2, 3] },
  { width: '3', height: 3, cells: GOOD.cells },
  { width: 3, height: 3, cells: [null, 1, 2, 3, 4, 5, 6, 7, 8] },
  { width: 3, height: 3, cells: { length: 9 } },
];

/** Valid arguments of each public function; each position is then replaced by a hostile value. */
const CALLS: Record<string, unknown[]> = {
  parseBoard: ['1 2 3/4 5 6/7 8 0', {}],
  parseSize: ['3'],
  goalBoard: [3, 3, 'blank-last', []],
  goalLike: [GOOD, 'blank-first'],
  makeBoard: [3, 3, GOOD.cells],
  validateBoard: [GOOD],
  boardsEqual: [GOOD, START],
  blankIndex: [GOOD],
  tileCount: [GOOD],
  legalMoves: [GOOD],
  applyMove: [START, 'right'],
  applyMoves: [START, ['right']],
  parseMoves: ['u d'],
  invertMoves: [['up']],
  renderBoard: [GOOD],
  boardToText: [GOOD],
  checkSolvable: [START, GOOD],
  validatePair: [START, GOOD],
  randomWalk: [GOOD, 3, 1],
  randomSolvable: [GOOD, 1],
  randomWalkBoard: [GOOD, 3, 1],
  normalizeOptions: [{}],
  solveOptionsFrom: [{}, {}],
  puzzleSpec: [{}],
  solvePuzzle: [START, GOOD, {}],
  solvePuzzleParallel: [START, GOOD, { algorithm: 'idastar' }],
  solvePuzzleSync: [START, GOOD, { backend: 'ts' }],
  chooseBackend: [GOOD, 'astar', 'ts'],
  traceMoves: [START, GOOD, ['right'], puzzle.normalizeOptions({})],
  compareHeuristics: [[{ start: START, goal: GOOD }], [{ heuristic: 'manhattan' }], {}, {}],
  summarise: [[], [{ heuristic: 'manhattan' }]],
  makeHeuristic: ['manhattan', GOOD, false],
  heuristicInfo: ['manhattan', false],
  usesHeuristic: ['astar'],
  variantName: [{ heuristic: 'manhattan' }],
  resolveHeuristic: [GOOD, { heuristic: 'auto' }],
  isPdbName: ['pdb555'],
  placements: [16, 5],
  pdbTableBytes: [puzzle.PDB_SPECS.pdb555],
  pdbBuildBytes: [puzzle.PDB_SPECS.pdb555],
  loadPdb: [puzzle.PDB_SPECS.pdb555, {}],
  pdbCached: [puzzle.PDB_SPECS.pdb555],
  pdbIfLoaded: [puzzle.PDB_SPECS.pdb555],
  sharedPdbReaders: [puzzle.PDB_SPECS.pdb555],
  forgetPdbs: [],
  setPdbCache: [undefined],
  setPdbBuilder: [undefined],
  puzzleSteps: [START, GOOD, { algorithm: 'astar', heuristic: 'manhattan' }],
  searchSteps: [new SlidingTileProblem(START, GOOD), { algorithm: 'bfs' }],
  nextStep: [puzzle.puzzleSteps(START, GOOD, { algorithm: 'bfs' }).events],
  effectiveBranchingFactor: [6, 2],
  boardsAtDepth: [GOOD, 2, { count: 1, seed: 1 }],
  depthLayers: [GOOD],
  runExperiment: [{ depths: [2], perDepth: 1, columns: [{ algorithm: 'astar', heuristic: 'manhattan' }], seed: 1 }, {}],
  parseDepths: ['2-4:2', '--depths'],
  experimentColumns: [['astar'], ['manhattan']],
  columnName: [{ algorithm: 'astar', heuristic: 'manhattan' }],
  runEbf: [{ status: 'solved', length: 2, stats: { generated: 6 } }],
  heuristicBreakdown: [START, GOOD, 'manhattan'],
};
const SKIP = new Set<string>();

async function outcome(fn: (...a: unknown[]) => unknown, args: unknown[]): Promise<unknown> {
  try {
    await fn(...args);
    return undefined;
  } catch (e) {
    return e;
  }
}

describe('public functions validate their arguments', () => {
  test('every public function is listed here', () => {
    const fns = Object.entries(puzzle)
      .filter(([, v]) => typeof v === 'function' && !/^[A-Z]/.test(v.name))
      .map(([k]) => k);
    expect(fns.filter((k) => !(k in CALLS))).toEqual([]);
  });

  test.each(Object.keys(CALLS))('%s: hostile arguments throw InvalidInputError, never a raw error', async (name) => {
    const fn = (api as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
    const good = CALLS[name]!;
    expect(await outcome(fn, good)).toBeUndefined();
    for (let i = 0; i < good.length; i++) {
      if (SKIP.has(`${name} ${i + 1}`)) continue;
      for (const bad of HOSTILE) {
        const args = good.slice();
        args[i] = bad;
        const e = await outcome(fn, args);
        if (e === undefined) continue; // a default or a harmless value
        expect(e, `${name} argument ${i + 1} = ${JSON.stringify(bad)}: ${String(e)}`).toBeInstanceOf(SearchlabError);
        expect((e as Error).message).not.toMatch(/\n/);
      }
    }
  });

  test.each([
    ['solvePuzzle(null, goal)', () => puzzle.solvePuzzle(null as never, GOOD), /^start: /],
    ['a start with cells: null', () => puzzle.solvePuzzle({ width: 3, height: 3, cells: null } as never, GOOD), /^start: .*cells/],
    ['a goal with cells: null', () => puzzle.solvePuzzle(START, { width: 3, height: 3, cells: null } as never), /^goal: .*cells/],
    ['options: null', () => puzzle.solvePuzzle(START, GOOD, null as never), /options/],
    ['onProgress: 5', () => puzzle.solvePuzzle(START, GOOD, { onProgress: 5 as never }), /onProgress/],
    ['signal: {}', () => puzzle.solvePuzzle(START, GOOD, { signal: {} as never }), /signal/],
  ])('%s names the argument', async (_, call, message) => {
    const e = await outcome(call, []);
    expect(e).toBeInstanceOf(InvalidInputError);
    expect((e as Error).message).toMatch(message);
  });
});

// (Rng keeps its RangeErrors: the RNG contract and its tests (docs/contracts/rng.md) belong to the PRNG work.)
describe('platform functions of the root entry point validate their arguments too', () => {
  const run = { step: () => 'done', stats: () => ({}), dispose: () => {} };
  const CORE: Record<string, [(...a: unknown[]) => unknown, unknown[]]> = {
    runSync: [root.runSync as never, [run, {}]],
    runAsync: [root.runAsync as never, [run, {}]],
    parseMemorySize: [root.parseMemorySize as never, ['1MB']],
    'new MemoryAccount': [(limit) => new MemoryAccount(limit as number), [1024]],
    checkPoolSize: [checkPoolSize as never, [2]],
    parseDecimal: [root.parseDecimal as never, ['1']],
    parseInteger: [root.parseInteger as never, ['1']],
    'new SlidingTileProblem': [(a, b, c) => new SlidingTileProblem(a as never, b as never, c as never), [START, GOOD, {}]],
  };
  test.each(Object.keys(CORE))('%s', async (name) => {
    const [fn, good] = CORE[name]!;
    expect(await outcome(fn, good)).toBeUndefined();
    for (let i = 0; i < good.length; i++) {
      for (const bad of [null, undefined, 5, 'x', {}, NaN, { step: 5 }]) {
        const args = good.slice();
        args[i] = bad;
        const e = await outcome(fn, args);
        if (e !== undefined) expect(e, `${name} argument ${i + 1} = ${String(bad)}: ${String(e)}`).toBeInstanceOf(SearchlabError);
      }
    }
  });
});
