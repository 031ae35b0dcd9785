/**
 * The post-pass that shortens a move list (TypeScript reference of
 * core-as/assembly/construct/postpass.ts; the same list on both backends):
 *
 * 1. cancel inverse pairs (a stack: a move that undoes the one on top pops it);
 * 2. windows: from the list's start, a window takes up to WINDOW moves while the blank's bounding
 *    rectangle stays within WINDOW_AREA cells (fewer than MIN_WINDOW moves: the move is kept and the
 *    scan goes on one move later). The rectangle's sub-board from the window's start to its end
 *    state is solved by IDA* (Manhattan over the rectangle, children up, down, left, right, no
 *    undo of the previous move, thresholds of the window's parity from h up to length − 2, at most
 *    WINDOW_NODES nodes per window). A shorter path replaces the window and the scan goes on after
 *    it; else the window's first half (at least one move) is kept and the scan goes on from
 *    there (windows overlap);
 * 3. cancel inverse pairs again.
 */
import { DOWN, LEFT, MoveList, RIGHT, UP } from './construct.js';

export const WINDOW = 18;
export const WINDOW_AREA = 15;
export const MIN_WINDOW = 4;
export const WINDOW_NODES = 2000;

const inverse = (m: number): number => m ^ 1;

/** Inverse pairs cancelled (moves are codes: up 0, down 1, left 2, right 3, so the inverse is m ^ 1). */
export function cancelPairs(moves: Uint8Array): Uint8Array {
  const out = new Uint8Array(moves.length);
  let top = 0;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    if (top > 0 && out[top - 1] === inverse(m)) top--;
    else out[top++] = m;
  }
  return out.slice(0, top);
}

const FOUND = 1;
const NOT_FOUND = 0;
const GAVE_UP = 2;

/** IDA* on one small rectangle (at most WINDOW_AREA cells). */
class WindowSearch {
  readonly cells = new Int32Array(WINDOW_AREA);
  readonly goalAt: Int32Array;
  readonly path = new Uint8Array(WINDOW);
  rw = 0;
  rh = 0;
  blank = 0;
  h = 0;
  nodes = 0;

  constructor(tiles: number) {
    this.goalAt = new Int32Array(tiles + 1);
  }

  dist(a: number, b: number): number {
    const ar = (a / this.rw) | 0;
    const br = (b / this.rw) | 0;
    return Math.abs(ar - br) + Math.abs(a - ar * this.rw - (b - br * this.rw));
  }

  private dfs(g: number, bound: number, prev: number): number {
    if (++this.nodes > WINDOW_NODES) return GAVE_UP;
    if (this.h === 0) return FOUND;
    if (g + this.h > bound) return NOT_FOUND;
    const b = this.blank;
    const r = (b / this.rw) | 0;
    const c = b - r * this.rw;
    for (let m = 0; m < 4; m++) {
      if (prev >= 0 && m === inverse(prev)) continue;
      let nb: number;
      if (m === UP) {
        if (r === 0) continue;
        nb = b - this.rw;
      } else if (m === DOWN) {
        if (r === this.rh - 1) continue;
        nb = b + this.rw;
      } else if (m === LEFT) {
        if (c === 0) continue;
        nb = b - 1;
      } else {
        if (c === this.rw - 1) continue;
        nb = b + 1;
      }
      const v = this.cells[nb]!;
      const home = this.goalAt[v]!;
      const dh = this.dist(b, home) - this.dist(nb, home);
      this.cells[b] = v;
      this.cells[nb] = 0;
      this.blank = nb;
      this.h += dh;
      this.path[g] = m;
      const res = this.dfs(g + 1, bound, m);
      this.h -= dh;
      this.blank = b;
      this.cells[nb] = v;
      this.cells[b] = 0;
      if (res !== NOT_FOUND) return res;
    }
    return NOT_FOUND;
  }

