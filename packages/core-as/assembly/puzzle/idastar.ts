// IDA* as an explicit-stack iterative DFS, resumable between calls: every piece of search state
// (board, depth, blank, h and the moves left per depth, bound) lives in linear memory or globals.
//
// The recursive contract (docs/contracts/search.md) returns the minimum f over pruned nodes; min is
// associative, so one running minimum `next` per iteration gives the same next bound.
// One loop serves every heuristic; `mode` is a constant in each inlined copy, so the Manhattan loop
// carries no Euclidean or linear-conflict code.
//
// Hot path: per (cell, incoming move) a precomputed list of the legal, non-pruned moves packed in
// 3-bit fields (move + 1, 0 ends the list), so a child costs one table read for its cell, one for
// its tile and one for the h delta; nothing else is checked per child.
// Plain IDA* with Manhattan or misplaced on boards of at most 32 cells (the 8- and 15-puzzles) runs a
// register-friendly copy of that loop instead: smallLoop at the end of this file.

import { SHARED, alloc, grow } from '../common/arena';
import {
  C, N, H, W, nbr, delta, deltaShift, startBoard, startBlank, hKind, H_EUCLIDEAN, H_LINEAR, H_PDB, rowOf,
  lineConflict, euclidean, fullH, positions, touchedLine, tileAt, setTile,
} from './model';
import {
  ST_RUNNING, ST_FOUND, ST_EXHAUSTED, ST_LIMIT, reservePath,
  expandedN, generatedN, maxFrontierN, iterationsN, maxNodesN,
} from './common';
import { pdbCur, pdbTry, pdbReflected, pdbTryReflected, pdbUndo, pdbCommit, pdbRestore, pdbViews } from '../pdb/lookup';

const MODE_DELTA: i32 = 0;
const MODE_LINEAR: i32 = 1;
const MODE_EUCLID: i32 = 2;
/** Manhattan's delta plus 2 × (change of the pattern databases' max entry sum); pdb/lookup.ts keeps the ranks. */
const MODE_PDB: i32 = 3;
/** "No incoming move" (the root) in the move-list index. */
const ROOT: i32 = 4;

let board: usize = 0; // u16[C]
let pos: usize = 0; // i32[N] (Euclidean only)
let conf: usize = 0; // i32[H+W] conflicts per line (linear conflict only)
/** i32[C*5]: moves to try with the blank on cell c after incoming move p (p = 4 at the root). */
let moveList: usize = 0;
// Stack, per depth d: blank cell, h, the moves still to try, and for linear conflict the line
// changed by the move taken from d and that line's previous conflict count.
let cap: i32 = 0;
/** One 16-byte frame per depth: h (i32 or f64) at +0, the blank cell at +8, the moves left at +12. */
let stFrame: usize = 0;
let stLine: usize = 0;
let stOld: usize = 0;
let stPdb: usize = 0; // 16 bytes per depth: the parent's pattern ranks (pdbCommit / pdbRestore)

let depth: i32 = 0;
let blank: i32 = 0;
let hCur: f64 = 0;
let remCur: i32 = 0;
/** The node at `depth` passed its goal test and waits for the limit checks and its expansion. */
let pending: bool = false;
let pendingMove: i32 = ROOT;
let bound: f64 = 0;
let nextBound: f64 = Infinity;
let mode: i32 = MODE_DELTA;
// Weighted IDA* (wida, docs/contracts/search.md "wida"): thresholds on f = den·g + num·h (w = num/den,
// exact integers in f64) and an incumbent: a node with g + h >= incumbent is pruned (never entered,
// never lowers the next threshold). Set by idaWeighting before idaInit; a weighted run always uses
// the f64 copies of the loop.
let weighted: bool = false;
let wNum: f64 = 1;
let wDen: f64 = 1;
let wInc: f64 = Infinity;
/** wida: the first threshold is at least wFirst; the run stops (exhausted) before an iteration above wLast. */
let wFirst: f64 = 0;
let wLast: f64 = Infinity;
// Subtree mode (parallel IDA*, docs/contracts/search.md "Parallel IDA*"): the start board is a node at
// depth rootDepth reached by move rootMove; one iteration at a fixed threshold searches below it and
// ends back at that node (status exhausted, nextBound the least f over the threshold). Frames below
// rootDepth are never read: g stays the absolute depth, so f is computed as in the whole search.
let subtree: bool = false;
let rootDepth: i32 = 0;
let rootMove: i32 = ROOT;
let rootBound: f64 = 0;

