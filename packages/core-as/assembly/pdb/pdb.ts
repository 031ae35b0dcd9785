// Additive disjoint pattern databases for sliding-tile boards of up to 25 cells (8-, 15-, 24-puzzle),
// and their incremental lookup in IDA* (docs/contracts/pdb.md).
//
// Canonical frame: tile L's goal is cell L, the blank's goal is cell 0. A pattern is a set of labels;
// its table has one 4-bit entry per placement of its tiles (ranked as a partial permutation), the
// entry being (d - md) / 2 where d is the fewest pattern-tile moves to the goal placement (the blank
// anywhere, moves of the blank through non-pattern cells free) and md the pattern's Manhattan
// distance (d - md is even: every move changes both by one). Values above 15 are clamped (still a
// lower bound). A search on another goal maps its board into this frame (a symmetry of the square
// that sends the blank's goal to cell 0, labels = mapped goal cells); the reflected view composes it
// with the transpose.
//
// Tables live in pinned arena blocks, so they survive the searches' arenaReset.
import { allocZeroed, arenaPin, arenaReset, arenaUnpin } from '../common/arena';

export const MAX_PATTERNS: i32 = 6;
const MAXC: i32 = 25;
/** Placements of one pattern must be ranked in an i32. */
const MAX_PLACEMENTS: f64 = 2147483647;

let pw: i32 = 0;
let ph: i32 = 0;
let pc: i32 = 0;
let fullMask: u32 = 0;
let notCol0: u32 = 0;
let notColLast: u32 = 0;
export let patCount: i32 = 0;

const PAT_K = memory.data(MAX_PATTERNS * 4, 16); // i32 tiles per pattern
const PAT_TABLE = memory.data(MAX_PATTERNS * 4, 16); // u32 table address
const PAT_SIZE = memory.data(MAX_PATTERNS * 8, 16); // f64 placements
const PAT_LABELS = memory.data(MAX_PATTERNS * MAXC * 4, 16); // i32 labels, ascending
const PAT_OF = memory.data(MAXC * 4, 16); // i32 pattern of each label, -1 none
/** i32 per label: its slot; pattern p's labels have slots PAT_START[p] .. + k - 1 (positions stored by slot). */
const SLOT = memory.data(MAXC * 4, 16);
const PAT_START = memory.data(MAX_PATTERNS * 4, 16);
let slots: i32 = 0;
const NBR = memory.data(MAXC * 16, 16); // i32[cell*4 + dir], -1 off the board
const MD = memory.data(MAXC * MAXC * 4, 16); // i32[cell*MAXC + label] Manhattan distance
/** u32[cell*4 + dir]: for vertical moves, the cells strictly between the cell and its neighbour. */
const BETWEEN = memory.data(MAXC * 16, 16);
/** u32 per cell: its neighbours. */
const NMASK = memory.data(MAXC * 4, 16);

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

export function patK(p: i32): i32 { return i32At(PAT_K, p); }
export function patTable(p: i32): usize { return <usize>load<u32>(PAT_TABLE + (<usize>p << 2)); }
export function patSize(p: i32): f64 { return load<f64>(PAT_SIZE + (<usize>p << 3)); }
export function patBytes(p: i32): f64 { return Math.ceil(patSize(p) / 2); }

/** C!/(C-k)!: placements of k distinct tiles on C cells. */
function placements(c: i32, k: i32): f64 {
  let n = 1.0;
  for (let i = 0; i < k; i++) n *= <f64>(c - i);
  return n;
}