  /** A path shorter than `length` from the rectangle's cells to `goal`: its length (moves in `path`), or -1. */
  solve(goal: Int32Array, length: number): number {
    const area = this.rw * this.rh;
    this.h = 0;
    for (let k = 0; k < area; k++) {
      const v = goal[k]!;
      this.goalAt[v] = k;
    }
    for (let k = 0; k < area; k++) {
      const v = this.cells[k]!;
      if (v === 0) this.blank = k;
      else this.h += this.dist(k, this.goalAt[v]!);
    }
    this.nodes = 0;
    let bound = this.h + ((length - this.h) & 1);
    for (; bound <= length - 2; bound += 2) {
      const res = this.dfs(0, bound, -1);
      if (res === FOUND) return bound;
      if (res === GAVE_UP) return -1;
    }
    return -1;
  }
}

/** Window re-solving over `moves` from the board `start` (W×H cells, 0 = blank). */
export function resolveWindows(width: number, height: number, start: ArrayLike<number>, moves: Uint8Array): Uint8Array {
  const cells = Int32Array.from(start);
  let blank = cells.indexOf(0);
  const search = new WindowSearch(cells.length);
  const goal = new Int32Array(WINDOW_AREA);
  const out = new MoveList();
  const step = (m: number): void => {
    const to = m === UP ? blank - width : m === DOWN ? blank + width : m === LEFT ? blank - 1 : blank + 1;
    cells[blank] = cells[to]!;
    cells[to] = 0;
    blank = to;
  };
  const n = moves.length;
  let i = 0;
  while (i < n) {
    let r = (blank / width) | 0;
    let c = blank - r * width;
    let r1 = r,
      r2 = r,
      k1 = c,
      k2 = c;
    let len = 0;
    while (len < WINDOW && i + len < n) {
      const m = moves[i + len]!;
      const nr = m === UP ? r - 1 : m === DOWN ? r + 1 : r;
      const nc = m === LEFT ? c - 1 : m === RIGHT ? c + 1 : c;
      const a1 = Math.min(r1, nr),
        a2 = Math.max(r2, nr),
        b1 = Math.min(k1, nc),
        b2 = Math.max(k2, nc);
      if ((a2 - a1 + 1) * (b2 - b1 + 1) > WINDOW_AREA) break;
      r1 = a1;
      r2 = a2;
      k1 = b1;
      k2 = b2;
      r = nr;
      c = nc;
      len++;
    }
    if (len < MIN_WINDOW) {
      step(moves[i]!);
      out.push(moves[i]!);
      i++;
      continue;
    }
    const rw = k2 - k1 + 1;
    const rh = r2 - r1 + 1;
    search.rw = rw;
    search.rh = rh;
    for (let y = 0; y < rh; y++) for (let x = 0; x < rw; x++) search.cells[y * rw + x] = cells[(r1 + y) * width + k1 + x]!;
    for (let k = 0; k < len; k++) step(moves[i + k]!);
    for (let y = 0; y < rh; y++) for (let x = 0; x < rw; x++) goal[y * rw + x] = cells[(r1 + y) * width + k1 + x]!;
    const found = search.solve(goal, len);
    if (found >= 0) {
      for (let k = 0; k < found; k++) out.push(search.path[k]!);
      i += len;
    } else {
      // keep the window's first half and slide on: the board walked back to there
      const keep = Math.max(1, len >> 1);
      for (let k = len - 1; k >= keep; k--) step(inverse(moves[i + k]!));
      for (let k = 0; k < keep; k++) out.push(moves[i + k]!);
      i += keep;
    }
  }
  return out.view().slice();
}

/** The whole post-pass: cancel pairs, re-solve windows, cancel pairs again. */
export function postPass(width: number, height: number, start: ArrayLike<number>, moves: Uint8Array): Uint8Array {
  return cancelPairs(resolveWindows(width, height, start, cancelPairs(moves)));
}