/** Makes the next idaInit search one subtree (plain IDA* only): its root's depth, incoming move (-1: none), threshold. */
export function idaSubtree(on: bool, depth: i32, incoming: i32, threshold: f64): void {
  subtree = on; rootDepth = on ? depth : 0; rootMove = on && incoming >= 0 ? incoming : ROOT; rootBound = threshold;
}

/** The least f over the threshold seen so far (Infinity: none); in subtree mode, the subtree's answer. */
export function idaNextBound(): f64 {
  return nextBound;
}

/**
 * Makes the next idaInit weighted (true) or plain IDA*. first / last (f units): thresholds start at
 * least at first (a proven lower bound lets a later run skip the iterations below it); the run ends
 * exhausted, its threshold then the next one, instead of starting an iteration above last.
 */
export function idaWeighting(on: bool, num: f64, den: f64, incumbent: f64, first: f64, last: f64): void {
  weighted = on; wNum = num; wDen = den; wInc = incumbent; wFirst = first; wLast = last;
}

/** The threshold of the iteration in progress (or of the last one), in f units (den·g + num·h when weighted). */
export function idaThreshold(): f64 {
  return bound;
}

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

function ensureStack(need: i32): void {
  if (need <= cap) return;
  let n = cap < 64 ? 64 : cap;
  while (n < need) n <<= 1;
  stFrame = grow(stFrame, <usize>cap << 4, <usize>n << 4);
  stLine = grow(stLine, <usize>cap << 2, <usize>n << 2);
  stOld = grow(stOld, <usize>cap << 2, <usize>n << 2);
  if (mode == MODE_PDB) stPdb = grow(stPdb, <usize>cap << 4, <usize>n << 4);
  cap = n;
}

/** Depth bound for the stack: h ≥ 0, so an entered node has g ≤ f ≤ bound. */
@inline function stackFor(b: f64): i32 {
  return b < 1e9 ? <i32>Math.floor(b) + 2 : 1_000_000_000;
}

/** The moves to try with the blank on cell c after incoming move p (ROOT: none): 3-bit fields move + code0 from the low bits, 0 ends. */
function movesFrom(c: i32, p: i32, code0: i32): i32 {
  let list = 0, shift = 0;
  for (let d = 0; d < 4; d++) {
    if (p != ROOT && d == (p ^ 1)) continue; // parent pruning
    if (i32At(nbr, (c << 2) + d) < 0) continue;
    list |= (d + code0) << shift;
    shift += 3;
  }
  return list;
}

function buildMoveLists(): void {
  moveList = alloc(<usize>C << 5); // 8 slots per cell (5 used): a shift, not a multiply
  for (let c = 0; c < C; c++) {
    for (let p = 0; p <= ROOT; p++) store<i32>(moveList + (<usize>((c << 3) + p) << 2), movesFrom(c, p, 1));
  }
}

