// Additive disjoint pattern databases for sliding-tile boards of up to 25 cells (8-, 15-, 24-puzzle):
// the board geometry, the patterns and their tables, and the ranking of placements
// (docs/contracts/pdb.md). The builders are in builder.ts and builder-threads.ts, the incremental
// lookup in IDA* in lookup.ts.
//
// Canonical frame: tile L's goal is cell L, the blank's goal is cell 0. A pattern is a set of labels;
// its table has one 4-bit entry per placement of its tiles (ranked as a partial permutation), the
// entry being (d - md) / 2 where d is the fewest pattern-tile moves to the goal placement with the
// blank in the region of cell 0 (moves of the blank through non-pattern cells free) and md the
// pattern's Manhattan distance (d - md is even: every move changes both by one). Values above 15 are
// clamped (still a lower bound). A search on another goal maps its board into this frame (a symmetry
// of the square that sends the blank's goal to cell 0, labels = mapped goal cells); the reflected
// view composes it with the transpose.
//
// Tables live in pinned arena blocks, so they survive the searches' arenaReset.
import { alloc, allocZeroed, arenaPin, arenaReset, arenaUnpin } from '../common/arena';

export const MAX_PATTERNS: i32 = 6;
export const MAXC: i32 = 25;
/** Placements of one pattern must be ranked in an i32. */
const MAX_PLACEMENTS: f64 = 2147483647;

export let pw: i32 = 0;
export let ph: i32 = 0;
export let pc: i32 = 0;
export let fullMask: u32 = 0;
export let notCol0: u32 = 0;
export let notColLast: u32 = 0;
export let patCount: i32 = 0;

const PAT_K = memory.data(MAX_PATTERNS * 4, 16); // i32 tiles per pattern
const PAT_TABLE = memory.data(MAX_PATTERNS * 4, 16); // u32 table address
const PAT_SIZE = memory.data(MAX_PATTERNS * 8, 16); // f64 placements
export const PAT_LABELS = memory.data(MAX_PATTERNS * MAXC * 4, 16); // i32 labels, ascending
export const PAT_OF = memory.data(MAXC * 4, 16); // i32 pattern of each label, -1 none
/** i32 per label: its slot; pattern p's labels have slots PAT_START[p] .. + k - 1 (positions stored by slot). */
export const SLOT = memory.data(MAXC * 4, 16);
export const PAT_START = memory.data(MAX_PATTERNS * 4, 16);
/** i32 per slot: its digit's weight in its pattern's rank, (C-i-1)(C-i-2)…(C-k+1) for the i-th of k labels. */
export const SLOT_WEIGHT = memory.data(MAXC * 4, 16);
let slots: i32 = 0;
export const MD = memory.data(MAXC * MAXC * 4, 16); // i32[cell*MAXC + label] Manhattan distance
/** u32[cell*4 + dir]: for vertical moves, the cells strictly between the cell and its neighbour. */
export const BETWEEN = memory.data(MAXC * 16, 16);
/** u32 per cell: its neighbours. */
export const NMASK = memory.data(MAXC * 4, 16);

@inline export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline export function setI32(base: usize, i: i32, v: i32): void {
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

/** This instance's globals for a w×h board (the per-cell tables in memory are set by setupGeometry). */
export function joinGeometry(w: i32, h: i32): void {
  pw = w; ph = h; pc = w * h;
  fullMask = (<u32>1 << pc) - 1;
  notCol0 = 0; notColLast = 0;
  for (let c = 0; c < pc; c++) {
    const q = c % w;
    if (q != 0) notCol0 |= <u32>1 << c;
    if (q != w - 1) notColLast |= <u32>1 << c;
  }
}

/** Joins the patterns another instance set up on the same (shared) memory (puzzle/shared.ts). */
export function setPatCount(n: i32): void {
  patCount = n;
}

/** Starts a set of patterns on a w×h board (4..25 cells), dropping the tables held so far. */
export function setupGeometry(w: i32, h: i32): bool {
  if (w < 2 || h < 2 || w * h > MAXC) return false;
  arenaUnpin();
  arenaReset();
  joinGeometry(w, h);
  patCount = 0; slots = 0;
  for (let c = 0; c < pc; c++) {
    const r = c / w, q = c % w;
    setI32(PAT_OF, c, -1);
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

/**
 * Adds a pattern (bit L = label L, 1 ≤ L < C, disjoint from the others) with its table; its index or
 * -1. `zeroed`: the table starts at 0 (a build); else its bytes are undefined (a load overwrites them).
 */
export function addPattern(mask: u32, zeroed: bool = true): i32 {
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
  for (let i = 0, w = 1; i < k; i++) {
    setI32(SLOT_WEIGHT, i32At(PAT_START, p) + k - 1 - i, w);
    w *= pc - (k - 1 - i);
  }
  store<f64>(PAT_SIZE + (<usize>p << 3), size);
  arenaReset(); // drop build temporaries: tables stay contiguous
  const bytes = <usize>Math.ceil(size / 2);
  store<u32>(PAT_TABLE + (<usize>p << 2), <u32>(zeroed ? allocZeroed(bytes) : alloc(bytes)));
  arenaPin();
  patCount++;
  return p;
}

/** Rank of a placement of k tiles whose cells are pos[0..k) (i32, in label order): a partial permutation. */
@inline export function rankOf(k: i32, pos: usize): i32 {
  let used: u32 = 0, r = 0;
  const c = pc;
  for (let i = 0; i < k; i++) {
    const q = load<i32>(pos + (<usize>i << 2));
    r = r * (c - i) + q - <i32>popcnt(used & ((<u32>1 << q) - 1));
    used |= <u32>1 << q;
  }
  return r;
}

@inline export function entry(p: i32, r: i32): i32 {
  const b = <i32>load<u8>(patTable(p) + <usize>(r >>> 1));
  return (b >> ((r & 1) << 2)) & 15;
}
