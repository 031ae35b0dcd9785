/**
 * Exact counting of all N-Queens solutions: bitboard backtracking over the board's eight symmetries
 * (Takaken's method), split into independent subproblems by the first two rows so that a worker pool
 * (or a cluster) can run them.
 *
 * The method (docs/contracts/queens.md, "Counting") visits one representative of most symmetry
 * classes: a queen in the corner of row 0 (column 0; then row 1's column B1 in 2..N−2 and, above
 * row B1, column 1 stays empty: every such solution is counted 8 times), or row 0's queen at column
 * B1 with 1 ≤ B1 < N−1−B1 = B2 (the outer columns stay empty above row B1, row B2 must see them
 * taken, and the last row avoids the outer B1 columns); each solution found there is compared with
 * its rotations (`checkRotations`) and counted 2, 4 or 8 times, or not at all when it is not the smallest of
 * its class. A task is plain JSON `{ n, prefix: [c0, c1] }` (c0 = 0: the corner case with
 * B1 = c1; else B1 = c0); its result `{ solutions: decimal string, nodes }` counts the solutions
 * below the prefix that it stands for (already multiplied by 2, 4 or 8). The total is Σ solutions,
 * as a BigInt.
 *
 * The per-task count is the reference: a plain recursion (one call per queen), a `Run` stepped in
 * budgets of nodes (queens placed below the prefix) and resumed between the subtrees of row 2. It
 * visits the same nodes as the WASM kernel (core-as/assembly/queens/count.ts: level passes on SIMD
 * lanes, in another order) and reports the same nodes and solutions per task. Two more JS counts are
 * kept beside the benchmark (tests/bench/support/queens-count-loop.mjs: an explicit-stack loop, and
 * the kernel's passes one state at a time) so that the bench reports WASM against the best JS as well
 * as against this reference.
 */