export function idaInit(): i32 {
  board = alloc(<usize>C << 1);
  memory.copy(board, startBoard, <usize>C << 1);
  pos = alloc(<usize>N << 2);
  positions(board, pos);
  buildMoveLists();
  mode = hKind == H_EUCLIDEAN ? MODE_EUCLID : hKind == H_LINEAR ? MODE_LINEAR : hKind == H_PDB ? MODE_PDB : MODE_DELTA;
  // Not in the shared-memory build: smallLoop's tables sit at fixed addresses (its loads take them
  // as constant offsets), which instances on one memory would share; that build searches with
  // pattern databases, where loop<T> runs anyway.
  small = !SHARED && mode == MODE_DELTA && !weighted && C <= SMALL_CELLS;
  if (small) buildSmall();
  if (mode == MODE_LINEAR) {
    conf = alloc(<usize>(H + W) << 2);
    for (let l = 0; l < H + W; l++) store<i32>(conf + (<usize>l << 2), lineConflict(board, l));
  }
  cap = 0; stFrame = 0; stLine = 0; stOld = 0; stPdb = 0;
  depth = rootDepth; blank = startBlank; remCur = 0;
  hCur = fullH(board, pos);
  if (!weighted) { wNum = 1; wDen = 1; wInc = Infinity; wFirst = 0; wLast = Infinity; }
  bound = Math.max(wNum * hCur, wFirst); nextBound = Infinity;
  iterationsN = 1;
  if (subtree) {
    // visit(root) of one iteration: the bound check, then the goal test below.
    bound = rootBound;
    maxFrontierN = <i64>rootDepth; // the root is visited at its depth (as the whole search visits it)
    const f = <f64>rootDepth + hCur;
    if (f > bound) { nextBound = f; return ST_EXHAUSTED; }
  }
  ensureStack(stackFor(bound / wDen));
  // wida: the root itself may be pruned by the incumbent (the incumbent is then optimal).
  if (hCur >= wInc) { bound = Infinity; return ST_EXHAUSTED; } // exhausted: no threshold is left
  // visit(start): f = h = bound, so the root passes the bound check; goal test.
  if (hCur == 0) { reservePath(0); return ST_FOUND; }
  pending = true; pendingMove = rootMove;
  return ST_RUNNING;
}

export function idaStep(budget: i64): i32 {
  // Integer heuristics run on i32 h, f and bounds; Euclidean on f64.
  // One function per mode, not all inlined into one: the engine allocates registers per function.
  // wida (weighted): the f64 copies, where den·g + num·h stays an exact integer for an integer h.
  if (small) return stepSmall(budget);
  if (mode == MODE_DELTA) return weighted ? stepDeltaW(budget) : stepDelta(budget);
  if (mode == MODE_LINEAR) return weighted ? stepLinearW(budget) : stepLinear(budget);
  if (mode == MODE_PDB) return weighted ? stepPdbW(budget) : stepPdb(budget);
  return weighted ? stepEuclidW(budget) : stepEuclid(budget);
}
function stepDelta(budget: i64): i32 { return loop<i32>(MODE_DELTA, false, budget); }
function stepLinear(budget: i64): i32 { return loop<i32>(MODE_LINEAR, false, budget); }
function stepPdb(budget: i64): i32 { return loop<i32>(MODE_PDB, false, budget); }
function stepEuclid(budget: i64): i32 { return loop<f64>(MODE_EUCLID, false, budget); }

function stepDeltaW(budget: i64): i32 { return loop<f64>(MODE_DELTA, true, budget); }
function stepLinearW(budget: i64): i32 { return loop<f64>(MODE_LINEAR, true, budget); }
function stepPdbW(budget: i64): i32 { return loop<f64>(MODE_PDB, true, budget); }
function stepEuclidW(budget: i64): i32 { return loop<f64>(MODE_EUCLID, true, budget); }

/** f of a node: g + h, or den·g + num·h when weighted (gq = den, hp = num); `wt` is constant per copy. */
@inline function fOf<T>(wt: bool, g: T, h: T, gq: T, hp: T): T {
  return wt ? g * gq + hp * h : g + h;
}

@inline function frameBlank(d: i32): i32 {
  return load<i32>(stFrame + (<usize>d << 4), 8);
}

/** The path: the move between each pair of consecutive blank cells on the stack. */
function writePath(d: i32, last: i32): void {
  const out = reservePath(d - rootDepth);
  for (let i = rootDepth; i < d; i++) {
    const from = frameBlank(i);
    const to = i + 1 < d ? frameBlank(i + 1) : last;
    let m = 3; // right
    if (to == from - W) m = 0;
    else if (to == from + W) m = 1;
    else if (to == from - 1 && i32At(rowOf, to) == i32At(rowOf, from)) m = 2;
    store<u8>(out + <usize>(i - rootDepth), <u8>m);
  }
}

