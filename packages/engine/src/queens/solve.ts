/**
 * The N-Queens facade: validation, the backend choice, one driven Run, a typed result. Counting is
 * in counting.ts.
 */
import type { Backend } from '../core/backend.js';
import { checkOptionalBackend, describe } from '../core/args.js';
import { InvalidInputError, UnsupportedError } from '../core/errors.js';
import { kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import { normalizeQueensOptions, type NormalizedQueensOptions, type QueensAlgorithm, type QueensSolveOptions, type QueensStats } from './options.js';
import { createTsQueensRun, type QueensRun } from './ts-run.js';
import { createWasmQueensRun } from './wasm-run.js';

/** How a solve ended: solved, out of steps (`limit`), no solution for this N, timed out, or aborted. */
export type QueensStatus = 'solved' | 'limit' | 'unsolvable' | 'timeout' | 'aborted';

/**
 * What {@link solveQueens} returns: the status, the board (a solution when solved), the counters, and the run's settings.
 */
export interface QueensSolveResult extends QueensStats {
  n: number;
  algorithm: QueensAlgorithm;
  backend: Backend;
  seed: number;
  status: QueensStatus;
  /** The board when the run ended (a solution when status is 'solved'). */
  positions: Int32Array;
  /** hill-climbing: the seed's score at the start and after each step (capped by historyLimit). */
  history: number[];
  timeMs: number;
}

/** The backend a request runs on: the one asked for, else WASM (every algorithm has a kernel: QUEENS_ALGORITHMS are the kernel's codes). */
export function chooseQueensBackend(_algorithm: QueensAlgorithm, requested?: Backend): Backend {
  checkOptionalBackend(requested);
  return requested ?? 'wasm';
}

function createRun(o: NormalizedQueensOptions, backend: Backend, kernels: Kernels | undefined): QueensRun {
  if (backend === 'ts') return createTsQueensRun(o);
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  return createWasmQueensRun(kernels, o);
}

/** `initMs`: preparing the run (allocation, the start board; all of construct on WASM) counts as solver time. */
function finish(
  o: NormalizedQueensOptions,
  backend: Backend,
  run: QueensRun,
  driven: Driven<{ kind: string }, QueensStats>,
  initMs: number,
): QueensSolveResult {
  let status: QueensStatus;
  if (driven.status !== 'done') status = driven.status;
  else if (driven.outcome.kind === 'memory-limit') status = 'limit';
  else status = driven.outcome.kind as QueensStatus;
  return {
    n: o.n,
    algorithm: o.algorithm,
    backend,
    seed: o.seed,
    status,
    ...driven.stats,
    positions: run.positions(),
    history: run.history(),
    timeMs: initMs + driven.workMs,
  };
}

const driveOptions = (options: QueensSolveOptions): DriveOptions<QueensStats> => ({
  timeoutMs: options.timeoutMs,
  signal: options.signal,
  onProgress: options.onProgress,
});

/**
 * Solves N-Queens with one algorithm; never throws for a limit (status 'limit' with the stats so far).
 *
 * @param n - Number of queens.
 * @param options - `algorithm` (default by `n`), `seed`, `maxSteps`, `backend`, `timeoutMs`, `signal`.
 * @returns The placement (`positions[row] = column`), `status` and the search's statistics.
 * @throws {InvalidInputError} On an invalid `n` or option.
 * @throws {WasmUnavailableError} On the WASM backend (the default) when WebAssembly cannot compile here (a CSP without `'wasm-unsafe-eval'`).
 * @example
 * ```ts
 * import { solveQueens } from '@searchlab/engine/queens';
 * const r = await solveQueens(1000, { algorithm: 'min-conflicts', seed: 1 });
 * console.log(r.status); // solved
 * ```
 */
export async function solveQueens(n: number, options: QueensSolveOptions = {}): Promise<QueensSolveResult> {
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const kernels = backend === 'wasm' ? await loadKernels() : undefined;
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, kernels);
  const initMs = globalThis.performance.now() - t0;
  return finish(o, backend, run, await runAsync(run, driveOptions(options)), initMs);
}

