// The pattern databases' builder (docs/contracts/pdb.md, "Entries"): breadth-first over
// (placement, blank region) from the goal placement with the blank in the region of its goal cell,
// layer by layer, one thread (buildStep) or several on one shared memory (builder-threads.ts).
//
// Per placement a mask of the cells of the blank regions reached so far (u16 up to 16 cells, else
// u32) and one bit in each of two frontier bitsets (layer d in bF[d & 1]). A child's rank is the
// parent's plus a delta (the rank weights of the moved tile and of the tiles it jumps over), not
// ranked again from its cells.
import { allocZeroed, arenaReset } from '../common/arena';
import {
  BETWEEN, MAXC, MD, NMASK, PAT_LABELS, PAT_START, SLOT_WEIGHT, fullMask, i32At, notCol0, notColLast, patCount, patK, patSize, patTable, pc, pw, rankOf, setI32,
} from './ranking';

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

export function useScratch(t: i32): void {
  BPOS = SCRATCH + <usize>(t * SCRATCH_BYTES);
  DIG = BPOS + MAXC * 4;
  CSLOT = BPOS + 2 * MAXC * 4;
  USED = BPOS + 3 * MAXC * 4;
  uRank = -1;
}
const INV = memory.data((MAXC + 1) * 8, 16); // f64 1/n for n = 1..MAXC
export let bP: i32 = -1;
export let bVis: usize = 0;
export let bF0: usize = 0;
export let bF1: usize = 0;
export let bWords: i32 = 0;
let bWord: i32 = 0;
export let bNew: f64 = 0;
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

@inline export function wide(): bool {
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
  const k = patK(p), lab = PAT_LABELS + (<usize>(p * MAXC) << 2);
  for (let n = 1; n <= MAXC; n++) store<f64>(INV + (<usize>n << 3), 1.0 / <f64>n);
  let occ: u32 = 0;
  for (let i = 0; i < k; i++) {
    const l = i32At(lab, i);
    setI32(BPOS, i, l);
    occ |= <u32>1 << l;
  }
  bP = p;
  useScratch(0);
  const g = rankOf(k, BPOS);
  // The goal: the goal placement with the blank in the region of its goal cell (cell 0) only; the
  // pattern's tiles may wall other free cells off, and those regions are not goal states.
  const goalRegion = flood(1, fullMask & ~occ);
  if (wide()) store<u32>(bVis + (<usize>g << 2), goalRegion);
  else store<u16>(bVis + (<usize>g << 1), <u16>goalRegion);
  store<u64>(bF0 + (<usize>(g >>> 6) << 3), <u64>1 << <u64>(g & 63));
  bDepth = 0; bWord = 0; bNew = 0; bReached = 1;
  return true;
}

function expand<V>(r: i32, nxt: usize): void {
  const p = bP, pos = BPOS, table = patTable(p);
  const k = patK(p), lab = PAT_LABELS + (<usize>(p * MAXC) << 2);
  const wgt = SLOT_WEIGHT + (<usize>i32At(PAT_START, p) << 2); // i32 per digit i of the rank: its weight
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
        r2 += step * i32At(wgt, i); // no tile between: only this tile's digit moves by one
      } else {
        // the tiles strictly between `from` and `to`: earlier slots shift this tile's digit,
        // later slots have their digits shifted by one
        const up = step < 0;
        let bm = occ & load<u32>(BETWEEN + (<usize>((from << 2) + (up ? 0 : 1)) << 2));
        let di = step, later = 0;
        while (bm != 0) {
          const j = i32At(CSLOT, <i32>ctz(bm));
          if (j < i) di += up ? 1 : -1;
          else later += i32At(wgt, j);
          bm &= bm - 1;
        }
        r2 += di * i32At(wgt, i) + (up ? -later : later);
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
@inline export function expandWord(cur: usize, nxt: usize, word: i32, isWide: bool): i32 {
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


/** A thread joining a build another instance began on the same memory (builder-threads.ts). */
export function adoptBuild(p: i32, vis: usize, f0: usize, f1: usize, words: i32, thread: i32, reached: f64): void {
  bP = p; bVis = vis; bF0 = f0; bF1 = f1; bWords = words; bReached = reached;
  useScratch(thread);
}

/** Starts this thread's share of layer `depth` (builder-threads.ts). */
export function beginLayer(depth: i32): void {
  bDepth = depth; bNew = 0;
}

/** The build is over: no pattern in progress. */
export function dropBuild(): void {
  bP = -1;
}
