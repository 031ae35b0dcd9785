/**
 * The constructive solver (`--algorithm construct`), TypeScript reference of
 * core-as/assembly/construct/construct.ts: both produce the identical move list (contract in
 * docs/contracts/puzzle.md, "Constructive solver"). Moves are codes.puzzle.move values (0 up,
 * 1 down, 2 left, 3 right: the direction the blank moves).
 *
 * The goal's blank is first taken to the bottom-right corner (right, then down); the board is
 * solved to that goal' and the blank walked back (up, then left). The unsolved region shrinks from
 * the top-left: while it is larger than 2×2, its top row (when it has at least as many rows as
 * columns) or its left column is solved as a "line"; the last 2×2 is solved by rotating the blank
 * (the shorter way; clockwise on a tie). A line's tiles but its last two are each moved to their
 * cell (zig-zagging along and across the line) by walking the blank round them (blank routes: the
 * cheapest by A*, a step costing 1 when it moves its tile nearer the tile's goal' cell and 6 when
 * farther, in the bounding box of blank and target grown by two cells, else in the whole region; so
 * the blank's walks carry other tiles home). The last two (X for the line's cell a, Y for the end cell b):
 * Y to a, X to the cell next to a across the line, the blank to b, then two moves; X stuck on b is
 * freed by a fixed 17-move macro. The post-pass (postpass.ts) then shortens the list.
 */
import { codes } from '#core-as';

export const UP: number = codes.puzzle.move.up;
export const DOWN: number = codes.puzzle.move.down;
export const LEFT: number = codes.puzzle.move.left;
export const RIGHT: number = codes.puzzle.move.right;

/** The stuck-case macro in line coordinates (u/d across the line, l/r along it). */
const STUCK_MACRO = 'ulddrulurddluruld';
const LOCAL: Readonly<Record<string, number>> = { u: UP, d: DOWN, l: LEFT, r: RIGHT };

/**
 * Route costs of a blank step (its tile moved nearer its goal' cell, or farther) and the margin of
 * the route's box: a route may be longer than the shortest when it carries tiles home on its way.
 */
export const NEARER = 1;
export const FARTHER = 6;
export const ROUTE_MARGIN = 2;
/** Buckets of the route search: more than the largest rise of f in one step (FARTHER + 1). */
const RING = 8;

/** Growable byte list of moves. */
export class MoveList {
  data = new Uint8Array(1024);
  length = 0;
  push(m: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = m;
  }
  view(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
}

class Constructor {
  readonly n: number;
  readonly cells: Int32Array;
  readonly pos: Int32Array;
  readonly target: Int32Array;
  readonly locked: Uint8Array;
  readonly stamp: Int32Array;
  readonly via: Uint8Array;
  readonly path: Uint8Array;
  /** The goal' row and column of each tile. */
  readonly homeRow: Int32Array;
  readonly homeCol: Int32Array;
  /** Route search: f of each cell reached (valid where stamp is gen, open, or gen + 1, closed), the buckets. */
  readonly f: Int32Array;
  readonly buckets: Int32Array;
  readonly bucketLen = new Int32Array(RING);
  gen = 0;
  blank = 0;
  r0 = 0;
  c0 = 0;
  /** Lines are columns (line coordinates transposed). */
  transposed = false;

  constructor(
    readonly w: number,
    readonly h: number,
    start: ArrayLike<number>,
    goal: ArrayLike<number>,
    readonly out: MoveList,
  ) {
    const n = w * h;
    this.n = n;
    this.cells = Int32Array.from(start);
    this.pos = new Int32Array(n);
    this.target = Int32Array.from(goal);
    this.locked = new Uint8Array(n);
    this.stamp = new Int32Array(n);
    this.via = new Uint8Array(n);
    this.path = new Uint8Array(n);
    this.homeRow = new Int32Array(n);
    this.homeCol = new Int32Array(n);
    this.f = new Int32Array(n);
    this.buckets = new Int32Array(RING * (4 * n + 1));
    for (let i = 0; i < n; i++) {
      this.pos[this.cells[i]!] = i;
      this.homeRow[this.target[i]!] = (i / w) | 0;
      this.homeCol[this.target[i]!] = i % w;
    }
    this.blank = this.pos[0]!;
  }