/** Synchronous solve (WASM needs `await loadKernels()` once before). */
export function solveQueensSync(n: number, options: QueensSolveOptions = {}): QueensSolveResult {
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, backend === 'wasm' ? kernelsIfLoaded() : undefined);
  const initMs = globalThis.performance.now() - t0;
  return finish(o, backend, run, runSync(run, driveOptions(options)), initMs);
}

/** The first boards of a traced solve and their conflicts (see {@link traceQueens}). */
export interface QueensTrace {
  /** The board after each of the first steps (frames[0] is the start), at most `maxFrames`. */
  frames: number[][];
  /** Attacking pairs on each frame. */
  conflicts: number[];
}

/** The recorded part of a traced solve: the board after each of its first `maxFrames − 1` steps. */
function beginTrace(n: number, options: QueensSolveOptions, maxFrames: number) {
  // 0 records nothing (the lab asks for no frames past the boards it draws).
  if (!(typeof maxFrames === 'number' && Number.isSafeInteger(maxFrames) && maxFrames >= 0)) {
    throw new InvalidInputError(`maxFrames must be a whole number of frames (0 or more), got ${describe(maxFrames)}`);
  }
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, backend === 'wasm' ? kernelsIfLoaded() : undefined);
  const trace: QueensTrace = { frames: [], conflicts: [] };
  // A step may take several budget units (set-up and scans run in chunks), and a call with budget 1
  // never finishes one step and starts the next: so the board before the call in which the step
  // count moves from k to k + 1 is the board after step k (k = 0: the start).
  let seen = 0;
  while (trace.frames.length < maxFrames && options.signal?.aborted !== true) {
    const before = Array.from(run.positions());
    const pairs = run.stats().conflicts;
    const out = run.step(1);
    if (run.stats().steps > seen) {
      seen = run.stats().steps;
      trace.frames.push(before);
      trace.conflicts.push(pairs);
    }
    if (out !== null) break;
  }
  return { o, backend, run, trace, maxFrames, initMs: globalThis.performance.now() - t0 };
}

/** The result of a traced solve, its final board appended to the frames when they stopped short of it. */
function endTrace(begun: ReturnType<typeof beginTrace>, driven: Parameters<typeof finish>[3]): { result: QueensSolveResult; trace: QueensTrace } {
  const { o, backend, run, trace, maxFrames, initMs } = begun;
  const result = finish(o, backend, run, driven, initMs);
  if (trace.frames.length < maxFrames && result.status === 'solved') {
    const last = trace.frames.at(-1)!;
    if (last.some((c, i) => c !== result.positions[i])) {
      trace.frames.push(Array.from(result.positions));
      trace.conflicts.push(result.conflicts);
    }
  }
  return { result, trace };
}

/**
 * A solve that also records the board after each of its first `maxFrames − 1` steps (for animating
 * small boards), then finishes like `solveQueensSync`. Same result as an untraced run (budgets never
 * change results). WASM needs `await loadKernels()` first.
 */
export function traceQueensSync(n: number, options: QueensSolveOptions = {}, maxFrames = 2000): { result: QueensSolveResult; trace: QueensTrace } {
  const begun = beginTrace(n, options, maxFrames);
  return endTrace(begun, runSync(begun.run, driveOptions(options)));
}

/** `traceQueensSync` whose search after the frames runs in slices: progress, cancellation, a time limit. */
export async function traceQueens(n: number, options: QueensSolveOptions = {}, maxFrames = 2000): Promise<{ result: QueensSolveResult; trace: QueensTrace }> {
  const begun = beginTrace(n, options, maxFrames);
  return endTrace(begun, await runAsync(begun.run, driveOptions(options)));
}
