/**
 * The WASM backend of the sliding-tile solver: a `Run` over the kernel of core-as/assembly/puzzle.
 * The search state lives in the instance's linear memory between steps; the counters and the path
 * are read back from it. Same contract as the TS reference (docs/contracts/puzzle.md): the
 * differential tests compare both exactly.
 */
import { codes } from '#core-as';
import { InvalidInputError, UnsupportedError } from '../core/errors.js';
import { KernelLease, MEMORY_LIMIT, type Kernels } from '../core/kernels.js';
import { MemoryAccount, defaultMemoryBytes } from '../core/memory.js';
import type { Run } from '../core/run.js';
import type { SearchCounters } from '../search/types.js';
import type { PdbExports, PuzzleExports } from './kernel.js';
import { isPdbName } from './pdb.js';
import { ensureResident, loadedPdb, pdbHome } from './pdb-store.js';
import { usesHeuristic, weightFraction, type Algorithm, type NormalizedSolveOptions } from './options.js';
import { MOVES, WALL, type Board, type Move } from './types.js';

/** Cells (walls included) the kernels handle: u16 tiles, 10-bit cell indices (32×32). */
export const WASM_MAX_CELLS = 1024;
const INPUT_STRIDE = 4 * WASM_MAX_CELLS; // bytes between the start and the goal board in the input area

/** How a puzzle search ended (both backends). */
export type PuzzleOutcome =
  | { kind: 'found'; moves: Move[] }
  | { kind: 'exhausted' } // frontier empty / no path within the depth limit
  | { kind: 'node-limit' } // expanded reached maxNodes
  /** The run's memory limit, or (`budget`) a budget shared with concurrent runs, was reached (WASM: trap caught, instance dropped). */
  | { kind: 'memory-limit'; budget?: true };

export interface PuzzleRun extends Run<PuzzleOutcome, SearchCounters> {
  /** idastar / wida: the threshold of the iteration in progress or last run (wida: den·g + num·h units). */
  threshold?(): number;
  /** A subtree run (parallel IDA*): the least f over its threshold once it ended (Infinity: none). */
  nextThreshold?(): number;
}

/**
 * One subtree of a parallel IDA* iteration (contract "Parallel IDA*"): the run's start board is the
 * node at `depth` reached by `incoming` (null at the start), searched with one iteration at `threshold`.
 */
export interface SubtreeRoot {
  depth: number;
  incoming: Move | null;
  threshold: number;
}

/** The memory-limit outcome, saying whether a shared budget (not the run's own limit) stopped it. */
export const memoryLimit = (account: MemoryAccount | undefined): PuzzleOutcome =>
  account?.refusedBy === 'budget' ? { kind: 'memory-limit', budget: true } : { kind: 'memory-limit' };

const ALGORITHM_CODE: Readonly<Partial<Record<Algorithm, number>>> = codes.puzzle.algorithm;
const STATUS = codes.puzzle.status;

/** Whether the kernels can run this board/algorithm (the facade falls back or reports otherwise). */
export function wasmSupports(board: Board, algorithm: Algorithm): boolean {
  const kernel = algorithm === 'anytime' ? 'wida' : algorithm; // anytime: a sequence of wida runs
  return ALGORITHM_CODE[kernel] !== undefined && board.width * board.height <= WASM_MAX_CELLS;
}

export interface WasmRunExtras {
  /** A fixed cap on the instance's memory (bytes), outside the shared budget; past it: outcome memory-limit. */
  memoryLimitBytes?: number;
  /** Search one subtree of parallel IDA* (idastar only). */
  subtree?: SubtreeRoot;
}