/** Starts a set of patterns on a w×h board (4..25 cells), dropping the tables held so far. */
export function setupGeometry(w: i32, h: i32): bool {
  if (w < 2 || h < 2 || w * h > MAXC) return false;
  arenaUnpin();
  arenaReset();
  pw = w; ph = h; pc = w * h; patCount = 0; slots = 0;
  fullMask = (<u32>1 << pc) - 1;
  notCol0 = 0; notColLast = 0;
  for (let c = 0; c < pc; c++) {
    const r = c / w, q = c % w;
    if (q != 0) notCol0 |= <u32>1 << c;
    if (q != w - 1) notColLast |= <u32>1 << c;
    setI32(PAT_OF, c, -1);
    setI32(NBR, (c << 2) + 0, r > 0 ? c - w : -1);
    setI32(NBR, (c << 2) + 1, r < h - 1 ? c + w : -1);
    setI32(NBR, (c << 2) + 2, q > 0 ? c - 1 : -1);
    setI32(NBR, (c << 2) + 3, q < w - 1 ? c + 1 : -1);
    store<u32>(BETWEEN + (<usize>(c << 2) << 2), r > 0 ? ((<u32>1 << c) - 1) & ~((<u32>2 << (c - w)) - 1) : 0);
    store<u32>(BETWEEN + (<usize>((c << 2) + 1) << 2), r < h - 1 ? ((<u32>1 << (c + w)) - 1) & ~((<u32>2 << c) - 1) : 0);
    store<u32>(BETWEEN + (<usize>((c << 2) + 2) << 2), 0);
    store<u32>(BETWEEN + (<usize>((c << 2) + 3) << 2), 0);
    store<u32>(NMASK + (<usize>c << 2), (r > 0 ? <u32>1 << (c - w) : 0) | (r < h - 1 ? <u32>1 << (c + w) : 0) |
      (q > 0 ? <u32>1 << (c - 1) : 0) | (q < w - 1 ? <u32>1 << (c + 1) : 0));
    for (let l = 0; l < pc; l++) {
      const dr = r - l / w, dq = q - l % w;
      setI32(MD, c * MAXC + l, (dr < 0 ? -dr : dr) + (dq < 0 ? -dq : dq));
    }
  }
  return true;
}

/** Adds a pattern (bit L = label L, 1 ≤ L < C, disjoint from the others) with a zeroed table; its index or -1. */
export function addPattern(mask: u32): i32 {
  if (pc == 0 || patCount == MAX_PATTERNS || mask == 0 || (mask & 1) != 0 || (mask & ~fullMask) != 0) return -1;
  for (let l = 1; l < pc; l++) if (((mask >> l) & 1) != 0 && i32At(PAT_OF, l) >= 0) return -1;
  const size = placements(pc, <i32>popcnt(mask));
  if (size > MAX_PLACEMENTS) return -1;
  const p = patCount;
  let k = 0;
  setI32(PAT_START, p, slots);
  for (let l = 1; l < pc; l++) {
    if (((mask >> l) & 1) == 0) continue;
    setI32(PAT_LABELS, p * MAXC + k++, l);
    setI32(PAT_OF, l, p);
    setI32(SLOT, l, slots++);
  }
  setI32(PAT_K, p, k);
  store<f64>(PAT_SIZE + (<usize>p << 3), size);
  arenaReset(); // drop build temporaries: tables stay contiguous
  store<u32>(PAT_TABLE + (<usize>p << 2), <u32>allocZeroed(<usize>Math.ceil(size / 2)));
  arenaPin();
  patCount++;
  return p;
}

/** Rank of a placement of k tiles whose cells are pos[0..k) (i32, in label order): a partial permutation. */
@inline function rankOf(k: i32, pos: usize): i32 {
  let used: u32 = 0, r = 0;
  const c = pc;
  for (let i = 0; i < k; i++) {
    const q = load<i32>(pos + (<usize>i << 2));
    r = r * (c - i) + q - <i32>popcnt(used & ((<u32>1 << q) - 1));
    used |= <u32>1 << q;
  }
  return r;
}

@inline function entry(p: i32, r: i32): i32 {
  const b = <i32>load<u8>(patTable(p) + <usize>(r >>> 1));
  return (b >> ((r & 1) << 2)) & 15;
}

// ---- the builder: breadth-first over (placement, blank region), layer by layer ----------------
//
// Per placement a mask of the cells of the blank regions reached so far (u16 up to 16 cells, else
// u32) and one bit in each of two frontier bitsets (layer d in bF[d & 1]). A child's rank is the
// parent's plus a delta (the rank weights of the moved tile and of the tiles it jumps over), not
// ranked again from its cells.

/** Threads that may build one table together (pdb/threads.ts); each has its own scratch below. */
export const MAX_THREADS: i32 = 16;
const SCRATCH_BYTES: i32 = (4 * MAXC + 1) * 4;
const SCRATCH = memory.data(MAX_THREADS * SCRATCH_BYTES, 16);
// This thread's scratch: the placement being expanded (cells by slot, digits, slot by cell, and
// USED[i]: the cells of slots 0 .. i-1), set by useScratch.
let BPOS: usize = SCRATCH;
let DIG: usize = SCRATCH + MAXC * 4;
let CSLOT: usize = SCRATCH + 2 * MAXC * 4;
let USED: usize = SCRATCH + 3 * MAXC * 4;

