/**
 * `--algorithm construct` on either backend: the constructive move list (construct.ts, or its WASM
 * twin) and the post-pass (postpass.ts), with the lengths before and after and the time of each.
 */
import type { Backend } from '../core/backend.js';
import { InvalidInputError, UnsupportedError } from '../core/errors.js';
import { KernelLease, MEMORY_LIMIT, type Kernels } from '../core/kernels.js';
import { MemoryAccount, defaultMemoryBytes } from '../core/memory.js';
import { cellName } from './board.js';
import { constructMoves } from './construct.js';
import type { ConstructExports } from './kernel.js';
import { postPass } from './postpass.js';
import { WALL, type Board } from './types.js';

export interface ConstructOutcome {
  /** The constructive list (move codes). */
  raw: Uint8Array;
  /** After the post-pass. */
  moves: Uint8Array;
  constructMs: number;
  postPassMs: number;
}

const now = (): number => globalThis.performance.now();

/** Refuses what construct does not handle (walls); one line naming the cell. */
export function checkConstructable(start: Board): void {
  const wall = start.cells.indexOf(WALL);
  if (wall >= 0) {
    throw new InvalidInputError(`construct solves boards without walls; the board has a wall at ${cellName(start.width, wall)}`);
  }
}

/**
 * Both lists, null when the board cannot reach the goal, or MEMORY_LIMIT when the WASM instance
 * would pass `maxMemoryBytes` (default: the backend's, shared with concurrent runs). Start and goal
 * are valid and wall-free.
 */
export function constructOutcome(
  start: Board,
  goal: Board,
  backend: Backend,
  kernels?: Kernels,
  maxMemoryBytes?: number,
): ConstructOutcome | null | typeof MEMORY_LIMIT {
  const { width, height } = start;
  if (backend === 'ts') {
    const t0 = now();
    const raw = constructMoves(width, height, start.cells, goal.cells);
    const t1 = now();
    if (raw === null) return null;
    const moves = postPass(width, height, start.cells, raw);
    return { raw, moves, constructMs: t1 - t0, postPassMs: now() - t1 };
  }
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  const lease = new KernelLease<ConstructExports>(kernels, new MemoryAccount(maxMemoryBytes ?? defaultMemoryBytes('wasm')));
  const ex = lease.exports;
  const n = width * height;
  try {
    const t0 = now();
    const solved = lease.call(() => {
      const input = new Int32Array(lease.buffer, ex.constructBegin(width, height) >>> 0, 2 * n);
      input.set(start.cells);
      input.set(goal.cells, n);
      return ex.constructRun();
    });
    const t1 = now();
    if (solved === MEMORY_LIMIT) return MEMORY_LIMIT;
    if (solved === 0) return null;
    const raw = new Uint8Array(lease.buffer, ex.constructMovesPointer() >>> 0, ex.constructMovesLength()).slice();
    const t2 = now();
    const post = lease.call(() => ex.constructPostPass());
    if (post === MEMORY_LIMIT) return MEMORY_LIMIT;
    const moves = new Uint8Array(lease.buffer, ex.constructPostPointer() >>> 0, post).slice();
    return { raw, moves, constructMs: t1 - t0, postPassMs: now() - t2 };
  } finally {
    if (!lease.released) lease.release();
  }
}
