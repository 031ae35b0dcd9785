/**
 * Additive disjoint pattern databases (docs/contracts/pdb.md): the named partitions, the table
 * layout both backends share (ranks of partial permutations, 4-bit entries relative to the
 * pattern's Manhattan distance), the plain TypeScript reference builder and the heuristic over
 * tables. The WASM builder and its caching are in pdb-store.ts.
 */
import { describe, reading } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import type { HeuristicFn } from './heuristics.js';
import { WALL, type Board } from './types.js';

/**
 * The pattern databases: 5-5-5, 6-6-3 and 7-8 for the 15-puzzle; 6-6-6-6 and 5-5-5-5-4 for the 24-puzzle.
 */
export type PdbName = 'pdb555' | 'pdb663' | 'pdb78' | 'pdb6666' | 'pdb55554';
/** Strongest first per board size (what `auto` tries in order, among those for the goal's size). */
export const PDB_NAMES: readonly PdbName[] = ['pdb78', 'pdb663', 'pdb555', 'pdb6666', 'pdb55554'];

/** A partition of the labels 1..C-1 of a width×height board; label L's goal is cell L (blank on cell 0). */
export interface PdbSpec {
  readonly key: string;
  readonly width: number;
  readonly height: number;
  readonly patterns: readonly (readonly number[])[];
}

/** A pattern database loaded in memory: its partition and one table per pattern (4 bits per entry). */
export interface PdbTables {
  readonly spec: PdbSpec;
  /**
   * One table per pattern: entry r in the low (r even) or high (r odd) nibble of byte r >> 1. Loaded
   * tables are views of the kernel memory that holds them: read them again after a search rather
   * than keeping them (a memory that grows detaches old views).
   */
  readonly tables: readonly Uint8Array[];
}

/** Progress of a build: pattern (0-based) of patterns, placements reached so far of placements. */
export interface PdbProgress {
  pattern: number;
  patterns: number;
  reached: number;
  placements: number;
}

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** The 15- and 24-puzzle partitions (cells of the blank-first goal 0 1 2 … C-1). */
export const PDB_SPECS: Readonly<Record<PdbName, PdbSpec>> = {
  pdb555: {
    key: 'pdb555',
    width: 4,
    height: 4,
    patterns: [
      [1, 4, 5, 8, 9],
      [2, 3, 6, 7, 11],
      [10, 12, 13, 14, 15],
    ],
  },
  pdb663: {
    key: 'pdb663',
    width: 4,
    height: 4,
    patterns: [
      [1, 4, 5, 8, 9, 12],
      [2, 3, 6, 7, 10, 11],
      [13, 14, 15],
    ],
  },
  pdb78: { key: 'pdb78', width: 4, height: 4, patterns: [range(1, 7), range(8, 15)] },
  // 5×5: four 6-tile blocks (the shape of Korf & Felner's 6-6-6-6; not mapped onto itself by the
  // transpose, so the reflected lookup adds information), and a cheaper 5-5-5-5-4.
  pdb6666: {
    key: 'pdb6666',
    width: 5,
    height: 5,
    patterns: [
      [1, 2, 5, 6, 7, 12],
      [3, 4, 8, 9, 13, 14],
      [10, 11, 15, 16, 20, 21],
      [17, 18, 19, 22, 23, 24],
    ],
  },
  pdb55554: {
    key: 'pdb55554',
    width: 5,
    height: 5,
    patterns: [
      [1, 2, 5, 6, 7],
      [3, 4, 8, 9, 14],
      [10, 11, 15, 16, 20],
      [12, 13, 17, 18, 19],
      [21, 22, 23, 24],
    ],
  },
};

/** Whether `x` names a pattern database (one of {@link PDB_NAMES}). */
export const isPdbName = (x: unknown): x is PdbName => typeof x === 'string' && (PDB_NAMES as readonly string[]).includes(x);

/** C!/(C-k)!: placements of a k-tile pattern, the number of table entries. */
export function placements(cells: number, k: number): number {
  checkCount(cells, 'cells');
  checkCount(k, 'k');
  let n = 1;
  for (let i = 0; i < k; i++) n *= cells - i;
  return n;
}

export const tableBytes = (spec: PdbSpec, pattern: number): number => Math.ceil(placements(spec.width * spec.height, spec.patterns[pattern]!.length) / 2);

/** Bytes of the tables of a partition once built (what a search holds). */
export const pdbTableBytes = (spec: PdbSpec): number => {
  checkSpec(spec);
  return spec.patterns.reduce((s, _, p) => s + tableBytes(spec, p), 0);
};

