// Bench only: two more JS counts, for an honest "WASM vs the best JS" ratio beside "WASM vs the TS
// reference" (the bench takes the fastest):
// - countQueensLoop: an explicit stack of (cols, ld, rd, avail) per row, the rows' rules as a table,
//   no call per node (the WASM kernel's loop before it moved to SIMD lanes);
// - countQueensPasses: the WASM kernel's own scheme (core-as/assembly/queens/count.ts: row buffers,
//   passes of at most BATCH states, survivors packed back, children queued on the next row, the
//   columns chosen kept 5 bits a row) one state at a time, as JS can only do it.
// Both over Uint32Arrays; the task's constants, row 2 and the rotation check are the engine's
// (countFrame, rowAvail, checkRotations), so they visit the same nodes and find the same solutions as
// both backends (the bench asserts it). Not shipped: the engine's reference is the plain recursion in
// count.ts.
// Internals, from the engine's build (not exported by @searchlab/engine/queens).
import { checkRotations, countFrame, countSubproblems, rowAvail } from '../../../packages/engine/dist/queens/count.js';

/** One task of countSubproblems (N ≥ 4): { solutions, nodes }. */
function countTaskLoop(task) {
  const f = countFrame(task);
  const { n, mask, b2, side, lastMask } = f;
  // The method's rule per row as a table of columns kept empty (the kernel's CUT), B2's rule inline.
  const cut = new Uint32Array(n + 1);
  for (let y = 0; y < f.b1; y++) cut[y] = f.corner ? 2 : side;
  const cols = new Uint32Array(n),
    ld = new Uint32Array(n),
    rd = new Uint32Array(n),
    avail = new Uint32Array(n);
  let nodes = 0;
  let solutions = 0;
  let d = 2;
  cols[d] = f.cols;
  ld[d] = f.ld;
  rd[d] = f.rd;
  avail[d] = rowAvail(f, d, f.cols, f.ld, f.rd);
  for (;;) {
    const a = avail[d];
    if (a === 0) {
      if (d === 2) return { solutions, nodes };
      d--;
      continue;
    }
    const bit = (a & -a) >>> 0;
    avail[d] = (a ^ bit) >>> 0;
    nodes++;
    f.board[d] = bit;
    const nc = (cols[d] | bit) >>> 0,
      nl = ((ld[d] | bit) << 1) >>> 0,
      nr = (rd[d] | bit) >>> 1;
    if (d === n - 2) {
      const la = ~(nc | nl | nr) & mask;
      if (la !== 0 && (la & lastMask) === 0) {
        nodes++;
        f.board[n - 1] = la >>> 0;
        solutions += checkRotations(f);
      }
      continue;
    }
    let na = ~(nc | nl | nr) & mask & ~cut[d + 1];
    if (d + 1 === b2) {
      const s = nc & side;
      if (s === 0) na = 0;
      else if (s !== side) na &= side;
    }
    d++;
    cols[d] = nc;
    ld[d] = nl;
    rd[d] = nr;
    avail[d] = na >>> 0;
  }
}

/** Q(n) for n ≥ 4, each task counted by `countTask`, on this thread: { solutions: decimal string, nodes }. */
function countAll(n, countTask) {
  let solutions = 0n;
  let nodes = 0;
  for (const task of countSubproblems(n)) {
    const r = countTask(task);
    solutions += BigInt(r.solutions);
    nodes += r.nodes;
  }
  return { solutions: solutions.toString(), nodes };
}

/** Q(n) with the loop. */
export const countQueensLoop = (n) => countAll(n, countTaskLoop);

const BATCH = 256;
const HISTORY_FIELDS = 5; // six rows of 5 bits per u32: rows 2..31

/** One task by level passes, one state at a time: { solutions, nodes }. */
function countTaskPasses(task) {
  const f = countFrame(task);
  const { n, mask, b2, side, lastMask } = f;
  const cut = new Uint32Array(n + 1);
  for (let y = 0; y < f.b1; y++) cut[y] = f.corner ? 2 : side;
  const cap = 2 * BATCH;
  const width = 4 + HISTORY_FIELDS;
  // Row y's state k, field j at rows[y][k * width + j]: cols, ld, rd, avail, history.
  const rows = Array.from({ length: n }, () => new Uint32Array(cap * width));
  const held = new Int32Array(n + 1);
  const a2 = rowAvail(f, 2, f.cols, f.ld, f.rd);
  rows[2].set([f.cols, f.ld, f.rd, a2]);
  held[2] = a2 !== 0 ? 1 : 0;
  let nodes = 0,
    solutions = 0,
    y = 2;
  for (;;) {
    const below = held[y + 1];
    if (below >= BATCH || (held[y] === 0 && below > 0)) {
      y++;
      continue;
    }
    if (held[y] === 0) {
      if (y === 2) return { solutions, nodes };
      y--;
      continue;
    }
    const row = rows[y],
      next = rows[y + 1];
    const first = Math.max(0, held[y] - BATCH);
    const field = 4 + Math.floor((y - 2) / 6),
      shift = ((y - 2) % 6) * 5;
    let kept = first,
      queued = below;
    for (let at = first; at < held[y]; at++) {
      const p = at * width;
      const a = row[p + 3];
      const bit = (a & -a) >>> 0,
        rest = (a ^ bit) >>> 0;
      nodes++;
      const nc = (row[p] | bit) >>> 0,
        nl = ((row[p + 1] | bit) << 1) >>> 0,
        nr = (row[p + 2] | bit) >>> 1;
      if (y === n - 2) {
        const la = ~(nc | nl | nr) & mask;
        if (la !== 0 && (la & lastMask) === 0) {
          nodes++;
          if (f.corner) solutions += 8;
          else {
            for (let r = 2; r < y; r++) f.board[r] = (1 << ((row[p + 4 + Math.floor((r - 2) / 6)] >>> (((r - 2) % 6) * 5)) & 31)) >>> 0;
            f.board[y] = bit;
            f.board[n - 1] = la >>> 0;
            solutions += checkRotations(f);
          }
        }
      } else {
        let na = ~(nc | nl | nr) & mask & ~cut[y + 1];
        if (y + 1 === b2) {
          const s = nc & side;
          if (s === 0) na = 0;
          else if (s !== side) na &= side;
        }
        if (na !== 0) {
          const q = queued++ * width;
          next[q] = nc;
          next[q + 1] = nl;
          next[q + 2] = nr;
          next[q + 3] = na;
          for (let j = 4; j < width; j++) next[q + j] = row[p + j];
          next[q + field] |= (31 - Math.clz32(bit)) << shift;
        }
      }
      if (rest !== 0) {
        const q = kept++ * width;
        if (q !== p) row.copyWithin(q, p, p + width);
        row[q + 3] = rest;
      }
    }
    held[y] = kept;
    if (y < n - 2) held[y + 1] = queued;
  }
}

/** Q(n) by level passes. */
export const countQueensPasses = (n) => countAll(n, countTaskPasses);