function useScratch(t: i32): void {
  BPOS = SCRATCH + <usize>(t * SCRATCH_BYTES);
  DIG = BPOS + MAXC * 4;
  CSLOT = BPOS + 2 * MAXC * 4;
  USED = BPOS + 3 * MAXC * 4;
  uRank = -1;
}
const WGT = memory.data(MAXC * 4, 16); // i32 per slot: its rank weight (C-i-1)(C-i-2)…(C-k+1)
const INV = memory.data((MAXC + 1) * 8, 16); // f64 1/n for n = 1..MAXC
let bP: i32 = -1;
let bVis: usize = 0;
let bF0: usize = 0;
let bF1: usize = 0;
let bWords: i32 = 0;
let bWord: i32 = 0;
let bNew: f64 = 0;
export let bDepth: i32 = 0;
export let bReached: f64 = 0;

/** The rank whose digits, cells, CSLOT and USED are current (-1: none). */
let uRank: i32 = -1;

/** The (digit)-th free cell of `used`, from the cell `digit` up. */
@inline function freeCell(used: u32, digit: i32): i32 {
  // skip the used cells below the candidate until none is left
  let q = digit;
  let below = <i32>popcnt(used & ((<u32>2 << q) - 1));
  while (below > 0) {
    const from = q + 1;
    q += below;
    below = <i32>popcnt(used & ((<u32>2 << q) - 1) & ~((<u32>1 << from) - 1));
  }
  return q;
}

/** Cells of slots j .. k-1 from their digits and USED[j]; returns the occupied cells. */
function placeFrom(k: i32, j: i32, pos: usize): u32 {
  let used = load<u32>(USED + (<usize>j << 2));
  for (let i = j; i < k; i++) {
    const q = freeCell(used, i32At(DIG, i));
    setI32(pos, i, q);
    setI32(CSLOT, q, i);
    used |= <u32>1 << q;
    store<u32>(USED + (<usize>(i + 1) << 2), used);
  }
  return used;
}

/**
 * Fills pos[0..k) and CSLOT from a rank; returns the occupied cells. The frontier is scanned by
 * rising rank, so the next rank is usually the last one plus a little: its digits are the last ones
 * plus the difference (carried up the mixed radix), and only the slots whose digits changed get new
 * cells. Otherwise all digits, by reciprocal multiplication: (r + 1/2) / radix is never within 1/50
 * of an integer from below, far above the f64 rounding error for r < 2^31.
 */
function unrank(k: i32, r: i32, pos: usize): u32 {
  const rank = r;
  let j = 0;
  if (uRank >= 0 && r >= uRank) {
    j = k - 1;
    let carry = r - uRank;
    while (true) {
      const radix = pc - j;
      const v = i32At(DIG, j) + carry;
      const q = v / radix;
      setI32(DIG, j, v - q * radix);
      if (q == 0 || j == 0) break;
      carry = q;
      j--;
    }
  } else {
    for (let i = k - 1; i >= 0; i--) {
      const radix = pc - i;
      const q = <i32>((<f64>r + 0.5) * load<f64>(INV + (<usize>radix << 3)));
      setI32(DIG, i, r - q * radix);
      r = q;
    }
    store<u32>(USED, 0);
  }
  uRank = rank;
  return placeFrom(k, j, pos);
}

/** The cells the blank reaches from `seed` through `free` cells (bit-parallel flood fill). */
@inline function flood(seed: u32, free: u32): u32 {
  let m = seed;
  while (true) {
    const n = (m | ((m << 1) & notCol0) | ((m >> 1) & notColLast) | (m << pw) | (m >> pw)) & free;
    if (n == m) return m;
    m = n;
  }
}

@inline function wide(): bool {
  return pc > 16;
}