@inline function loop<T>(m: i32, wt: bool, budget: i64): i32 {
  // Hot state in locals; written back on every exit.
  let d = depth, a = blank, rem = remCur;
  let h: T = <T>hCur, b0: T = <T>bound;
  let next: T;
  let inf: T;
  if (isFloat<T>()) inf = <T>Infinity;
  else inf = <T>i32.MAX_VALUE; // h and f of integer heuristics stay far below
  next = nextBound == Infinity ? inf : <T>nextBound;
  let expanded = expandedN, generated = generatedN;
  let maxDepth = <i32>maxFrontierN; // depths stay far below 2^31
  const maxNodes = maxNodesN;
  // One compare per expansion: stop once expanded reaches the node limit or this call's budget.
  const stop = budget < maxNodes - expanded ? expanded + budget : maxNodes;
  const bd = board, nb = nbr, dl = delta, ps = pos, cf = conf, ml = moveList, ds = deltaShift, vw = pdbViews();
  // wt: f = den·g + num·h, and the incumbent prunes on g + h (g = depth).
  const gq: T = wt ? <T>wDen : <T>1, hp: T = wt ? <T>wNum : <T>1, inc: T = wt ? <T>wInc : inf;
  let status = ST_RUNNING;

  // A node entered in an earlier call (or at the start of an iteration) waits for its expansion.
  if (pending) {
    if (expanded >= stop) return expanded >= maxNodes ? ST_LIMIT : ST_RUNNING;
    expanded++;
    rem = i32At(ml, (a << 3) + pendingMove);
    if (rem != 0 && d + 1 > maxDepth) maxDepth = d + 1;
    pending = false;
  }

  while (true) {
    if (rem != 0) {
      const cd = (rem & 7) - 1;
      rem >>= 3;
      const b = i32At(nb, (a << 2) + cd);
      generated++;
      const t = tileAt(bd, b);
      let nh: T;
      let line = -1, oldC = 0, newC = 0, best = 0;
      if (m == MODE_EUCLID) {
        store<i32>(ps + (<usize>t << 2), a);
        store<i32>(ps, b);
        nh = <T>euclidean(ps);
      } else {
        nh = h + <T>load<i8>(dl + (<usize>((t << ds) + b) << 2) + cd);
        if (m == MODE_LINEAR) {
          line = touchedLine(t, a, b, cd);
          if (line >= 0) {
            setTile(bd, a, t); setTile(bd, b, 0);
            oldC = i32At(cf, line);
            newC = lineConflict(bd, line);
            setTile(bd, b, t); setTile(bd, a, 0);
            nh += <T>(2 * (newC - oldC));
          }
        }
        if (m == MODE_PDB) {
          best = pdbTry(vw, t, a);
          nh += <T>(2 * (best - pdbCur));
          // The reflected lookup can only raise f: skip it when f is already cut and cannot lower
          // the next bound (a cut child is never entered, so its ranks are not needed).
          if (pdbReflected()) {
            const f0 = fOf<T>(wt, <T>(d + 1), nh, gq, hp);
            if (f0 <= b0 || f0 < next) {
              const both = pdbTryReflected(vw, t, a, best);
              nh += <T>(2 * (both - best));
              best = both;
            }
          }
        }
      }
      let f = fOf<T>(wt, <T>(d + 1), nh, gq, hp); // g = depth: unit costs
      if (wt && <T>(d + 1) + nh >= inc) f = inf; // cannot improve on the incumbent: cut, next bound unchanged
      if (f > b0) {
        if (f < next) next = f;
        if (m == MODE_EUCLID) { store<i32>(ps + (<usize>t << 2), b); store<i32>(ps, a); }
        if (m == MODE_PDB) pdbUndo(vw, t, b);
        continue;
      }
      // descend into the child
      const fr = stFrame + (<usize>d << 4);
      store<T>(fr, h);
      store<i32>(fr, a, 8);
      store<i32>(fr, rem, 12);
      if (m == MODE_LINEAR) {
        store<i32>(stLine + (<usize>d << 2), line);
        if (line >= 0) { store<i32>(stOld + (<usize>d << 2), oldC); store<i32>(cf + (<usize>line << 2), newC); }
      }
      if (m == MODE_PDB) pdbCommit(vw, t, best, stPdb + (<usize>d << 4));
      setTile(bd, a, t); setTile(bd, b, 0);
      d++; a = b; h = nh;
      if (h == 0) { status = ST_FOUND; break; } // h is 0 exactly on the goal, for every heuristic
      if (expanded >= stop) {
        pending = true; pendingMove = cd;
        if (expanded >= maxNodes) status = ST_LIMIT;
        break;
      }
      expanded++;
      rem = i32At(ml, (a << 3) + cd);
      if (rem != 0 && d + 1 > maxDepth) maxDepth = d + 1;
    } else if (d > rootDepth) {
      // return to the parent: undo the move
      d--;
      const fr = stFrame + (<usize>d << 4);
      const pa = load<i32>(fr, 8);
      const t = tileAt(bd, pa);
      setTile(bd, a, t); setTile(bd, pa, 0);
      if (m == MODE_EUCLID) { store<i32>(ps + (<usize>t << 2), a); store<i32>(ps, pa); }
      if (m == MODE_LINEAR) {
        const line = i32At(stLine, d);
        if (line >= 0) store<i32>(cf + (<usize>line << 2), i32At(stOld, d));
      }
      if (m == MODE_PDB) pdbRestore(vw, t, a, stPdb + (<usize>d << 4));
      a = pa;
      h = load<T>(fr);
      rem = load<i32>(fr, 12);
    } else {
      // the iteration is over (the board is back at the start)
      if (subtree) { status = ST_EXHAUSTED; break; } // the subtree's one iteration: next is its answer
      if (next == inf) { status = ST_EXHAUSTED; b0 = inf; break; } // bound: Infinity below
      b0 = next; next = inf;
      // wida: up to num × the next integer lower bound ⌈next / num⌉ (still ≤ num·C*; contract "wida")
      if (wt) { const r = <T>Math.ceil(<f64>b0 / <f64>hp - 1e-9) * hp; if (r > b0) b0 = r; }
      if (wt && <f64>b0 > wLast) { status = ST_EXHAUSTED; break; } // stopped before this iteration: bound = its threshold
      iterationsN++;
      expandedN = expanded; generatedN = generated; maxFrontierN = <i64>maxDepth;
      ensureStack(stackFor(wt ? <f64>b0 / wDen : <f64>b0)); // may trap on memory: counters are already written back
      // visit(start) again: f = h(start) <= bound, not the goal
      if (expanded >= stop) {
        pending = true; pendingMove = ROOT;
        if (expanded >= maxNodes) status = ST_LIMIT;
        break;
      }
      expanded++;
      rem = i32At(ml, (a << 3) + ROOT);
      if (rem != 0 && 1 > maxDepth) maxDepth = 1;
    }
  }

  depth = d; blank = a; hCur = <f64>h; remCur = rem;
  bound = b0 == inf ? Infinity : <f64>b0; nextBound = next == inf ? Infinity : <f64>next;
  expandedN = expanded; generatedN = generated; maxFrontierN = <i64>maxDepth;
  if (status == ST_FOUND) writePath(d, a);
  return status;
}

