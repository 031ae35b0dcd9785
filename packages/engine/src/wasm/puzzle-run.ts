/**
 * The WASM backend of the sliding-tile solver: a `SearchRun` over the kernels of core-as
 * (assembly/puzzle). The search state lives in the instance's linear memory between steps; the
 * counters and the path are read back from it. Same contract as the TS reference
 * (docs/search-contract.md): the differential tests compare both exactly.
 */
import { InvalidInputError, UnsupportedError } from '../errors.js';
import { MOVES, WALL, type Board, type Move } from '../puzzle/types.js';
import type { RunOutcome, SearchRun } from '../search/run.js';
import type { Algorithm, HeuristicName, NormalizedSolveOptions, SearchStats } from '../search/types.js';
import { acquireKernels, releaseKernels, type Kernels } from './loader.js';

/** Cells (walls included) the kernels handle: u16 tiles, 10-bit cell indices (32×32). */
export const WASM_MAX_CELLS = 1024;

const ALGORITHM_CODE: Partial<Record<Algorithm, number>> = { bfs: 0, ucs: 1, greedy: 2, astar: 3, wastar: 4, idastar: 5 };
const HEURISTIC_CODE: Readonly<Record<HeuristicName, number>> = { misplaced: 0, manhattan: 1, euclidean: 2, 'linear-conflict': 3 };
const INPUT_STRIDE = 4 * WASM_MAX_CELLS; // bytes between the start and the goal board in the input area

const STATUS: Readonly<Record<number, RunOutcome['kind'] | null>> = { 0: null, 1: 'found', 2: 'exhausted', 3: 'node-limit' };

export interface WasmRunExtras {
  /** Cap the instance's memory (bytes); past it the run ends with outcome memory-limit. */
  memoryLimitBytes?: number;
}

/** Whether the kernels can run this board/algorithm (the facade falls back or reports otherwise). */
export function wasmSupports(board: Board, algorithm: Algorithm): boolean {
  return ALGORITHM_CODE[algorithm] !== undefined && board.width * board.height <= WASM_MAX_CELLS;
}

export function createWasmPuzzleRun(
  kernels: Kernels,
  start: Board,
  goal: Board,
  options: NormalizedSolveOptions,
  extras: WasmRunExtras = {},
): SearchRun {
  const algo = ALGORITHM_CODE[options.algorithm];
  if (algo === undefined) throw new UnsupportedError(`${options.algorithm} has no WASM kernel; use backend ts`);
  const { width, height } = start;
  if (width * height > WASM_MAX_CELLS) {
    throw new UnsupportedError(`the WASM kernels handle boards of up to ${WASM_MAX_CELLS} cells; this one has ${width * height} (use backend ts)`);
  }
  if (goal.width !== width || goal.height !== height) {
    throw new InvalidInputError(`start is ${width}x${height} but goal is ${goal.width}x${goal.height}`);
  }

  const k = acquireKernels(kernels);
  const ex = k.exports;
  let outcome: RunOutcome | null = null;
  let finalStats: SearchStats | undefined;
  let released = false;

  const readStats = (): SearchStats => ({
    expanded: ex.statExpanded(),
    generated: ex.statGenerated(),
    unique: ex.statUnique(),
    maxFrontier: ex.statMaxFrontier(),
    iterations: ex.statIterations(),
    timeMs: 0,
  });
  const release = (trapped: boolean): void => {
    if (released) return;
    finalStats ??= readStats();
    released = true;
    releaseKernels(k, trapped);
  };
  const readPath = (): Move[] => {
    const len = ex.pathLength();
    // Addresses are u32 but the raw bindings return i32: past 2 GiB they arrive negative.
    const bytes = new Uint8Array(k.memory.buffer, ex.pathPointer() >>> 0, len);
    return Array.from(bytes, (m) => MOVES[m]!);
  };
  const settle = (status: number): RunOutcome | null => {
    const kind = STATUS[status];
    if (kind === undefined) throw new Error(`searchlab kernel returned status ${status}`);
    if (kind === null) return null;
    outcome = kind === 'found' ? { kind, moves: readPath() } : { kind } as RunOutcome;
    finalStats = readStats();
    return outcome;
  };

  try {
    if (extras.memoryLimitBytes !== undefined) ex.setMemoryLimit(extras.memoryLimitBytes);
    const input = new Int32Array(k.memory.buffer, ex.puzzleInput(), (2 * INPUT_STRIDE) / 4);
    for (let i = 0; i < width * height; i++) {
      input[i] = start.cells[i]! < 0 ? WALL : start.cells[i]!;
      input[INPUT_STRIDE / 4 + i] = goal.cells[i]! < 0 ? WALL : goal.cells[i]!;
    }
    const informed = algo >= 2;
    const code = ex.puzzleInit(
      width, height, algo, informed ? HEURISTIC_CODE[options.heuristic] : -1,
      informed && options.countBlank ? 1 : 0, options.weight, options.maxNodes,
    );
    if (code === 1) throw new UnsupportedError(`the WASM kernels cannot handle a ${width}x${height} board`);
    if (code === 2) throw new InvalidInputError('start and goal are not the same set of tiles and walls');
    if (code === 3) throw new InvalidInputError('options not supported by the WASM kernels (countBlank with linear-conflict?)');
    settle(ex.puzzleStatus());
  } catch (e) {
    const trapped = e instanceof WebAssembly.RuntimeError;
    if (trapped && ex.memoryLimitHit() === 1) {
      outcome = { kind: 'memory-limit' };
      release(true);
    } else {
      release(trapped);
      throw e;
    }
  }

  return {
    step(budget: number): RunOutcome | null {
      if (outcome !== null) return outcome;
      if (released) throw new Error('this search run was disposed');
      let status: number;
      try {
        status = ex.puzzleStep(Math.max(0, Math.floor(budget)));
      } catch (e) {
        // A trap leaves the instance undefined: drop it. An allocation failure is a memory limit
        // (the kernel wrote its counters back before trapping); anything else is a bug.
        if (e instanceof WebAssembly.RuntimeError && ex.memoryLimitHit() === 1) {
          outcome = { kind: 'memory-limit' };
          release(true);
          return outcome;
        }
        release(e instanceof WebAssembly.RuntimeError);
        throw e;
      }
      return settle(status);
    },
    stats(): SearchStats {
      return finalStats !== undefined ? { ...finalStats } : readStats();
    },
    dispose(): void {
      release(false);
    },
  };
}