  move(m: number): void {
    const b = this.blank;
    const to = m === UP ? b - this.w : m === DOWN ? b + this.w : m === LEFT ? b - 1 : b + 1;
    const v = this.cells[to]!;
    this.cells[b] = v;
    this.pos[v] = b;
    this.cells[to] = 0;
    this.pos[0] = to;
    this.blank = to;
    this.out.push(m);
  }

  /** A line-coordinate move as a board move. */
  local(m: number): number {
    if (!this.transposed) return m;
    return m === UP ? LEFT : m === DOWN ? RIGHT : m === LEFT ? UP : DOWN;
  }

  /** The board cell of line coordinates (i across, j along) in the current region. */
  cell(i: number, j: number): number {
    return this.transposed ? (this.r0 + j) * this.w + this.c0 + i : (this.r0 + i) * this.w + this.c0 + j;
  }

  /**
   * The cheapest route of the blank to `dest` inside rows r1..r2, cols k1..k2, avoiding locked cells
   * and `avoid`; then its moves. Each blank step moves one tile a cell and costs NEARER when that
   * brings the tile nearer its goal' cell (Manhattan), FARTHER otherwise. A* (h: the blank's
   * Manhattan distance to `dest`, admissible and consistent as every step costs at least 1) over a
   * ring of RING bucket stacks indexed by f mod RING (last pushed, first popped; stale entries
   * skipped); neighbours pushed in the order up, down, left, right; a cell's route is replaced only
   * by a strictly cheaper one; ends when `dest` is popped.
   */
  private route(dest: number, avoid: number, r1: number, r2: number, k1: number, k2: number): boolean {
    const w = this.w;
    const gen = (this.gen += 2);
    const cap = 4 * this.n + 1;
    const buckets = this.buckets;
    const sizes = this.bucketLen;
    const f = this.f;
    const dr = (dest / w) | 0;
    const dc = dest - dr * w;
    const br = (this.blank / w) | 0;
    let cur = Math.abs(br - dr) + Math.abs(this.blank - br * w - dc);
    sizes.fill(0);
    this.stamp[this.blank] = gen;
    f[this.blank] = cur;
    buckets[(cur % RING) * cap] = this.blank;
    sizes[cur % RING] = 1;
    let pending = 1;
    let found = false;
    while (pending > 0) {
      const bucket = cur % RING;
      if (sizes[bucket] === 0) {
        cur++;
        continue;
      }
      const c = buckets[bucket * cap + --sizes[bucket]!]!;
      pending--;
      if (this.stamp[c] !== gen || f[c] !== cur) continue;
      this.stamp[c] = gen + 1;
      if (c === dest) {
        found = true;
        break;
      }
      const r = (c / w) | 0;
      const k = c - r * w;
      const g = cur - Math.abs(r - dr) - Math.abs(k - dc);
      for (let m = 0; m < 4; m++) {
        let nb: number;
        let nr = r;
        let nk = k;
        if (m === UP) {
          if (r <= r1) continue;
          nb = c - w;
          nr--;
        } else if (m === DOWN) {
          if (r >= r2) continue;
          nb = c + w;
          nr++;
        } else if (m === LEFT) {
          if (k <= k1) continue;
          nb = c - 1;
          nk--;
        } else {
          if (k >= k2) continue;
          nb = c + 1;
          nk++;
        }
        if (this.locked[nb] !== 0 || nb === avoid) continue;
        // the tile on nb moves onto c: nearer its goal' cell or farther
        const v = this.cells[nb]!;
        const nearer = m === UP ? this.homeRow[v]! >= r : m === DOWN ? this.homeRow[v]! <= r : m === LEFT ? this.homeCol[v]! >= k : this.homeCol[v]! <= k;
        const nf = g + (nearer ? NEARER : FARTHER) + Math.abs(nr - dr) + Math.abs(nk - dc);
        const seen = this.stamp[nb]!;
        if (seen === gen + 1 || (seen === gen && f[nb]! <= nf)) continue;
        this.stamp[nb] = gen;
        f[nb] = nf;
        this.via[nb] = m;
        const nbucket = nf % RING;
        buckets[nbucket * cap + sizes[nbucket]!++] = nb;
        pending++;
      }
    }
    if (!found) return false;
    let len = 0;
    for (let c = dest; c !== this.blank; ) {
      const m = this.via[c]!;
      this.path[len++] = m;
      c = m === UP ? c + w : m === DOWN ? c - w : m === LEFT ? c + 1 : c - 1;
    }
    while (len > 0) this.move(this.path[--len]!);
    return true;
  }

