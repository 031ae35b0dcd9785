/**
 * Exact counting of all N-Queens solutions: bitboard backtracking with mirror symmetry, split into
 * independent subproblems by the first rows so that a worker pool (or a cluster) can run them.
 *
 * Split (docs/contracts/queens.md, "Counting"): the first row's queen takes a column c < ⌊N/2⌋ (the
 * left half; each such subtree has a mirror image: weight 2), or, for odd N, the middle column, where
 * the second row is restricted to the left half (weight 2 again; the second row cannot be in the
 * middle). For N ≥ 6 every left-half task is split further by the second row. A task is plain JSON:
 * `{ n, prefix: [c0, c1?], weight }`; its result `{ solutions: decimal string, nodes }` counts the
 * solutions below the prefix (not yet weighted). The total is Σ weight × solutions, as a BigInt.
 *
 * The per-task count is a resumable loop (explicit stack), a `Run` stepped in budgets of nodes
 * (queens placed), the same loop as the WASM kernel (core-as/assembly/queens/count.ts).
 */
import { InvalidInputError } from '../core/errors.js';
import type { Run } from '../core/run.js';
import { validateN } from './model.js';

/** The counter keeps one row per bit of a u32. */
export const MAX_COUNT_N = 32;

export interface CountTask {
  n: number;
  /** Columns of the first rows (1 or 2 of them). */
  prefix: number[];
  /** How many solutions each solution below the prefix stands for (1 or 2). */
  weight: number;
}

export interface CountTaskResult {
  /** Solutions below the prefix, a decimal string. */
  solutions: string;
  /** Queens placed while counting (both backends count the same). */
  nodes: number;
}

export interface CountStats {
  nodes: number;
  solutions: bigint;
}

export function validateCountN(n: number): number {
  validateN(n);
  if (n > MAX_COUNT_N) throw new InvalidInputError(`counting handles N up to ${MAX_COUNT_N}, got ${n}`);
  return n;
}

/** The independent subproblems of Q(n), in a fixed order (left to right by prefix). */
export function countSubproblems(n: number): CountTask[] {
  validateCountN(n);
  if (n === 1) return [{ n, prefix: [0], weight: 1 }];
  const tasks: CountTask[] = [];
  const half = n >> 1;
  const attacks = (c0: number, c1: number) => Math.abs(c0 - c1) <= 1;
  for (let c0 = 0; c0 < half; c0++) {
    if (n < 6) tasks.push({ n, prefix: [c0], weight: 2 });
    else for (let c1 = 0; c1 < n; c1++) if (!attacks(c0, c1)) tasks.push({ n, prefix: [c0, c1], weight: 2 });
  }
  if (n % 2 === 1) {
    const mid = half;
    for (let c1 = 0; c1 < mid; c1++) if (!attacks(mid, c1)) tasks.push({ n, prefix: [mid, c1], weight: 2 });
  }
  return tasks;
}

function validateTask(task: CountTask): void {
  const n = validateCountN(task.n);
  if (!Array.isArray(task.prefix) || task.prefix.length < 1 || task.prefix.length > n) {
    throw new InvalidInputError(`a count task needs 1..${n} prefix columns`);
  }
  task.prefix.forEach((c, r) => {
    if (!Number.isInteger(c) || c < 0 || c >= n) throw new InvalidInputError(`count task: row ${r} has column ${c}, expected 0..${n - 1}`);
  });
}

/** Subtrees with at most this many rows left are counted by `subtree` in one go (as the kernel does). */
const RECURSE_ROWS = 12;

/** Nodes and solutions below (cols, ld, rd) with `rows` rows left (each subtree's counts < 2^53). */
function subtree(cols: number, ld: number, rd: number, rows: number, full: number): { nodes: number; solutions: number } {
  let nodes = 0;
  let solutions = 0;
  const go = (c: number, l: number, r: number, left: number): void => {
    let avail = ~(c | l | r) & full;
    if (left === 1) {
      let pop = 0;
      while (avail !== 0) { avail &= avail - 1; pop++; }
      nodes += pop;
      solutions += pop;
      return;
    }
    while (avail !== 0) {
      const bit = avail & -avail;
      avail ^= bit;
      nodes++;
      go(c | bit, ((l | bit) << 1) & full, (r | bit) >>> 1, left - 1);
    }
  };
  go(cols, ld, rd, rows);
  return { nodes, solutions };
}

/**
 * The counting loop of one task, resumable. Depth d holds the rows placed so far; `avail[d]` the
 * columns still to try in row d. A node is one queen placed; in the last row the free columns are
 * counted at once (each is a node and a solution).
 */