// ---- Plain IDA* with the delta table (Manhattan, misplaced) on boards of at most 32 cells ----
// loop<i32>(MODE_DELTA, false) again, specialised because V8 spills most of loop<T>'s state to the
// stack on this, the most used path (too many live values for its register allocator): measured 1.5×
// slower on the 15-puzzle. Here the hot state fits in registers: the board and the tables sit at
// constant addresses, the blank is kept as its byte offset s = 4·cell (a board index and, with a
// move in its low bits, a table index), the bound test is against lim = bound − depth − 1, and the
// node limit, the step budget, expanded and generated are one i64 (K below).
// Same nodes, same order, same counters and the same stepping as loop<i32>(MODE_DELTA, false). The
// state between calls is loop<T>'s, except that frames hold s, not the cell, and moves left in this
// section's list format (a run uses one of the two loops throughout).

const SMALL_CELLS: i32 = 32;
/** i32[cell]: the board during a smallLoop call (copied from and back to `board`). */
const S_BOARD: usize = memory.data(SMALL_CELLS << 2, 16);
/** u8[s | move]: the offset s of the cell the blank reaches. */
const S_NBR: usize = memory.data(SMALL_CELLS << 2, 16);
/** i8[tile << 7 | s | move]: the change of h when the blank on s moves by move. */
const S_DELTA: usize = memory.data(SMALL_CELLS << 7, 16);
/** i32[s | incoming move], and S_ROOT i32[cell] at the root: the moves to try, 3-bit fields 4|move from the low bits, 0 ends. */
const S_LIST: usize = memory.data(SMALL_CELLS << 4, 16);
const S_ROOT: usize = memory.data(SMALL_CELLS << 2, 16);
/** The marks (the 4) of a list's fields: popcnt(list & S_MARKS) is its length. */
const S_MARKS: i32 = 0b100_100_100_100;
/** The frame address past the deepest expansion so far (maxFrontier is its depth); in memory, not a register. */
const S_DEEP: usize = memory.data(4, 4);
/** K's unit of expansions: generated counts below it. */
const S_EXP: i64 = 1 << 32;
/** At most this many expansions per smallLoop call, so that generated (≤ 4 per expansion) stays below 2^32 in K. */
const S_CHUNK: i64 = 1 << 28;
let small = false;