export function buildBegin(p: i32): bool {
  if (p < 0 || p >= patCount) return false;
  arenaReset(); // temporaries above the pinned tables; freed when the build ends
  const size = <i32>patSize(p);
  bVis = allocZeroed(<usize>size << (wide() ? 2 : 1));
  bWords = (size + 63) >> 6;
  bF0 = allocZeroed(<usize>bWords << 3);
  bF1 = allocZeroed(<usize>bWords << 3);
  const k = i32At(PAT_K, p), lab = PAT_LABELS + (<usize>(p * MAXC) << 2);
  for (let n = 1; n <= MAXC; n++) store<f64>(INV + (<usize>n << 3), 1.0 / <f64>n);
  let occ: u32 = 0, wgt = 1;
  for (let i = k - 1; i >= 0; i--) {
    setI32(WGT, i, wgt);
    wgt *= pc - i;
  }
  for (let i = 0; i < k; i++) {
    const l = i32At(lab, i);
    setI32(BPOS, i, l);
    occ |= <u32>1 << l;
  }
  bP = p;
  useScratch(0);
  const g = rankOf(k, BPOS);
  const all = fullMask & ~occ; // the goal placement, every blank region
  if (wide()) store<u32>(bVis + (<usize>g << 2), all);
  else store<u16>(bVis + (<usize>g << 1), <u16>all);
  store<u64>(bF0 + (<usize>(g >>> 6) << 3), <u64>1 << <u64>(g & 63));
  bDepth = 0; bWord = 0; bNew = 0; bReached = 1;
  publishBuild();
  for (let t = 0; t < MAX_THREADS; t++) store<f64>(SHARED + 8 + (<usize>t << 3), t == 0 ? 1 : 0);
  return true;
}

function expand<V>(r: i32, nxt: usize): void {
  const p = bP, pos = BPOS, table = patTable(p);
  const k = i32At(PAT_K, p), lab = PAT_LABELS + (<usize>(p * MAXC) << 2);
  const occ = unrank(k, r, pos);
  const vm = <u32>load<V>(bVis + (<usize>r << alignof<V>())); // the blank's cells reached (never a tile's)
  let md = -1; // the pattern's Manhattan distance, once a child is new
  const d1 = bDepth + 1;
  for (let i = 0; i < k; i++) {
    const from = i32At(pos, i);
    let cand = load<u32>(NMASK + (<usize>from << 2)) & vm; // where the blank can be next to the tile
    while (cand != 0) {
      const to = <i32>ctz(cand);
      cand &= cand - 1;
      let r2 = r;
      const step = to - from;
      if (step == 1 || step == -1) {
        r2 += step * i32At(WGT, i); // no tile between: only this tile's digit moves by one
      } else {
        // the tiles strictly between `from` and `to`: earlier slots shift this tile's digit,
        // later slots have their digits shifted by one
        const up = step < 0;
        let bm = occ & load<u32>(BETWEEN + (<usize>((from << 2) + (up ? 0 : 1)) << 2));
        let di = step, later = 0;
        while (bm != 0) {
          const j = i32At(CSLOT, <i32>ctz(bm));
          if (j < i) di += up ? 1 : -1;
          else later += i32At(WGT, j);
          bm &= bm - 1;
        }
        r2 += di * i32At(WGT, i) + (up ? -later : later);
      }
      const va = bVis + (<usize>r2 << alignof<V>());
      let v2 = <u32>load<V>(va);
      if (((v2 >> from) & 1) != 0) continue; // this (placement, blank region) was reached already
      const region = flood(<u32>1 << from, fullMask & ~(occ ^ (<u32>1 << from) ^ (<u32>1 << to)));
      const wa = nxt + (<usize>(r2 >>> 6) << 3), bit = <u64>1 << <u64>(r2 & 63);
      if (ASC_FEATURE_THREADS) {
        // another thread may reach the same child: the one whose OR finds the region unset goes on
        v2 = <u32>atomic.or<V>(va, <V>region);
        if (((v2 >> from) & 1) != 0) continue;
        atomic.or<u64>(wa, bit);
      } else {
        store<V>(va, <V>(v2 | region));
        store<u64>(wa, load<u64>(wa) | bit);
      }
      bNew++;
      if (v2 == 0) {
        if (md < 0) {
          md = 0;
          for (let j = 0; j < k; j++) md += i32At(MD, i32At(pos, j) * MAXC + i32At(lab, j));
        }
        const l = i32At(lab, i);
        let v = (d1 - (md + i32At(MD, to * MAXC + l) - i32At(MD, from * MAXC + l))) >> 1;
        if (v > 15) v = 15;
        const ta = table + <usize>(r2 >>> 1), nibble = <u8>(v << ((r2 & 1) << 2));
        if (ASC_FEATURE_THREADS) atomic.or<u8>(ta, nibble); // the byte's other entry may be another thread's
        else store<u8>(ta, load<u8>(ta) | nibble);
        bReached++;
      }
    }
  }
}