export function createTsCountRun(task: CountTask): Run<CountTaskResult, CountStats> {
  validateTask(task);
  const n = task.n;
  const full = n === 32 ? 0xffffffff : (1 << n) - 1;
  const cols = new Uint32Array(n + 1);
  const ld = new Uint32Array(n + 1);
  const rd = new Uint32Array(n + 1);
  const avail = new Uint32Array(n + 1);
  let nodes = 0;
  let solutions = 0; // exact below 2^53, far above any one task's count for N ≤ 32 in practice
  let big = 0n;
  let c = 0, l = 0, rdd = 0;
  let ok = true;
  for (const col of task.prefix) {
    const bit = 1 << col;
    if (((c | l | rdd) & bit) !== 0) ok = false;
    c |= bit;
    l = ((l | bit) << 1) & full;
    rdd = (rdd | bit) >>> 1;
  }
  const base = task.prefix.length;
  let d = base;
  cols[d] = c >>> 0;
  ld[d] = l >>> 0;
  rd[d] = rdd >>> 0;
  avail[d] = ok && base < n ? (~(c | l | rdd) & full) >>> 0 : 0;
  let done = false;
  if (ok && base === n) solutions = 1;
  const flush = () => {
    big += BigInt(solutions);
    solutions = 0;
  };
  const result = (): CountTaskResult => {
    flush();
    return { solutions: big.toString(), nodes };
  };
  return {
    step(budget: number): CountTaskResult | null {
      if (done) return result();
      let left = Math.max(1, Math.floor(budget));
      while (left > 0) {
        const a = avail[d]!;
        if (a === 0) {
          if (d === base) {
            done = true;
            return result();
          }
          d--;
          continue;
        }
        if (d === n - 1) {
          let k = a, pop = 0;
          while (k !== 0) { k &= k - 1; pop++; }
          nodes += pop;
          solutions += pop;
          avail[d] = 0;
          left -= pop;
          continue;
        }
        const bit = (a & -a) >>> 0;
        avail[d] = (a ^ bit) >>> 0;
        nodes++;
        left--;
        const nc = cols[d]! | bit;
        const nl = ((ld[d]! | bit) << 1) & full;
        const nr = (rd[d]! | bit) >>> 1;
        if (n - (d + 1) <= RECURSE_ROWS) {
          // A small subtree: counted at once by recursion (same nodes and solutions), then charged.
          const before = nodes;
          const sub = subtree(nc, nl, nr, n - (d + 1), full);
          nodes += sub.nodes;
          solutions += sub.solutions;
          left -= nodes - before;
          continue;
        }
        d++;
        cols[d] = nc >>> 0;
        ld[d] = nl >>> 0;
        rd[d] = nr >>> 0;
        avail[d] = (~(nc | nl | nr) & full) >>> 0;
      }
      if (solutions > 2 ** 50) flush();
      return null;
    },
    stats: () => ({ nodes, solutions: big + BigInt(solutions) }),
    dispose(): void { /* nothing to free */ },
  };
}

/** Counts one task on the TS reference, synchronously. */
export function countSubproblemTs(task: CountTask): CountTaskResult {
  const run = createTsCountRun(task);
  for (;;) {
    const r = run.step(1 << 24);
    if (r !== null) return r;
  }
}

/** Σ weight × solutions over the tasks' results (in task order). */
export function sumCounts(tasks: readonly CountTask[], results: readonly CountTaskResult[]): bigint {
  let total = 0n;
  tasks.forEach((t, i) => {
    total += BigInt(t.weight) * BigInt(results[i]!.solutions);
  });
  return total;
}

/** The first `limit` solutions in lexicographic order of positions (small N; plain backtracking). */
export function enumerateSolutions(n: number, limit: number): Int32Array[] {
  validateCountN(n);
  if (!Number.isInteger(limit) || limit < 0) throw new InvalidInputError(`limit must be a non-negative integer, got ${limit}`);
  const out: Int32Array[] = [];
  const pos = new Int32Array(n);
  const full = n === 32 ? 0xffffffff : (1 << n) - 1;
  const go = (row: number, c: number, l: number, r: number): void => {
    if (out.length >= limit) return;
    if (row === n) {
      out.push(pos.slice());
      return;
    }
    let a = ~(c | l | r) & full;
    while (a !== 0 && out.length < limit) {
      const bit = a & -a;
      a ^= bit;
      pos[row] = 31 - Math.clz32(bit);
      go(row + 1, c | bit, ((l | bit) << 1) & full, (r | bit) >>> 1);
    }
  };
  go(0, 0, 0, 0);
  return out;
}