function buildSmall(): void {
  for (let a = 0; a < C; a++) {
    for (let p = 0; p < ROOT; p++) store<i32>(S_LIST + (<usize>((a << 2) | p) << 2), movesFrom(a, p, 4));
    store<i32>(S_ROOT + (<usize>a << 2), movesFrom(a, ROOT, 4));
    for (let d = 0; d < 4; d++) {
      const b = i32At(nbr, (a << 2) + d);
      store<u8>(S_NBR + <usize>((a << 2) | d), <u8>(b < 0 ? 0 : b << 2));
      for (let t = 0; t < N; t++) {
        const dh = b < 0 ? 0 : load<i8>(delta + (<usize>((t << deltaShift) + b) << 2) + d);
        store<i8>(S_DELTA + <usize>((t << 7) | (a << 2) | d), dh);
      }
    }
  }
}

/** The frame of the search's root: the start's, or a subtree root's (frames below it are never written). */
@inline function rootFrame(): usize {
  return stFrame + (<usize>rootDepth << 4);
}

/** Children not generated yet: the moves left in the lists of the frames below fp. */
function smallUnborn(fp: usize): i64 {
  let n = 0;
  for (let f = rootFrame(); f < fp; f += 16) n += popcnt(load<i32>(f, 12) & S_MARKS);
  return <i64>n;
}

/** Expands the node at frame fp whose moves are `list`: K's increment (one expansion, its children counted). */
@inline function smallExpand(fp: usize, list: i32): i64 {
  if (list != 0 && fp >= load<usize>(S_DEEP)) store<usize>(S_DEEP, fp + 16);
  return S_EXP + <i64><u32>popcnt(list & S_MARKS);
}

function stepSmall(budget: i64): i32 {
  while (true) {
    const chunk = budget < S_CHUNK ? budget : S_CHUNK;
    const st = smallLoop(chunk);
    budget -= chunk;
    if (st != ST_RUNNING || budget <= 0) return st;
  }
}