/** Expands the placements of one word of the frontier `cur` (and clears it); how many. */
@inline function expandWord(cur: usize, nxt: usize, word: i32, isWide: bool): i32 {
  const wa = cur + (<usize>word << 3);
  let w = load<u64>(wa);
  if (w == 0) return 0;
  store<u64>(wa, 0);
  const base = word << 6;
  const n = <i32>popcnt(w);
  while (w != 0) {
    if (isWide) expand<u32>(base + <i32>ctz(w), nxt);
    else expand<u16>(base + <i32>ctz(w), nxt);
    w &= w - 1;
  }
  return n;
}

/**
 * Expands the current layer's frontier for about `budget` units (a frontier word scanned, or an
 * expansion); 1 when the table is complete (temporaries freed), 0 to be continued.
 */
export function buildStep(budget: i64): i32 {
  if (bP < 0) return 1;
  let spent: i64 = 0;
  const isWide = wide();
  while (spent < budget) {
    const cur = (bDepth & 1) != 0 ? bF1 : bF0, nxt = (bDepth & 1) != 0 ? bF0 : bF1;
    if (bWord == bWords) {
      if (bNew == 0) { bP = -1; arenaReset(); return 1; }
      bDepth++; bWord = 0; bNew = 0;
      continue;
    }
    spent += 1 + 8 * expandWord(cur, nxt, bWord, isWide);
    bWord++;
  }
  return 0;
}

// ---- one table built by several threads on one shared memory (pdb/threads.ts) -----------------
//
// The primary instance sets up and begins the build; each thread joins it (the instances' globals
// are their own, the memory is not), then per layer every thread takes chunks of frontier words
// until none is left. Children are marked with atomic ORs: a layer writes only placements of the
// other parity (d - md is even), so no thread reads what another writes in the same layer, and the
// table is the same as on one thread.

const CHUNK_WORDS: i32 = 256;
/** i32 next chunk of the layer, i32 stop flag, then f64 placements reached per thread. */
const SHARED = memory.data(8 + MAX_THREADS * 8, 16);
/** The primary's build globals, for the threads that join it (entry 6: the pattern + 1, 0 for none). */
const BUILD = memory.data(16 * 4, 16);
let bThread: i32 = 0;

function publishBuild(): void {
  setI32(BUILD, 0, pw); setI32(BUILD, 1, ph); setI32(BUILD, 2, pc); setI32(BUILD, 3, <i32>fullMask);
  setI32(BUILD, 4, <i32>notCol0); setI32(BUILD, 5, <i32>notColLast); setI32(BUILD, 6, bP + 1);
  setI32(BUILD, 7, <i32>bVis); setI32(BUILD, 8, <i32>bF0); setI32(BUILD, 9, <i32>bF1); setI32(BUILD, 10, bWords);
  store<i32>(SHARED, 0);
  store<i32>(SHARED, 0, 4);
}

/** Instance t (0 ≤ t < MAX_THREADS, one each) joins the build the primary began; false if none or t is out of range. */
export function buildJoin(t: i32): bool {
  if (t < 0 || t >= MAX_THREADS || i32At(BUILD, 6) == 0) return false;
  pw = i32At(BUILD, 0); ph = i32At(BUILD, 1); pc = i32At(BUILD, 2); fullMask = <u32>i32At(BUILD, 3);
  notCol0 = <u32>i32At(BUILD, 4); notColLast = <u32>i32At(BUILD, 5); bP = i32At(BUILD, 6) - 1;
  bVis = <usize><u32>i32At(BUILD, 7); bF0 = <usize><u32>i32At(BUILD, 8); bF1 = <usize><u32>i32At(BUILD, 9);
  bWords = i32At(BUILD, 10);
  bThread = t;
  bReached = load<f64>(SHARED + 8 + (<usize>t << 3));
  useScratch(t);
  return true;
}