/** A spec as public functions accept it: a key, the board size, and disjoint patterns of tiles on it. */
export function checkSpec(spec: unknown, name = 'spec'): asserts spec is PdbSpec {
  const s = spec as Partial<PdbSpec> | null;
  const ok = reading(name, () => {
    const cells = typeof s?.width === 'number' && typeof s.height === 'number' ? s.width * s.height : NaN;
    return (
      typeof s === 'object' &&
      s !== null &&
      typeof s.key === 'string' &&
      Number.isSafeInteger(cells) &&
      cells >= 4 &&
      cells <= 64 &&
      Array.isArray(s.patterns) &&
      s.patterns.length > 0 &&
      s.patterns.every((p) => Array.isArray(p) && p.length > 0 && p.every((t) => Number.isSafeInteger(t) && t >= 1 && t < cells)) &&
      new Set(s.patterns.flat()).size === s.patterns.flat().length
    );
  });
  if (!ok)
    throw new InvalidInputError(
      `${name} must be a pattern database spec like PDB_SPECS.pdb555 ({key, width, height, patterns: disjoint tile lists}), got ${describe(spec)}`,
    );
}

function checkCount(n: unknown, name: string): void {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new InvalidInputError(`${name} must be a whole number ≥ 0, got ${describe(n)}`);
}

/**
 * Peak bytes of the WASM build: the tables plus, for the largest pattern, a blank-region mask per
 * placement (2 bytes up to 16 cells, else 4) and 2 bits (the two frontier bitsets).
 */
export function pdbBuildBytes(spec: PdbSpec): number {
  checkSpec(spec);
  const cells = spec.width * spec.height;
  const largest = Math.max(...spec.patterns.map((_, p) => placements(cells, spec.patterns[p]!.length)));
  return pdbTableBytes(spec) + (cells > 16 ? 4 : 2) * largest + 2 * Math.ceil(largest / 64) * 8;
}

/** Rank of a placement: positions[i] is the cell of the pattern's i-th label (ascending labels). */
export function rankPlacement(positions: readonly number[], cells: number): number {
  let r = 0;
  for (let i = 0; i < positions.length; i++) {
    const q = positions[i]!;
    let below = 0;
    for (let j = 0; j < i; j++) if (positions[j]! < q) below++;
    r = r * (cells - i) + q - below;
  }
  return r;
}

export function unrankPlacement(rank: number, k: number, cells: number): number[] {
  const digits: number[] = new Array<number>(k);
  for (let i = k - 1; i >= 0; i--) {
    digits[i] = rank % (cells - i);
    rank = Math.floor(rank / (cells - i));
  }
  const used = new Array<boolean>(cells).fill(false);
  return digits.map((d) => {
    let q = 0;
    for (let left = d; ; q++) if (!used[q] && left-- === 0) break;
    used[q] = true;
    return q;
  });
}

export const entryAt = (table: Uint8Array, r: number): number => (table[r >> 1]! >> ((r & 1) << 2)) & 15;

const md = (a: number, b: number, w: number): number => Math.abs(Math.floor(a / w) - Math.floor(b / w)) + Math.abs((a % w) - (b % w));

/** Manhattan distance of a pattern's placement to its goal (label L on cell L). */
export const patternManhattan = (labels: readonly number[], positions: readonly number[], w: number): number =>
  labels.reduce((s, l, i) => s + md(positions[i]!, l, w), 0);

/**
 * The reference builder: plain 0-1 breadth-first search over (placement, blank cell) states — the
 * blank steps onto a non-pattern cell for free, swaps with a pattern tile for one move — from the
 * goal placement with the blank on its goal cell (cell 0), so only the free region around that cell
 * holds goal states (docs/contracts/pdb.md, "Entries"). Returns the distance of every placement
 * (min over the blank's cells), -1 where unreachable. Memory: placements × cells bytes; small
 * patterns only.
 */