import { checkObject, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { BACKENDS, type Backend } from '../core/backend.js';
import type { Run } from '../core/run.js';
import { validateN } from './model.js';

/** The counter keeps one row per bit of a u32. */
export const MAX_COUNT_N = 32;

export interface CountTask {
  n: number;
  /** Columns of the first rows: [0] for N = 1, else [c0, c1]. */
  prefix: number[];
}

export interface CountTaskResult {
  /** Solutions below the prefix (the ones it stands for by symmetry included), a decimal string. */
  solutions: string;
  /** Queens placed while counting (both backends count the same). */
  nodes: number;
}

/** A count's statistics so far: search nodes visited and solutions found. */
export interface CountStats {
  nodes: number;
  solutions: bigint;
}

/**
 * Counting Q(n) as a canonical spec: N and the backend, validated, nothing else (no runner, no
 * limits, no output choices). It is what a queue stores for a count.
 */
export interface QueensCountSpec {
  n: number;
  backend: Backend;
}

/** The one normaliser from user input to a QueensCountSpec. */
export function queensCountSpec(input: { n: number; backend?: Backend }): QueensCountSpec {
  checkObject(input, 'input');
  const backend = input.backend ?? 'wasm';
  if (!BACKENDS.includes(backend)) throw new InvalidInputError(`backend must be wasm or ts, got ${shown(backend)}`);
  return { n: validateCountN(input.n), backend };
}

export function validateCountN(n: number): number {
  validateN(n);
  if (n > MAX_COUNT_N) throw new InvalidInputError(`counting handles N up to ${MAX_COUNT_N}, got ${n}`);
  return n;
}

/** Free columns of row 1 below row 0's column c0 (N ≥ 4), with the method's rule for that row. */
function rowOneColumns(n: number, c0: number): number[] {
  const out: number[] = [];
  const side = 1 | (1 << (n - 1));
  for (let c1 = 0; c1 < n; c1++) {
    if (Math.abs(c0 - c1) <= 1) continue;
    if (c0 === 0) {
      if (c1 >= 2 && c1 <= n - 2) out.push(c1);
      continue;
    }
    if (c0 > 1 && ((1 << c1) & side) !== 0) continue; // rows above B1 keep the outer columns empty
    out.push(c1);
  }
  return out;
}

/** The independent subproblems of Q(n), in a fixed order: the corner tasks, then row 0's other columns. */
export function countSubproblems(n: number): CountTask[] {
  validateCountN(n);
  if (n === 1) return [{ n, prefix: [0] }];
  if (n < 4) return [];
  const tasks: CountTask[] = [];
  for (const c1 of rowOneColumns(n, 0)) tasks.push({ n, prefix: [0, c1] });
  for (let b1 = 1; b1 < n - 1 - b1; b1++) for (const c1 of rowOneColumns(n, b1)) tasks.push({ n, prefix: [b1, c1] });
  return tasks;
}

function validateTask(task: CountTask): void {
  const n = validateCountN(task.n);
  const ok =
    Array.isArray(task.prefix) &&
    (n === 1
      ? task.prefix.length === 1 && task.prefix[0] === 0
      : n >= 4 &&
        task.prefix.length === 2 &&
        Number.isInteger(task.prefix[0]) &&
        Number.isInteger(task.prefix[1]) &&
        (task.prefix[0] === 0 || (task.prefix[0]! >= 1 && task.prefix[0]! < n - 1 - task.prefix[0]!)) &&
        rowOneColumns(n, task.prefix[0]!).includes(task.prefix[1]!));
  if (!ok) throw new InvalidInputError(`not a count task of N = ${n}: prefix ${JSON.stringify(task.prefix)} (see countSubproblems)`);
}

/** The method's constants for one task (shared by the recursion and `checkRotations`). */
export interface CountFrame {
  n: number;
  mask: number;
  /** The last row's index N−1, its column N−1's bit, B1, B2 (−1 in the corner case). */
  last: number;
  top: number;
  b1: number;
  b2: number;
  corner: boolean;
  side: number;
  /** Side case: the last row's forbidden columns; the bit that row 180°-symmetric solutions end on. */
  lastMask: number;
  endBit: number;
  /** The queen's bit per row (rows 0 and 1 from the prefix; the others as they are placed). */
  board: Uint32Array;
  /** (cols, ld, rd) below the prefix: row 2's masks. */
  cols: number;
  ld: number;
  rd: number;
}

/** A task's constants and row 2's masks (N ≥ 4). */
export function countFrame(task: CountTask): CountFrame {
  const n = task.n;
  const mask = n === 32 ? 0xffffffff : (1 << n) - 1;
  const top = (1 << (n - 1)) >>> 0;
  const corner = task.prefix[0] === 0;
  const b1 = corner ? task.prefix[1]! : task.prefix[0]!;
  let lastMask = (top | 1) >>> 0;
  for (let k = 1; k < b1; k++) lastMask = (lastMask | (lastMask >>> 1) | (lastMask << 1)) >>> 0;
  const f: CountFrame = {
    n,
    mask,
    last: n - 1,
    top,
    b1,
    b2: corner ? -1 : n - 1 - b1,
    corner,
    side: (top | 1) >>> 0,
    lastMask: corner ? 0 : lastMask,
    endBit: top >>> b1,
    board: new Uint32Array(n),
    cols: 0,
    ld: 0,
    rd: 0,
  };
  for (const [row, col] of task.prefix.entries()) {
    const bit = (1 << col) >>> 0;
    f.board[row] = bit;
    f.cols = (f.cols | bit) >>> 0;
    f.ld = ((f.ld | bit) << 1) >>> 0;
    f.rd = (f.rd | bit) >>> 1;
  }
  return f;
}

/** Row y's free columns (2 ≤ y ≤ N−2) under the method's rule for that row. */
export function rowAvail(f: CountFrame, y: number, c: number, l: number, r: number): number {
  let a = ~(c | l | r) & f.mask;
  if (f.corner) {
    if (y < f.b1) a &= ~2;
  } else if (y < f.b1) a &= ~f.side;
  else if (y === f.b2) {
    if ((c & f.side) === 0) a = 0;
    else if ((c & f.side) !== f.side) a &= f.side;
  }
  return a >>> 0;
}

/** The last row's free column when it completes a solution (side case: outside lastMask), else 0. */
export function lastColumn(f: CountFrame, c: number, l: number, r: number): number {
  const a = ~(c | l | r) & f.mask;
  return a !== 0 && (a & f.lastMask) === 0 ? a >>> 0 : 0;
}

/**
 * What a complete solution (`f.board` filled) adds: 8 in the corner case; in the side case its
 * rotations decide: 2 (90° symmetric), 4 (180°), 8 (none), or 0 when a rotation is smaller in the
 * method's order (that class is counted elsewhere). Takaken's check.
 */
export function checkRotations(f: CountFrame): number {
  if (f.corner) return 8;
  const b = f.board,
    e = f.last;
  if (b[f.b2] === 1) {
    let own = 1;
    for (let ptn = 2; own <= e; own++, ptn = (ptn << 1) >>> 0) {
      let bit = 1;
      for (let you = e; b[you] !== ptn && b[own]! >= bit; you--) bit = (bit << 1) >>> 0;
      if (b[own]! > bit) return 0;
      if (b[own]! < bit) break;
    }
    if (own > e) return 2;
  }
  if (b[e] === f.endBit) {
    let own = 1;
    for (let you = e - 1; own <= e; own++, you--) {
      let bit = 1;
      for (let ptn = f.top; ptn !== b[you] && b[own]! >= bit; ptn >>>= 1) bit = (bit << 1) >>> 0;
      if (b[own]! > bit) return 0;
      if (b[own]! < bit) break;
    }
    if (own > e) return 4;
  }
  if (b[f.b1] === f.top) {
    let own = 1;
    for (let ptn = f.top >>> 1; own <= e; own++, ptn >>>= 1) {
      let bit = 1;
      for (let you = 0; b[you] !== ptn && b[own]! >= bit; you++) bit = (bit << 1) >>> 0;
      if (b[own]! > bit) return 0;
      if (b[own]! < bit) break;
    }
  }
  return 8;
}

/**
 * The reference count of one task: a plain recursive bitboard backtracking. `place(y, …)` tries
 * row y's free columns, lowest first; a node is one queen placed below the prefix: every placement
 * in rows 2..N−2, and the last row's queen when it completes a solution, which adds
 * `checkRotations`. The Run's unit of resumption is one subtree of row 2 (one of its queens and
 * everything below it): a step counts whole subtrees until the node budget is spent (so a step may
 * overrun its budget by one subtree; results never depend on budgets).
 */
export function createTsCountRun(task: CountTask): Run<CountTaskResult, CountStats> {
  validateTask(task);
  const n = task.n;
  if (n === 1) {
    return {
      step: () => ({ solutions: '1', nodes: 0 }),
      stats: () => ({ nodes: 0, solutions: 1n }),
      dispose() {
        /* nothing */
      },
    };
  }
  const f = countFrame(task);
  let nodes = 0;
  let solutions = 0; // a Number: one task's count stays far below 2^53 for N ≤ 32 in practice
  /** Row y's queen on column `bit` (masks of the rows above: c, l, r), and everything below it. */
  const visit = (y: number, bit: number, c: number, l: number, r: number): void => {
    nodes++;
    f.board[y] = bit;
    const nc = (c | bit) >>> 0,
      nl = ((l | bit) << 1) >>> 0,
      nr = (r | bit) >>> 1;
    if (y < n - 2) {
      for (let a = rowAvail(f, y + 1, nc, nl, nr); a !== 0; a = (a & (a - 1)) >>> 0) visit(y + 1, (a & -a) >>> 0, nc, nl, nr);
      return;
    }
    const la = lastColumn(f, nc, nl, nr);
    if (la !== 0) {
      nodes++;
      f.board[n - 1] = la;
      solutions += checkRotations(f);
    }
  };
  let row2 = rowAvail(f, 2, f.cols, f.ld, f.rd);
  return {
    step(budget: number): CountTaskResult | null {
      const stop = nodes + Math.max(1, Math.floor(budget));
      for (; row2 !== 0 && nodes < stop; row2 = (row2 & (row2 - 1)) >>> 0) visit(2, (row2 & -row2) >>> 0, f.cols, f.ld, f.rd);
      return row2 === 0 ? { solutions: String(solutions), nodes } : null;
    },
    stats: () => ({ nodes, solutions: BigInt(solutions) }),
    dispose(): void {
      /* nothing to free */
    },
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

/** Σ solutions over the tasks' results. */
export function sumCounts(results: readonly CountTaskResult[]): bigint {
  let total = 0n;
  for (const r of results) total += BigInt(r.solutions);
  return total;
}

/** The first `limit` solutions in lexicographic order of positions (small N; plain backtracking). */
export function enumerateSolutions(n: number, limit: number): Int32Array[] {
  validateCountN(n);
  if (!Number.isInteger(limit) || limit < 0) throw new InvalidInputError(`limit must be a non-negative integer, got ${shown(limit)}`);
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