/** Before each layer (primary, all threads idle): deals the frontier from its first chunk again. */
export function buildLayerReset(): void {
  atomic.store<i32>(SHARED, 0);
}

/** Asks every thread to return from buildChunks after its current chunk. */
export function buildStop(): void {
  atomic.store<i32>(SHARED, 1, 4);
}

/** This thread's share of layer `depth` (from 0): new (placement, region) states found; -1 if stopped. */
export function buildChunks(depth: i32): f64 {
  bDepth = depth; bNew = 0;
  const cur = (depth & 1) != 0 ? bF1 : bF0, nxt = (depth & 1) != 0 ? bF0 : bF1;
  const isWide = wide();
  const reached = SHARED + 8 + (<usize>bThread << 3);
  while (true) {
    if (atomic.load<i32>(SHARED, 4) != 0) return -1;
    const w0 = atomic.add<i32>(SHARED, 1) * CHUNK_WORDS;
    if (w0 >= bWords) break;
    const w1 = min(w0 + CHUNK_WORDS, bWords);
    for (let w = w0; w < w1; w++) expandWord(cur, nxt, w, isWide);
    store<f64>(reached, bReached);
  }
  return bNew;
}

/** Placements reached by all threads so far (primary). */
export function buildReachedAll(): f64 {
  let n = 0.0;
  for (let t = 0; t < MAX_THREADS; t++) n += load<f64>(SHARED + 8 + (<usize>t << 3));
  return n;
}

/** The primary ends a build its threads finished (or stopped): temporaries freed. */
export function buildEnd(): void {
  bP = -1;
  setI32(BUILD, 6, 0);
  arenaReset();
}

// ---- lookup in the search: one or two views, updated per move --------------------------------

const VLAB = memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + tile]: the slot of the tile's label in view v
const VPAT = memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + tile]: the pattern of the tile's label in view v
const VCELL = memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + cell]: the cell in view v's frame
const VPOS = memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + slot]: where the slot's label is
const VRANK = memory.data(2 * MAX_PATTERNS * 4, 16);
const VNIB = memory.data(2 * MAX_PATTERNS * 4, 16);
const VSUM = memory.data(2 * 4, 16);
const NEW = memory.data(2 * 3 * 4, 16); // per view: rank, entry, sum of the child being tried
let views: i32 = 1;
let reflect: bool = true;
/** max over views of the sum of entries at the current node. */
export let pdbCur: i32 = 0;

export function setReflect(on: bool): void {
  reflect = on;
}

@inline function transpose(c: i32): i32 {
  return (c % pw) * pw + c / pw;
}

function bestSum(): i32 {
  const s0 = i32At(VSUM, 0);
  if (views == 1) return s0;
  const s1 = i32At(VSUM, 1);
  return s0 > s1 ? s0 : s1;
}

/**
 * Prepares the views for a search on a width×height board (u16 tile per cell) whose goal puts
 * tile t on goalCell[t] (i32). False when the loaded set does not fit: another size, walls, a
 * non-square board, patterns not covering every tile, or the blank's goal not in a corner.
 */
export function searchInit(w: i32, h: i32, n: i32, goalCell: usize, board: usize): bool {
  if (patCount == 0 || w != pw || h != ph || w != h || n != pc) return false;
  for (let l = 1; l < pc; l++) if (i32At(PAT_OF, l) < 0) return false;
  const g0 = i32At(goalCell, 0);
  const flipCols = g0 % w == w - 1, flipRows = g0 / w == h - 1;
  if ((g0 % w != 0 && !flipCols) || (g0 / w != 0 && !flipRows)) return false;
  views = reflect ? 2 : 1;
  for (let c = 0; c < pc; c++) {
    const r = c / w, q = c % w;
    const s = (flipRows ? h - 1 - r : r) * w + (flipCols ? w - 1 - q : q);
    setI32(VCELL, c, s);
    setI32(VCELL, MAXC + c, transpose(s));
  }
  for (let t = 1; t < pc; t++) {
    const g = i32At(VCELL, i32At(goalCell, t));
    setI32(VLAB, t, i32At(SLOT, g));
    setI32(VLAB, MAXC + t, i32At(SLOT, transpose(g)));
    setI32(VPAT, t, i32At(PAT_OF, g));
    setI32(VPAT, MAXC + t, i32At(PAT_OF, transpose(g)));
  }
  for (let c = 0; c < pc; c++) {
    const t = <i32>load<u16>(board + (<usize>c << 1));
    if (t == 0) continue;
    for (let v = 0; v < 2; v++) setI32(VPOS, v * MAXC + i32At(VLAB, v * MAXC + t), i32At(VCELL, v * MAXC + c));
  }
  for (let v = 0; v < 2; v++) {
    let s = 0;
    for (let p = 0; p < patCount; p++) {
      const r = rankOf(i32At(PAT_K, p), VPOS + (<usize>(v * MAXC + i32At(PAT_START, p)) << 2));
      const e = entry(p, r);
      setI32(VRANK, v * MAX_PATTERNS + p, r);
      setI32(VNIB, v * MAX_PATTERNS + p, e);
      s += e;
    }
    setI32(VSUM, v, s);
  }
  pdbCur = bestSum();
  return true;
}