function smallLoop(budget: i64): i32 {
  for (let c = 0; c < C; c++) store<i32>(S_BOARD + (<usize>c << 2), tileAt(board, c));
  let s = blank << 2, rem = remCur, h = <i32>hCur, b0 = <i32>bound;
  let fp = stFrame + (<usize>depth << 4); // frame d: h at +0, s at +8, the moves left at +12
  let root = rootFrame(); // recomputed when ensureStack moves the frames
  let lim = b0 - depth - 1; // a child is entered iff its h <= lim
  let ex = nextBound == Infinity ? i32.MAX_VALUE : <i32>nextBound - b0; // the next bound − bound
  store<usize>(S_DEEP, stFrame + (<usize>maxFrontierN << 4));
  const e0 = expandedN;
  let left = maxNodesN - e0;
  if (budget < left) left = budget;
  if (left < 0) left = 0;
  // K = (expansions − left) << 32 + children counted, so K >= 0 exactly when the next expansion has
  // to wait. A node's children are counted when it is expanded; those not generated yet (the moves
  // left on the stack) are taken off on exit.
  const g0 = generatedN + smallUnborn(fp) + (pending ? 0 : <i64><u32>popcnt(rem & S_MARKS));
  let K: i64 = -left << 32;
  let status = ST_RUNNING;

  if (pending && K < 0) {
    rem = pendingMove == ROOT ? load<i32>(<usize>s, S_ROOT) : load<i32>(<usize>(s | pendingMove) << 2, S_LIST);
    K += smallExpand(fp, rem);
    pending = false;
  }

  if (!pending) while (true) {
    if (rem != 0) {
      const i = s | (rem & 3);
      rem >>= 3;
      const sb = <i32>load<u8>(<usize>i, S_NBR);
      const t = load<i32>(<usize>sb, S_BOARD);
      const nh = h + <i32>load<i8>(<usize>((t << 7) | i), S_DELTA);
      if (nh > lim) {
        if (nh - lim < ex) ex = nh - lim;
        continue;
      }
      // descend into the child
      store<i32>(fp, h);
      store<i32>(fp, s, 8);
      store<i32>(fp, rem, 12);
      fp += 16;
      store<i32>(<usize>s, t, S_BOARD); store<i32>(<usize>sb, 0, S_BOARD);
      s = sb; h = nh; lim--;
      if (h == 0) { status = ST_FOUND; break; }
      if (K >= 0) { pending = true; pendingMove = i & 3; break; }
      rem = load<i32>(<usize>(sb | (i & 3)) << 2, S_LIST);
      K += smallExpand(fp, rem);
    } else if (fp != root) {
      // return to the parent: undo the move
      fp -= 16;
      const ps = load<i32>(fp, 8);
      store<i32>(<usize>s, load<i32>(<usize>ps, S_BOARD), S_BOARD); store<i32>(<usize>ps, 0, S_BOARD);
      s = ps; h = load<i32>(fp); rem = load<i32>(fp, 12); lim++;
    } else {
      // the iteration is over (the board is back at the start)
      if (subtree || ex == i32.MAX_VALUE) { status = ST_EXHAUSTED; break; }
      b0 += ex; ex = i32.MAX_VALUE; lim = b0 - 1;
      iterationsN++;
      expandedN = e0 + left + (K >> 32); generatedN = g0 + (K & 0xffff_ffff);
      maxFrontierN = <i64>((load<usize>(S_DEEP) - stFrame) >> 4);
      ensureStack(stackFor(<f64>b0)); // may trap on memory: counters are already written back
      fp = stFrame; root = rootFrame(); store<usize>(S_DEEP, stFrame + (<usize>maxFrontierN << 4));
      // visit(start) again: f = h(start) <= bound, not the goal
      if (K >= 0) { pending = true; pendingMove = ROOT; break; }
      rem = load<i32>(<usize>s, S_ROOT);
      K += smallExpand(fp, rem);
    }
  }

  const d = <i32>((fp - stFrame) >> 4);
  depth = d; blank = s >> 2; hCur = <f64>h; remCur = rem;
  bound = status == ST_EXHAUSTED && !subtree ? Infinity : <f64>b0;
  nextBound = ex == i32.MAX_VALUE ? Infinity : <f64>(b0 + ex);
  expandedN = e0 + left + (K >> 32);
  generatedN = g0 + (K & 0xffff_ffff) - smallUnborn(fp); // rem is 0 or also in a frame (pending, found)
  maxFrontierN = <i64>((load<usize>(S_DEEP) - stFrame) >> 4);
  if (pending && expandedN >= maxNodesN) status = ST_LIMIT;
  for (let c = 0; c < C; c++) setTile(board, c, load<i32>(S_BOARD + (<usize>c << 2)));
  if (status == ST_FOUND) {
    for (let f = root; f < fp; f += 16) store<i32>(f, load<i32>(f, 8) >> 2, 8); // writePath reads cells
    writePath(d, s >> 2);
  }
  return status;
}
