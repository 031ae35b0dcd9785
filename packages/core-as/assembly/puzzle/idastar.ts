// IDA* as an explicit-stack iterative DFS, resumable between calls: every piece of search state
// (board, depth, blank, h and next move per depth, bound) lives in linear memory or globals.
//
// The recursive contract (docs/search-contract.md) returns the minimum f over pruned nodes; min is
// associative, so one running minimum `next` per iteration gives the same next bound.
// One loop serves every heuristic; `mode` is a constant in each inlined copy, so the Manhattan loop
// carries no Euclidean or linear-conflict code.

import { alloc, grow } from '../arena';
import {
  C, N, H, W, nbr, delta, startBoard, startBlank, hKind, H_EUCLIDEAN, H_LINEAR,
  lineConflict, euclidean, fullH, positions, touchedLine,
} from './model';
import {
  ST_RUNNING, ST_FOUND, ST_EXHAUSTED, ST_LIMIT, setPath,
  expandedN, generatedN, maxFrontierN, iterationsN, maxNodesN,
} from './common';

const MODE_DELTA: i32 = 0;
const MODE_LINEAR: i32 = 1;
const MODE_EUCLID: i32 = 2;

let board: usize = 0; // u8[C]
let pos: usize = 0; // i32[N] (Euclidean only)
let conf: usize = 0; // i32[H+W] conflicts per line (linear conflict only)
// Stack, per depth d: blank cell, h, the move taken from d (then the next to try), and for linear
// conflict the line changed by that move and its previous conflict count.
let cap: i32 = 0;
let stBlank: usize = 0;
let stH: usize = 0;
let stMove: usize = 0;
let stLine: usize = 0;
let stOld: usize = 0;

let depth: i32 = 0;
let blank: i32 = 0;
let hCur: f64 = 0;
let nextDir: i32 = 0;
/** The node at `depth` passed its goal test and still has to pass the limit checks and be expanded. */
let pending: bool = false;
let bound: f64 = 0;
let nextBound: f64 = Infinity;
let mode: i32 = MODE_DELTA;

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

function ensureStack(need: i32): void {
  if (need <= cap) return;
  let n = cap < 64 ? 64 : cap;
  while (n < need) n <<= 1;
  stBlank = grow(stBlank, <usize>cap << 2, <usize>n << 2);
  stH = grow(stH, <usize>cap << 3, <usize>n << 3);
  stMove = grow(stMove, <usize>cap << 2, <usize>n << 2);
  stLine = grow(stLine, <usize>cap << 2, <usize>n << 2);
  stOld = grow(stOld, <usize>cap << 2, <usize>n << 2);
  cap = n;
}

/** Depth bound for the stack: h ≥ 0, so an entered node has g ≤ f ≤ bound. */
@inline function stackFor(b: f64): i32 {
  return b < 1e9 ? <i32>Math.floor(b) + 2 : 1_000_000_000;
}

export function idaInit(): i32 {
  board = alloc(<usize>C);
  memory.copy(board, startBoard, <usize>C);
  pos = alloc(<usize>N << 2);
  positions(board, pos);
  mode = hKind == H_EUCLIDEAN ? MODE_EUCLID : hKind == H_LINEAR ? MODE_LINEAR : MODE_DELTA;
  if (mode == MODE_LINEAR) {
    conf = alloc(<usize>(H + W) << 2);
    for (let l = 0; l < H + W; l++) store<i32>(conf + (<usize>l << 2), lineConflict(board, l));
  }
  cap = 0; stBlank = 0; stH = 0; stMove = 0; stLine = 0; stOld = 0;
  depth = 0; blank = startBlank; nextDir = 0;
  hCur = fullH(board, pos);
  bound = hCur; nextBound = Infinity;
  iterationsN = 1;
  ensureStack(stackFor(bound));
  // visit(start): f = h = bound, so the root passes the bound check; goal test.
  if (hCur == 0) { setPath(stMove, 0); return ST_FOUND; }
  pending = true;
  return ST_RUNNING;
}

export function idaStep(budget: i64): i32 {
  if (mode == MODE_DELTA) return loop(MODE_DELTA, budget);
  if (mode == MODE_LINEAR) return loop(MODE_LINEAR, budget);
  return loop(MODE_EUCLID, budget);
}