@inline function tryView(v: i32, t: i32, to: i32): i32 {
  const o = v * MAXC;
  setI32(VPOS, o + i32At(VLAB, o + t), i32At(VCELL, o + to));
  const p = i32At(VPAT, o + t);
  const r = rankOf(i32At(PAT_K, p), VPOS + (<usize>(o + i32At(PAT_START, p)) << 2));
  const e = entry(p, r);
  const s = i32At(VSUM, v) - i32At(VNIB, v * MAX_PATTERNS + p) + e;
  setI32(NEW, v * 3, r); setI32(NEW, v * 3 + 1, e); setI32(NEW, v * 3 + 2, s);
  return s;
}

/** Tile t moves onto cell `to`: the child's entry sum in the normal view (pdbCommit keeps it). */
@inline export function pdbTry(t: i32, to: i32): i32 {
  return tryView(0, t, to);
}

/** Whether a second (reflected) view is in use: pdbTryReflected then completes the child's value. */
@inline export function pdbReflected(): bool {
  return views == 2;
}

/** The max of `s0` (pdbTry's value) and the reflected view's sum for the same move. */
@inline export function pdbTryReflected(t: i32, to: i32, s0: i32): i32 {
  const s1 = tryView(1, t, to);
  return s0 > s1 ? s0 : s1;
}

@inline function undoView(v: i32, t: i32, at: i32): void {
  setI32(VPOS, v * MAXC + i32At(VLAB, v * MAXC + t), i32At(VCELL, v * MAXC + at));
}

/** Puts tile t back on cell `at` in every view (a child cut at the bound). */
@inline export function pdbUndo(t: i32, at: i32): void {
  undoView(0, t, at);
  if (views == 2) undoView(1, t, at);
}

@inline function commitView(v: i32, t: i32, slot: usize): void {
  const i = v * MAX_PATTERNS + i32At(VPAT, v * MAXC + t);
  store<u64>(slot + (<usize>v << 3),
    <u64><u32>i32At(VRANK, i) | (<u64>i32At(VNIB, i) << 32) | (<u64>i32At(VSUM, v) << 40));
  setI32(VRANK, i, i32At(NEW, v * 3));
  setI32(VNIB, i, i32At(NEW, v * 3 + 1));
  setI32(VSUM, v, i32At(NEW, v * 3 + 2));
}

/** Enters the child last tried with tile t; its parent's ranks, entries and sums go to `slot` (2 × i64). */
@inline export function pdbCommit(t: i32, best: i32, slot: usize): void {
  commitView(0, t, slot);
  if (views == 2) commitView(1, t, slot);
  pdbCur = best;
}

@inline function restoreView(v: i32, t: i32, at: i32, slot: usize): void {
  undoView(v, t, at);
  const i = v * MAX_PATTERNS + i32At(VPAT, v * MAXC + t);
  const x = load<u64>(slot + (<usize>v << 3));
  setI32(VRANK, i, <i32><u32>x);
  setI32(VNIB, i, <i32>((x >> 32) & 0xff));
  setI32(VSUM, v, <i32>(x >> 40));
}

/** Back to the parent: tile t returns to cell `at`; ranks, entries and sums from `slot`. */
@inline export function pdbRestore(t: i32, at: i32, slot: usize): void {
  restoreView(0, t, at, slot);
  if (views == 2) restoreView(1, t, at, slot);
  pdbCur = bestSum();
}