export function buildPatternReference(width: number, height: number, labels: readonly number[]): Int16Array {
  const cells = width * height;
  const k = labels.length;
  const size = placements(cells, k);
  const dist = new Int8Array(size * cells).fill(-1);
  const nbrs = Array.from({ length: cells }, (_, c) =>
    [c - width, c + width, c % width > 0 ? c - 1 : -1, c % width < width - 1 ? c + 1 : -1].filter((q) => q >= 0 && q < cells),
  );
  const goal = rankPlacement(labels, cells);
  // Cell 0 is never a pattern tile's: the 0-cost closure below spreads the blank over its region.
  dist[goal * cells] = 0;
  let layer: number[] = [goal * cells];
  for (let d = 0; layer.length > 0; d++) {
    const closed: number[] = [];
    for (const stack = [...layer]; stack.length > 0; ) {
      const id = stack.pop()!;
      closed.push(id);
      const r = Math.floor(id / cells);
      const pos = unrankPlacement(r, k, cells);
      for (const q of nbrs[id % cells]!) {
        if (pos.includes(q) || dist[r * cells + q] !== -1) continue;
        dist[r * cells + q] = d;
        stack.push(r * cells + q);
      }
    }
    const next: number[] = [];
    for (const id of closed) {
      const b = id % cells;
      const pos = unrankPlacement(Math.floor(id / cells), k, cells);
      for (const q of nbrs[b]!) {
        const i = pos.indexOf(q);
        if (i < 0) continue;
        const moved = pos.slice();
        moved[i] = b;
        const id2 = rankPlacement(moved, cells) * cells + q;
        if (dist[id2] !== -1) continue;
        dist[id2] = d + 1;
        next.push(id2);
      }
    }
    layer = next;
  }
  const out = new Int16Array(size).fill(-1);
  for (let r = 0; r < size; r++) {
    for (let b = 0; b < cells; b++) {
      const v = dist[r * cells + b]!;
      if (v >= 0 && (out[r] === -1 || v < out[r]!)) out[r] = v;
    }
  }
  return out;
}

/** A pattern's distance for placement r from its 4-bit table: Manhattan + 2 × entry. */
export function patternDistance(table: Uint8Array, labels: readonly number[], r: number, w: number, cells: number): number {
  return patternManhattan(labels, unrankPlacement(r, labels.length, cells), w) + 2 * entryAt(table, r);
}

/**
 * The maps of the canonical frame for a goal, or a reason why the partition does not apply: per
 * view (normal, then reflected) the label of each tile and the canonical cell of each board cell.
 */
export function pdbViews(spec: PdbSpec, goal: Board): { label: number[]; cell: number[] }[] | string {
  const { width: w, height: h } = goal;
  if (w !== spec.width || h !== spec.height) return `the ${spec.key} pattern databases are for ${spec.width}x${spec.height} boards`;
  if (goal.cells.includes(WALL)) return 'pattern databases need a board without walls';
  const g0 = goal.cells.indexOf(0);
  const flipCols = g0 % w === w - 1;
  const flipRows = Math.floor(g0 / w) === h - 1;
  if ((g0 % w !== 0 && !flipCols) || (Math.floor(g0 / w) !== 0 && !flipRows)) return "pattern databases need the goal's blank in a corner";
  const sigma = (c: number): number => {
    const r = Math.floor(c / w);
    const q = c % w;
    return (flipRows ? h - 1 - r : r) * w + (flipCols ? w - 1 - q : q);
  };
  const tau = (c: number): number => (c % w) * w + Math.floor(c / w);
  const goalCell: number[] = [];
  goal.cells.forEach((t, c) => {
    goalCell[t] = c;
  });
  const view = (f: (c: number) => number) => ({ label: goalCell.map((c) => f(c)), cell: goal.cells.map((_, c) => f(c)) });
  return [view(sigma), view((c) => tau(sigma(c)))];
}

/**
 * h over a board's cells with the tables (the TS reference of the kernel's lookup): Manhattan +
 * 2 × the max over views of the summed entries; one view unless `reflect`.
 */
export function pdbHeuristic(pdb: PdbTables, goal: Board, reflect: boolean): HeuristicFn {
  const views = pdbViews(pdb.spec, goal);
  if (typeof views === 'string') throw new InvalidInputError(views);
  const { width: w, patterns } = pdb.spec;
  const cells = w * pdb.spec.height;
  const used = reflect ? views : views.slice(0, 1);
  return (board) => {
    let best = 0;
    let manhattan = 0;
    used.forEach((v, vi) => {
      const where: number[] = [];
      for (let c = 0; c < cells; c++) if (board[c]! > 0) where[v.label[board[c]!]!] = v.cell[c]!;
      let sum = 0;
      patterns.forEach((labels, p) => {
        const pos = labels.map((l) => where[l]!);
        if (vi === 0) manhattan += patternManhattan(labels, pos, w);
        sum += entryAt(pdb.tables[p]!, rankPlacement(pos, cells));
      });
      if (sum > best) best = sum;
    });
    return manhattan + 2 * best;
  };
}