  dist(a: number, b: number): number {
    const ar = (a / this.w) | 0;
    const br = (b / this.w) | 0;
    return Math.abs(ar - br) + Math.abs(a - ar * this.w - (b - br * this.w));
  }

  /** Walks the blank to `dest` (not locked, not `avoid`): the cheapest route in the box of both grown by ROUTE_MARGIN cells, else in the region. */
  routeBlank(dest: number, avoid: number): void {
    const w = this.w;
    const br = (this.blank / w) | 0;
    const bc = this.blank - br * w;
    const dr = (dest / w) | 0;
    const dc = dest - dr * w;
    const r1 = Math.max(this.r0, Math.min(br, dr) - ROUTE_MARGIN);
    const r2 = Math.min(this.h - 1, Math.max(br, dr) + ROUTE_MARGIN);
    const k1 = Math.max(this.c0, Math.min(bc, dc) - ROUTE_MARGIN);
    const k2 = Math.min(w - 1, Math.max(bc, dc) + ROUTE_MARGIN);
    if (this.route(dest, avoid, r1, r2, k1, k2)) return;
    if (!this.route(dest, avoid, this.r0, this.h - 1, this.c0, w - 1)) throw new Error('construct: the blank cannot reach its cell');
  }

  /** Moves tile v to `dest`, along the line direction first. */
  moveTile(v: number, dest: number): void {
    const w = this.w;
    const dr = (dest / w) | 0;
    const dc = dest - dr * w;
    let wentAcross = true;
    for (;;) {
      const at = this.pos[v]!;
      if (at === dest) return;
      const r = (at / w) | 0;
      const c = at - r * w;
      const vertical = r !== dr ? (r < dr ? at + w : at - w) : -1;
      const horizontal = c !== dc ? (c < dc ? at + 1 : at - 1) : -1;
      const along = this.transposed ? vertical : horizontal;
      const across = this.transposed ? horizontal : vertical;
      let next = along >= 0 ? along : across;
      if (along >= 0 && across >= 0 && this.locked[across] === 0) {
        // zig-zag: across when the blank is nearer that side, or as near and the last step went along
        const da = this.dist(this.blank, across);
        const dl = this.dist(this.blank, along);
        if (da < dl || (da === dl && !wentAcross)) next = across;
      }
      wentAcross = next === across;
      this.routeBlank(next, at);
      // the blank is on `next`, next to the tile: move it onto the tile's cell
      this.move(at === next - w ? UP : at === next + w ? DOWN : at === next - 1 ? LEFT : RIGHT);
    }
  }

