// Bench only: a second JS count, for an honest "WASM vs the best JS" ratio beside "WASM vs the TS
// reference" (the bench takes the faster of the two; V8 runs them at about the same speed). It is the WASM kernel's loop (core-as/assembly/queens/count.ts: an explicit
// stack of (cols, ld, rd, avail) per row, the rows' rules as a table, no call per node) written in
// JS over Uint32Arrays; the task's constants, row 2 and the rotation check are the engine's
// (countFrame, rowAvail, checkRotations), so it visits the same nodes and finds the same solutions as both backends (the
// bench asserts it). Not shipped: the engine's reference is the plain recursion in count.ts.
import { checkRotations, countFrame, countSubproblems, rowAvail } from '@searchlab/engine/queens';

/** One task of countSubproblems (N ≥ 4): { solutions, nodes }. */
function countTaskLoop(task) {
  const f = countFrame(task);
  const { n, mask, b2, side, lastMask } = f;
  // The method's rule per row as a table of columns kept empty (the kernel's CUT), B2's rule inline.
  const cut = new Uint32Array(n + 1);
  for (let y = 0; y < f.b1; y++) cut[y] = f.corner ? 2 : side;
  const cols = new Uint32Array(n), ld = new Uint32Array(n), rd = new Uint32Array(n), avail = new Uint32Array(n);
  let nodes = 0;
  let solutions = 0;
  let d = 2;
  cols[d] = f.cols; ld[d] = f.ld; rd[d] = f.rd;
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
    const nc = (cols[d] | bit) >>> 0, nl = ((ld[d] | bit) << 1) >>> 0, nr = (rd[d] | bit) >>> 1;
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
    cols[d] = nc; ld[d] = nl; rd[d] = nr;
    avail[d] = na >>> 0;
  }
}

/** Q(n) for n ≥ 4 with the loop, on this thread: { solutions: decimal string, nodes }. */
export function countQueensLoop(n) {
  let solutions = 0n;
  let nodes = 0;
  for (const task of countSubproblems(n)) {
    const r = countTaskLoop(task);
    solutions += BigInt(r.solutions);
    nodes += r.nodes;
  }
  return { solutions: solutions.toString(), nodes };
}
