/**
 * Loads the WebAssembly kernels of @searchlab/core-as (one module, embedded as base64, so Node,
 * vitest, browsers and workers load the same bytes without fetch or fs).
 *
 * The compiled Module is cached; instances are cheap. A kernel keeps one run's state in its linear
 * memory, so a run claims an idle instance (`acquireKernels`) and gives it back when disposed
 * (`releaseKernels`). An instance that trapped, or whose memory grew large, is thrown away rather
 * than reused: memory never shrinks, and a trapped instance's state is undefined.
 */
import { wasmBase64 } from '@searchlab/core-as';

/** The raw exports of kernels.wasm (numbers and pointers only). */
export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  kernelVersion(): number;
  /** 1 when the last trap was an allocation failure (a memory limit), not a bug. */
  memoryLimitHit(): number;
  /** Soft cap on the instance's memory in bytes (0 = only the module maximum, 4 GiB). */
  setMemoryLimit(bytes: number): void;
  memoryUsed(): number;
  /** Address of the input area: start board (i32 per cell) then the goal at +4096 bytes. */
  puzzleInput(): number;
  puzzleInit(width: number, height: number, algorithm: number, heuristic: number, countBlank: number, weight: number, maxNodes: number): number;
  /** At most `budget` expansions: 0 running, 1 found, 2 exhausted, 3 node limit. */
  puzzleStep(budget: number): number;
  puzzleStatus(): number;
  /** The best-first open list in use: 1 bucket grid, 2 heap, 0 none (a diagnostic for tests). */
  puzzleOpenKind(): number;
  statExpanded(): number;
  statGenerated(): number;
  statUnique(): number;
  statMaxFrontier(): number;
  statIterations(): number;
  /** Address of the path (an i32 from the raw bindings: use `>>> 0`). */
  pathPointer(): number;
  pathLength(): number;
}

export interface Kernels {
  readonly module: WebAssembly.Module;
  readonly instance: WebAssembly.Instance;
  readonly exports: KernelExports;
  /** The instance's memory (its `buffer` changes when it grows: take views after each call). */
  readonly memory: WebAssembly.Memory;
}

/** Instances whose memory grew past this are dropped after use instead of pooled. */
const RETAIN_BYTES = 64 * 1024 * 1024;
/** Idle instances kept for reuse besides the shared one. */
const POOL_SIZE = 2;

let compiled: Promise<WebAssembly.Module> | undefined;
let shared: Kernels | undefined;
const busy = new WeakSet<Kernels>();
const broken = new WeakSet<Kernels>();
const pool: Kernels[] = [];

/** base64 → bytes with atob (global in browsers, workers and Node ≥ 16). */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function imports(): WebAssembly.Imports {
  return {
    env: {
      // Only reachable from assertions, which the release build strips; kept for safety.
      abort(_message: number, _file: number, line: number, column: number): never {
        throw new Error(`searchlab kernel aborted at ${line}:${column}`);
      },
    },
  };
}

function instantiate(module: WebAssembly.Module): Kernels {
  const instance = new WebAssembly.Instance(module, imports());
  const exports = instance.exports as unknown as KernelExports;
  return { module, instance, exports, memory: exports.memory };
}

/** Compiles (once) and instantiates the kernels. */
export async function loadKernels(): Promise<Kernels> {
  if (shared !== undefined) return shared;
  compiled ??= WebAssembly.compile(decodeBase64(wasmBase64));
  const module = await compiled;
  shared ??= instantiate(module);
  return shared;
}

/** The kernels if `loadKernels()` has completed, else undefined (for synchronous callers). */
export function kernelsIfLoaded(): Kernels | undefined {
  return shared;
}

/** A new instance of the same compiled module (fresh memory). */
export function freshKernels(from: Kernels): Kernels {
  return instantiate(from.module);
}

/**
 * An instance for one run: `kernels` itself when idle and healthy, else a pooled or fresh instance
 * of the same module. Give it back with `releaseKernels`.
 */
export function acquireKernels(kernels: Kernels): Kernels {
  let k: Kernels | undefined;
  if (!busy.has(kernels) && !broken.has(kernels)) k = kernels;
  else {
    const i = pool.findIndex((p) => p.module === kernels.module);
    k = i >= 0 ? pool.splice(i, 1)[0]! : freshKernels(kernels);
  }
  busy.add(k);
  k.exports.setMemoryLimit(0);
  return k;
}

/** Ends a run's claim. `trapped`: the instance hit a trap and must never run again. */
export function releaseKernels(k: Kernels, trapped = false): void {
  busy.delete(k);
  if (trapped || k.memory.buffer.byteLength > RETAIN_BYTES) {
    broken.add(k);
    if (shared === k) shared = freshKernels(k);
    return;
  }
  if (k !== shared && pool.length < POOL_SIZE && !pool.includes(k)) pool.push(k);
}