export function createWasmPuzzleRun(kernels: Kernels, start: Board, goal: Board, options: NormalizedSolveOptions, extras: WasmRunExtras = {}): PuzzleRun {
  const algo = ALGORITHM_CODE[options.algorithm];
  if (algo === undefined) throw new UnsupportedError(`${options.algorithm} has no WASM kernel; use the ts backend`);
  const { width, height } = start;
  if (width * height > WASM_MAX_CELLS) {
    throw new UnsupportedError(`the WASM kernels handle boards of up to ${WASM_MAX_CELLS} cells; this one has ${width * height} (use the ts backend)`);
  }
  if (goal.width !== width || goal.height !== height) {
    throw new InvalidInputError(`start is ${width}x${height} but goal is ${goal.width}x${goal.height}`);
  }

  // A pattern database's tables, loaded beforehand (loadPdb).
  const pdb = isPdbName(options.heuristic) ? loadedPdb(options.heuristic) : undefined;
  const account = extras.memoryLimitBytes === undefined ? new MemoryAccount(options.maxMemoryBytes ?? defaultMemoryBytes('wasm')) : undefined;
  // With pattern databases: on the instance that holds them when it is idle (no copy).
  const home = pdb !== undefined ? pdbHome(pdb, kernels) : kernels;
  const lease = new KernelLease<PuzzleExports & PdbExports>(home, extras.memoryLimitBytes ?? account);
  const ex = lease.exports;
  let outcome: PuzzleOutcome | null = null;
  let finalStats: SearchCounters | undefined;
  let finalThreshold: number | undefined;
  let finalNext: number | undefined;

  const readStats = (): SearchCounters => ({
    expanded: ex.puzzleExpanded(),
    generated: ex.puzzleGenerated(),
    unique: ex.puzzleUnique(),
    maxFrontier: ex.puzzleMaxFrontier(),
    iterations: ex.puzzleIterations(),
  });
  const readPath = (): Move[] => {
    // Addresses are u32 but the raw bindings return i32: past 2 GiB they arrive negative.
    const bytes = new Uint8Array(lease.buffer, ex.puzzlePathPointer() >>> 0, ex.puzzlePathLength());
    return Array.from(bytes, (m) => MOVES[m]!);
  };
  /** Records the end of the run: on a status other than running, or on a memory limit. */
  const settle = (status: number | typeof MEMORY_LIMIT): PuzzleOutcome | null => {
    if (status === MEMORY_LIMIT) {
      // The kernel wrote its counters back before trapping; the lease already dropped the instance.
      finalStats ??= readStats();
      return (outcome = memoryLimit(account));
    }
    if (status === STATUS.running) return null;
    if (status === STATUS.found) outcome = { kind: 'found', moves: readPath() };
    else if (status === STATUS.exhausted) outcome = { kind: 'exhausted' };
    else if (status === STATUS['node-limit']) outcome = { kind: 'node-limit' };
    else throw new Error(`searchlab kernel returned status ${status}`);
    finalStats = readStats();
    finalThreshold = ex.puzzleThreshold();
    finalNext = ex.puzzleNextThreshold();
    return outcome;
  };

  if (pdb !== undefined) {
    try {
      ensureResident(lease, pdb); // its own kernel calls: a memory trap there throws a limit error
    } catch (e) {
      lease.release();
      throw e;
    }
    ex.pdbReflect(options.pdbReflect ? 1 : 0);
  }
  const init = lease.call(() => {
    const input = new Int32Array(lease.buffer, ex.puzzleInput(), (2 * INPUT_STRIDE) / 4);
    for (let i = 0; i < width * height; i++) {
      input[i] = start.cells[i]! < 0 ? WALL : start.cells[i]!;
      input[INPUT_STRIDE / 4 + i] = goal.cells[i]! < 0 ? WALL : goal.cells[i]!;
    }
    const informed = usesHeuristic(options.algorithm);
    if (options.algorithm === 'wida') {
      const { num, den } = weightFraction(options.weight);
      ex.puzzleWida(num, den, options.incumbent, options.firstThreshold, options.lastThreshold);
    }
    const { subtree } = extras;
    if (subtree !== undefined) ex.puzzleSubtree(subtree.depth, subtree.incoming === null ? -1 : MOVES.indexOf(subtree.incoming), subtree.threshold);
    const h = !informed ? codes.puzzle.heuristic.none : isPdbName(options.heuristic) ? codes.puzzle.heuristic.pdb : codes.puzzle.heuristic[options.heuristic];
    return ex.puzzleInit(width, height, algo, h, informed && options.countBlank ? 1 : 0, options.weight, options.maxNodes);
  });
  if (init === MEMORY_LIMIT) settle(init);
  else if (init !== codes.puzzle.init.ok) {
    lease.release();
    if (init === codes.puzzle.init.size) throw new UnsupportedError(`the WASM kernels cannot handle a ${width}x${height} board`);
    if (init === codes.puzzle.init.board) throw new InvalidInputError('start and goal are not the same set of tiles and walls');
    throw new InvalidInputError('options not supported by the WASM kernels (countBlank with linear-conflict?)');
  } else settle(ex.puzzleStatus());

  return {
    step(budget: number): PuzzleOutcome | null {
      if (outcome !== null) return outcome;
      return settle(lease.call(() => ex.puzzleStep(Math.max(0, Math.floor(budget)))));
    },
    stats(): SearchCounters {
      return finalStats !== undefined ? { ...finalStats } : readStats();
    },
    threshold(): number {
      return finalThreshold ?? (lease.released ? NaN : ex.puzzleThreshold());
    },
    nextThreshold(): number {
      return finalNext ?? (lease.released ? NaN : ex.puzzleNextThreshold());
    },
    dispose(): void {
      finalStats ??= readStats();
      lease.release();
    },
  };
}