  /** Solves the region's first line (its top row, or its left column when transposed). */
  solveLine(len: number): void {
    for (let j = 0; j < len - 2; j++) {
      const dest = this.cell(0, j);
      this.moveTile(this.target[dest]!, dest);
      this.locked[dest] = 1;
    }
    const a = this.cell(0, len - 2);
    const b = this.cell(0, len - 1);
    const x = this.target[a]!;
    const y = this.target[b]!;
    if (this.pos[x] === a && this.pos[y] === b) {
      this.locked[a] = 1;
      this.locked[b] = 1;
      return;
    }
    this.moveTile(y, a);
    this.locked[a] = 1;
    // the blank on b with X just below it: one move makes it the stuck case
    if (this.blank === b && this.pos[x] === this.cell(1, len - 1)) this.move(this.local(DOWN));
    if (this.pos[x] === b) {
      this.routeBlank(this.cell(1, len - 1), b);
      this.locked[a] = 0;
      for (let k = 0; k < STUCK_MACRO.length; k++) this.move(this.local(LOCAL[STUCK_MACRO[k]!]!));
    } else {
      const below = this.cell(1, len - 2);
      this.moveTile(x, below);
      this.locked[below] = 1;
      this.routeBlank(b, -1);
      this.locked[below] = 0;
      this.locked[a] = 0;
      this.move(this.local(LEFT));
      this.move(this.local(DOWN));
    }
    this.locked[a] = 1;
    this.locked[b] = 1;
  }

  /** The last 2×2 (region at r0, c0): rotate the blank the shorter way; false if no rotation solves it. */
  solveSquare(): boolean {
    const w = this.w;
    const ring = [this.r0 * w + this.c0, this.r0 * w + this.c0 + 1, (this.r0 + 1) * w + this.c0 + 1, (this.r0 + 1) * w + this.c0];
    const cw = [RIGHT, DOWN, LEFT, UP];
    const ccw = [DOWN, LEFT, UP, RIGHT]; // from ring index k, the blank moves to k-1
    const values = ring.map((c) => this.cells[c]!);
    let start = values.indexOf(0);
    let best = -1;
    let bestDir = 0;
    for (let dir = 0; dir < 2; dir++) {
      const v = values.slice();
      let b = start;
      for (let s = 0; s < 12; s++) {
        if (v.every((x, k) => x === this.target[ring[k]!])) {
          if (best < 0 || s < best) {
            best = s;
            bestDir = dir;
          }
          break;
        }
        const nb = dir === 0 ? (b + 1) & 3 : (b + 3) & 3;
        v[b] = v[nb]!;
        v[nb] = 0;
        b = nb;
      }
    }
    if (best < 0) return false;
    for (let s = 0; s < best; s++) {
      this.move(bestDir === 0 ? cw[start]! : ccw[start]!);
      start = bestDir === 0 ? (start + 1) & 3 : (start + 3) & 3;
    }
    return true;
  }

  solve(): boolean {
    for (;;) {
      const rows = this.h - this.r0;
      const cols = this.w - this.c0;
      if (rows <= 2 && cols <= 2) return this.solveSquare();
      this.transposed = rows < cols;
      if (this.transposed) {
        this.solveLine(rows);
        this.c0++;
      } else {
        this.solveLine(cols);
        this.r0++;
      }
    }
  }
}

/**
 * The constructive move list from `start` to `goal` (W×H, no walls, cells 0 = blank): goal's blank
 * to the bottom-right, solve, blank back. Null when the board cannot reach the goal.
 */
export function constructMoves(width: number, height: number, start: ArrayLike<number>, goal: ArrayLike<number>): Uint8Array | null {
  const n = width * height;
  const g = Int32Array.from(goal);
  let gb = g.indexOf(0);
  const gr = Math.floor(gb / width);
  const gc = gb - gr * width;
  for (let c = gc; c < width - 1; c++) {
    g[gb] = g[gb + 1]!;
    g[gb + 1] = 0;
    gb++;
  }
  for (let r = gr; r < height - 1; r++) {
    g[gb] = g[gb + width]!;
    g[gb + width] = 0;
    gb += width;
  }
  const out = new MoveList();
  const solver = new Constructor(width, height, start, g, out);
  if (!solver.solve() || n !== solver.n) return null;
  for (let r = gr; r < height - 1; r++) out.push(UP);
  for (let c = gc; c < width - 1; c++) out.push(LEFT);
  return out.view();
}
