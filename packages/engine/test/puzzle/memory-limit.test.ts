// Memory limits (issue 6): both backends stop at maxMemoryBytes with status limit and the
// statistics so far; concurrent runs share the process budget (core/memory.ts).
import { afterEach, describe, expect, test } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { MemoryAccount, MemoryLedger, defaultMemoryBytes, heapMemory, parseMemorySize, processMemory, WASM_MEMORY_CEILING } from '../../src/core/memory.js';
import { goalBoard } from '../../src/puzzle/board.js';
import { parseBoard } from '../../src/puzzle/parse.js';
import { solvePuzzle } from '../../src/puzzle/solve.js';

const MiB = 2 ** 20;
// Korf-style hard instance of the issue (blank-first goal): A* and BFS need gigabytes.
const HARD = parseBoard('15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4');
const GOAL = goalBoard(4, 4, 'blank-first');

describe('MemoryAccount and MemoryLedger', () => {
  test('an account charges up to its own limit and gives its grant back on close', () => {
    const ledger = new MemoryLedger(100 * MiB);
    const a = new MemoryAccount(10 * MiB, ledger);
    expect(a.charge(6 * MiB)).toBe(true);
    expect(a.charge(5 * MiB)).toBe(false); // 11 MiB > the run's 10 MiB
    expect(a.used).toBe(6 * MiB);
    expect(ledger.reserved).toBeGreaterThanOrEqual(6 * MiB);
    a.close();
    expect(ledger.reserved).toBe(0);
  });

  test('accounts share the ledger: the second is refused what the first holds', () => {
    const ledger = new MemoryLedger(10 * MiB);
    const a = new MemoryAccount(1e12, ledger);
    const b = new MemoryAccount(1e12, ledger);
    expect(a.charge(7 * MiB)).toBe(true);
    expect(b.charge(4 * MiB)).toBe(false);
    expect(b.charge(3 * MiB)).toBe(true); // exactly what is left
    expect(ledger.reserved).toBe(10 * MiB);
  });

  test('defaults: at most the WASM ceiling; the TS default well below V8 heap limit', async () => {
    const { getHeapStatistics } = await import('node:v8');
    expect(defaultMemoryBytes('wasm')).toBeLessThanOrEqual(WASM_MEMORY_CEILING);
    expect(defaultMemoryBytes('ts')).toBeLessThanOrEqual(getHeapStatistics().heap_size_limit / 2);
  });

  test('parseMemorySize', () => {
    expect(parseMemorySize('512MB')).toBe(512 * MiB);
    expect(parseMemorySize('2GB')).toBe(2 * 1024 * MiB);
    expect(parseMemorySize('1.5g')).toBe(1.5 * 1024 * MiB);
    expect(parseMemorySize('4096')).toBe(4096);
    expect(parseMemorySize('1e9')).toBe(1e9); // the one number syntax (core/numbers.ts)
    for (const bad of ['', 'MB', '-1MB', '0', '0x10MB', '12 parsecs', 'NaN', 'InfinityGB', '1_000MB']) {
      expect(() => parseMemorySize(bad), bad).toThrow(InvalidInputError);
    }
  });
});

describe('solvePuzzle with maxMemoryBytes', () => {
  afterEach(() => expect(processMemory.reserved).toBe(0)); // every run gave its memory back

  test.each([
    ['wasm', 'astar'],
    ['wasm', 'bfs'],
    ['ts', 'astar'],
    ['ts', 'bfs'],
    ['ts', 'dijkstra'],
  ] as const)('%s %s: status limit with statistics', async (backend, algorithm) => {
    const r = await solvePuzzle(HARD, GOAL, { backend, algorithm, maxMemoryBytes: 16 * MiB });
    expect(r.status).toBe('limit');
    expect(r.reason).toBe('memory limit: the search stored 16 MiB (raise --max-memory / maxMemoryBytes, or try IDA*)');
    expect(r.stats.expanded).toBeGreaterThan(1000);
    expect(r.stats.unique).toBeGreaterThan(r.stats.expanded);
  });

  test('the TS estimate tracks what V8 really holds (stops at 16 MiB: tens of thousands of nodes, not millions)', async () => {
    const r = await solvePuzzle(HARD, GOAL, { backend: 'ts', algorithm: 'astar', maxMemoryBytes: 16 * MiB });
    // ~450 bytes per stored 15-puzzle node (measured): 16 MiB hold ~37k states
    expect(r.stats.unique).toBeGreaterThan(20_000);
    expect(r.stats.unique).toBeLessThan(60_000);
  });

  test('concurrent runs share one budget', async () => {
    const budget = processMemory.budget;
    processMemory.setBudget(48 * MiB);
    try {
      let peak = 0;
      const onProgress = () => (peak = Math.max(peak, processMemory.reserved));
      const results = await Promise.all(
        [0, 1, 2].map(() => solvePuzzle(HARD, GOAL, { backend: 'wasm', algorithm: 'bfs', maxMemoryBytes: 1024 * MiB, onProgress })),
      );
      expect(results.map((r) => r.status)).toEqual(['limit', 'limit', 'limit']);
      expect(results.map((r) => r.reason)).toContain('memory limit: the memory budget shared with concurrent runs is used up (run fewer at once, or try IDA*)');
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(48 * MiB);
    } finally {
      processMemory.setBudget(budget);
    }
  });

  test('concurrent TS runs of one thread also share its heap budget', async () => {
    const budget = heapMemory.budget;
    heapMemory.setBudget(40 * MiB);
    try {
      let peak = 0;
      const onProgress = () => (peak = Math.max(peak, heapMemory.reserved));
      const results = await Promise.all(
        [0, 1, 2].map(() => solvePuzzle(HARD, GOAL, { backend: 'ts', algorithm: 'astar', maxMemoryBytes: 1024 * MiB, onProgress })),
      );
      expect(results.map((r) => r.status)).toEqual(['limit', 'limit', 'limit']);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(40 * MiB);
      expect(heapMemory.reserved).toBe(0);
    } finally {
      heapMemory.setBudget(budget);
    }
  });

  test('an account reserves from every ledger or from none', () => {
    const a = new MemoryLedger(10 * MiB);
    const b = new MemoryLedger(5 * MiB);
    const acct = new MemoryAccount(1e12, [a, b]);
    expect(acct.charge(4 * MiB)).toBe(true);
    expect(acct.charge(2 * MiB)).toBe(false); // b is full
    expect(a.reserved).toBe(b.reserved);
    acct.close();
    expect([a.reserved, b.reserved]).toEqual([0, 0]);
  });

  test('a limit too small to start ends at once with status limit, not an error', async () => {
    for (const backend of ['wasm', 'ts'] as const) {
      const r = await solvePuzzle(HARD, GOAL, { backend, maxMemoryBytes: 1 });
      expect(r.status).toBe('limit');
      expect(r.stats.expanded).toBe(0);
    }
  });

  test('maxMemoryBytes is validated', async () => {
    for (const bad of [0, -5, 1.5, NaN, '1GB']) {
      await expect(solvePuzzle(HARD, GOAL, { maxMemoryBytes: bad as number })).rejects.toThrow(/maxMemoryBytes/);
    }
  });
});