@inline function loop(m: i32, budget: i64): i32 {
  // Hot state in locals; written back on every exit.
  let d = depth, a = blank, h = hCur, dir = nextDir, pend = pending;
  let b0 = bound, next = nextBound;
  let expanded = expandedN, generated = generatedN, maxDepth = maxFrontierN;
  const maxNodes = maxNodesN;
  let left = budget;
  let g = <f64>d;
  let prune = d > 0 ? i32At(stMove, d - 1) ^ 1 : -1;
  const bd = board, nb = nbr, dl = delta, ps = pos, cf = conf, Cz = C;
  let status = ST_RUNNING;

  while (true) {
    if (pend) {
      if (expanded >= maxNodes) { status = ST_LIMIT; break; }
      if (left <= 0) break;
      expanded++; left--;
      pend = false; dir = 0;
    }
    if (dir < 4) {
      const cd = dir++;
      if (cd == prune) continue;
      const b = i32At(nb, (a << 2) + cd);
      if (b < 0) continue;
      generated++;
      if (<i64>d + 1 > maxDepth) maxDepth = <i64>d + 1;
      const t = <i32>load<u8>(bd + b);
      let nh: f64;
      let line = -1, oldC = 0, newC = 0;
      if (m == MODE_EUCLID) {
        store<i32>(ps + (<usize>t << 2), a);
        store<i32>(ps, b);
        nh = euclidean(ps);
      } else {
        nh = h + load<f64>(dl + ((<usize>(t * Cz + b) << 2) + cd << 3));
        if (m == MODE_LINEAR) {
          line = touchedLine(t, a, b, cd);
          if (line >= 0) {
            store<u8>(bd + a, <u8>t); store<u8>(bd + b, 0);
            oldC = i32At(cf, line);
            newC = lineConflict(bd, line);
            store<u8>(bd + b, <u8>t); store<u8>(bd + a, 0);
            nh += <f64>(2 * (newC - oldC));
          }
        }
      }
      const f = g + 1 + nh;
      if (f > b0) {
        if (f < next) next = f;
        if (m == MODE_EUCLID) { store<i32>(ps + (<usize>t << 2), b); store<i32>(ps, a); }
        continue;
      }
      // descend into the child
      store<i32>(stBlank + (<usize>d << 2), a);
      store<f64>(stH + (<usize>d << 3), h);
      store<i32>(stMove + (<usize>d << 2), cd);
      if (m == MODE_LINEAR) {
        store<i32>(stLine + (<usize>d << 2), line);
        if (line >= 0) { store<i32>(stOld + (<usize>d << 2), oldC); store<i32>(cf + (<usize>line << 2), newC); }
      }
      store<u8>(bd + a, <u8>t); store<u8>(bd + b, 0);
      d++; g += 1; a = b; h = nh; prune = cd ^ 1;
      if (h == 0) { status = ST_FOUND; break; } // h is 0 exactly on the goal, for every heuristic
      pend = true;
    } else if (d > 0) {
      // return to the parent: undo the move
      d--; g -= 1;
      const pa = i32At(stBlank, d);
      const t = <i32>load<u8>(bd + pa);
      store<u8>(bd + a, <u8>t); store<u8>(bd + pa, 0);
      if (m == MODE_EUCLID) { store<i32>(ps + (<usize>t << 2), a); store<i32>(ps, pa); }
      if (m == MODE_LINEAR) {
        const line = i32At(stLine, d);
        if (line >= 0) store<i32>(cf + (<usize>line << 2), i32At(stOld, d));
      }
      a = pa;
      h = load<f64>(stH + (<usize>d << 3));
      dir = i32At(stMove, d) + 1;
      prune = d > 0 ? i32At(stMove, d - 1) ^ 1 : -1;
    } else {
      // the iteration is over (the board is back at the start)
      if (next == Infinity) { status = ST_EXHAUSTED; break; }
      b0 = next; next = Infinity;
      iterationsN++;
      expandedN = expanded; generatedN = generated; maxFrontierN = maxDepth;
      ensureStack(stackFor(b0)); // may trap on memory: counters are already written back
      pend = true; // visit(start) again: f = h(start) <= bound, not the goal
    }
  }

  depth = d; blank = a; hCur = h; nextDir = dir; pending = pend;
  bound = b0; nextBound = next;
  expandedN = expanded; generatedN = generated; maxFrontierN = maxDepth;
  if (status == ST_FOUND) setPath(stMove, d);
  return status;
}
