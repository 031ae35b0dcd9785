/**
 * Loads the WebAssembly kernels of @searchlab/core-as, for every domain (one module, embedded as base64, so Node,
 * vitest, browsers and workers load the same bytes without fetch or fs).
 *
 * The compiled Module is cached; instances are cheap. A kernel keeps one run's state in its linear
 * memory, so a run claims an idle instance (`acquireKernels`) and gives it back when disposed
 * (`releaseKernels`). An instance that trapped, or whose memory grew large, is thrown away rather
 * than reused: memory never shrinks, and a trapped instance's state is undefined.
 */
import { wasmBase64 } from '#core-as';
import { checkObject, describe, reading } from './args.js';
import { InvalidInputError, WasmUnavailableError } from './errors.js';
import type { MemoryAccount } from './memory.js';
import { fromParentThread, type SharedSpace } from './shared-memory.js';

/**
 * The raw exports every domain shares (numbers and pointers only). Each domain types its own entry
 * points in engine/src/<domain>/kernel.ts and reads them through `domainExports`.
 */
export interface CommonExports {
  readonly memory: WebAssembly.Memory;
  /** The kernels' build version (changes when the WASM ABI changes). */
  kernelVersion(): number;
  /** 1 when the last trap was an allocation failure (a memory limit), not a bug. */
  memoryLimitHit(): number;
  /** Soft cap on the instance's memory in bytes (0 = only the module maximum, 4 GiB). */
  setMemoryLimit(bytes: number): void;
  /** Bytes of linear memory the instance has allocated so far. */
  memoryUsed(): number;
}

/**
 * The loaded WebAssembly kernels (one compiled module, one instance), as {@link loadKernels} returns them.
 * Only needed to run on the WASM backend synchronously: the async API loads them itself.
 */
export interface Kernels {
  readonly module: WebAssembly.Module;
  readonly instance: WebAssembly.Instance;
  readonly exports: CommonExports;
  /** The instance's memory (its `buffer` changes when it grows: take views after each call). */
  readonly memory: WebAssembly.Memory;
  /** Answers the arena's `arenaGrant(end)`: the new soft limit (< end refuses). Set by a lease. */
  grant: (end: number) => number;
  /**
   * For a module built on a shared memory: the memory's space, where the instance has a region of its own.
   * @internal
   */
  readonly space?: SharedSpace;
}

/** Throws InvalidInputError unless `value` is what {@link loadKernels} returns (an object holding a WebAssembly instance). */
export function checkKernels(value: unknown, name = 'kernels'): asserts value is Kernels {
  checkObject(value, name);
  const instance = reading(name, () => (value as Partial<Kernels>).instance);
  if (!(instance instanceof WebAssembly.Instance)) throw new InvalidInputError(`${name} must be the kernels loadKernels() returns, got ${describe(value)}`);
}

/** The arena region of an instance on a shared memory (the searches' stacks; the tables are the loader's). */
const REGION_BYTES = 32 * 1024 * 1024;

const refuse = (): number => 0;

/** Instances whose memory grew past this are dropped after use instead of pooled. */
const RETAIN_BYTES = 64 * 1024 * 1024;
/** Idle instances kept for reuse besides the shared one. */
const POOL_SIZE = 2;

let compiled: Promise<WebAssembly.Module> | undefined;
let shared: Kernels | undefined;
const busy = new WeakSet<Kernels>();
const broken = new WeakSet<Kernels>();
/** Instances kept whatever their size (they hold data worth keeping, e.g. pattern databases). */
const retained = new WeakSet<Kernels>();
/** Instances that belong to one holder: handed out only when asked for by identity, never pooled. */
const dedicated = new WeakSet<Kernels>();
const pool: Kernels[] = [];

/** base64 → bytes with atob (global in browsers, workers and Node ≥ 16). */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function imports(host: { grant: (end: number) => number }, memory?: WebAssembly.Memory): WebAssembly.Imports {
  return {
    env: {
      ...(memory !== undefined && { memory }),
      arenaGrant: (end: number): number => host.grant(end),
      // Only reachable from assertions, which the release build strips; kept for safety.
      abort(_message: number, _file: number, line: number, column: number): never {
        throw new Error(`searchlab kernel aborted at ${line}:${column}`);
      },
    },
  };
}

/** The entry points of a module built on a shared memory (core-as assembly/puzzle/shared.ts). */
interface RegionExports {
  staticDataEnd(): number;
  arenaRegion(start: number, end: number): void;
  _start(): void;
}

/**
 * A new instance of `module`, a build of the kernels. The engine instantiates its own module; tests
 * pass core-as's testing build (its hooks, tests/support/kernels.ts), and a run given such an
 * instance leases instances of that module. With `space`, `module` is the searches' shared-memory
 * build and the instance gets a region of `regionBytes` on that space's memory.
 */
export function instantiateKernels(module: WebAssembly.Module, space?: SharedSpace, regionBytes = REGION_BYTES): Kernels {
  const host = { grant: refuse };
  const instance = new WebAssembly.Instance(module, imports(host, space?.memory));
  const exports = instance.exports as unknown as CommonExports & RegionExports;
  if (space !== undefined) {
    const region = space.claim(regionBytes);
    if (region === undefined) throw new Error('the shared WebAssembly memory has no room left for another instance');
    exports.arenaRegion(region[0], region[1]);
    exports._start(); // takes the instance's static buffers from its region
  }
  const k: Kernels = {
    module,
    instance,
    exports,
    memory: space?.memory ?? exports.memory,
    space,
    get grant() {
      return host.grant;
    },
    set grant(fn) {
      host.grant = fn;
    },
  };
  if (space !== undefined) retained.add(k); // the memory is shared: its size says nothing about this instance
  return k;
}

/**
 * An instance of `module` (built on a shared memory) on `space`'s memory, with a region of
 * `regionBytes` of its own; kept for one holder like `dedicatedKernels`.
 */
export function sharedKernels(module: WebAssembly.Module, space: SharedSpace, regionBytes = REGION_BYTES): Kernels {
  const k = instantiateKernels(module, space, regionBytes);
  dedicated.add(k);
  return k;
}

/*
 * Compiled modules are shared with the worker threads this thread starts: node/pool.ts hands them
 * over in `workerData` (modulesForWorkers), and a worker instantiates its parent's module instead of
 * compiling the same bytes again: V8 keeps one copy of the machine code for every thread (about
 * 5–10 ms less per worker's start here: docs/parallel.md).
 */

/** A short name for a module's source (its length and FNV-1a hash), the same in every thread. */
function fingerprint(base64: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < base64.length; i++) h = Math.imul(h ^ base64.charCodeAt(i), 0x01000193);
  return `${base64.length}:${(h >>> 0).toString(16)}`;
}

/** Modules by fingerprint: compiled in this thread, or handed over by the thread that started it. */
const modules = new Map<string, WebAssembly.Module>(
  Object.entries((fromParentThread('searchlabModules') ?? {}) as Record<string, unknown>).filter(
    (e): e is [string, WebAssembly.Module] => typeof WebAssembly === 'object' && e[1] instanceof WebAssembly.Module,
  ),
);
/** Sources compiled for the workers this thread starts, if not yet compiled here: the kernels, and those shared explicitly. */
const sources = new Map<string, string>([[fingerprint(wasmBase64), wasmBase64]]);

/** Compiles another module of @searchlab/core-as (base64, like the kernels), once per process. */
export async function compileWasm(base64: string): Promise<WebAssembly.Module> {
  const id = fingerprint(base64);
  const known = modules.get(id);
  if (known !== undefined) return known;
  const module = await WebAssembly.compile(decodeBase64(base64));
  if (!modules.has(id)) modules.set(id, module);
  return modules.get(id)!;
}

/** Marks a module's source as one the workers this thread starts will use (compiled when they start). */
export function shareWasmWithWorkers(base64: string): void {
  sources.set(fingerprint(base64), base64);
}

/**
 * The modules to hand to a worker thread about to start, for its `workerData.searchlabModules`:
 * every module compiled in this thread, and the shared sources compiled now if they were not yet
 * (synchronously: Node only; a worker that gets none compiles its own).
 */
export function modulesForWorkers(): Record<string, WebAssembly.Module> {
  for (const [id, base64] of sources) {
    if (modules.has(id)) continue;
    try {
      modules.set(id, new WebAssembly.Module(decodeBase64(base64)));
    } catch {
      // No WebAssembly here: the workers find out themselves.
    }
  }
  return Object.fromEntries(modules);
}

/** The kernels' module, compiled once; a refusal to compile (CSP, no WebAssembly) is a WasmUnavailableError. */
async function compileKernels(): Promise<WebAssembly.Module> {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.compile !== 'function') {
    throw new WasmUnavailableError(new Error('this JavaScript runtime has no WebAssembly'));
  }
  try {
    return await compileWasm(wasmBase64);
  } catch (e) {
    // The bytes are ours and valid: a failure here is the environment refusing to compile.
    throw new WasmUnavailableError(e);
  }
}

/**
 * Compiles (once) and instantiates the kernels.
 *
 * @returns The shared instance (a run leases its own with `KernelLease`).
 * @throws {WasmUnavailableError} When WebAssembly cannot be compiled here (a Content-Security-Policy
 *   without `'wasm-unsafe-eval'`, or no WebAssembly); the TypeScript backend (`backend: 'ts'`) still works.
 * @example
 * ```ts
 * import { loadKernels } from '@searchlab/engine';
 * await loadKernels(); // later synchronous solves (solvePuzzleSync …) can use the WASM backend
 * ```
 */
export async function loadKernels(): Promise<Kernels> {
  if (shared !== undefined) return shared;
  compiled ??= compileKernels();
  // A refusal is not cached: a later call (say, after the page's policy changed) tries again.
  const module = await compiled.catch((e: unknown) => {
    compiled = undefined;
    throw e;
  });
  shared ??= instantiateKernels(module);
  return shared;
}

/** The kernels if `loadKernels()` has completed, else undefined (for synchronous callers). */
export function kernelsIfLoaded(): Kernels | undefined {
  return shared;
}

/** A new instance of the same compiled module (fresh memory). */
export function freshKernels(from: Kernels): Kernels {
  return instantiateKernels(from.module, from.space);
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
  k.grant = refuse;
  return k;
}

/** Ends a run's claim. `trapped`: the instance hit a trap and must never run again. */
export function releaseKernels(k: Kernels, trapped = false): void {
  busy.delete(k);
  if (trapped || (k.memory.buffer.byteLength > RETAIN_BYTES && !retained.has(k))) {
    broken.add(k);
    if (shared === k) shared = freshKernels(k);
    return;
  }
  if (k !== shared && !dedicated.has(k) && pool.length < POOL_SIZE && !pool.includes(k)) pool.push(k);
}

/**
 * A fresh instance kept for one holder (e.g. the pattern databases' tables): retained whatever its
 * size, and never given to a run that did not ask for it by identity.
 */
export function dedicatedKernels(from: Kernels): Kernels {
  const k = freshKernels(from);
  dedicated.add(k);
  retained.add(k);
  return k;
}

/** Whether the instance trapped or was dropped (it never runs again; its memory is still readable). */
export function kernelsBroken(k: Kernels): boolean {
  return broken.has(k);
}

/** Keeps `k` after use even when its memory grew past the usual limit (until it traps). */
export function retainKernels(k: Kernels): void {
  retained.add(k);
}

/** A domain's view of an instance's exports (the module holds every domain's entry points). */
export function domainExports<E>(k: Kernels): E & CommonExports {
  return k.exports as unknown as E & CommonExports;
}

/** What `KernelLease.call` returns when the instance ran out of memory (the instance is dropped). */
export const MEMORY_LIMIT: unique symbol = Symbol('memory-limit');

/**
 * One run's claim on an instance. `call` runs kernel code and handles traps the same way for every
 * domain: a trap leaves the instance undefined, so it is dropped; an allocation failure is a memory
 * limit (MEMORY_LIMIT), anything else a bug (rethrown).
 *
 * Memory: a number is a fixed soft limit in bytes; a `MemoryAccount` (core/memory.ts) is charged
 * for the arena as it grows (its end address: static data included), so the run counts against its
 * own limit and the process-wide budget. The lease closes the account on release.
 */
export class KernelLease<E> {
  readonly kernels: Kernels;
  readonly exports: E & CommonExports;
  private done = false;

  private readonly account: MemoryAccount | undefined;

  constructor(kernels: Kernels, memory?: number | MemoryAccount) {
    this.kernels = acquireKernels(kernels);
    this.exports = domainExports<E>(this.kernels);
    if (typeof memory === 'number') this.exports.setMemoryLimit(memory);
    else if (memory !== undefined) {
      this.account = memory;
      const grant = (end: number): number => (memory.charge(Math.max(0, end - memory.used)) ? memory.granted : 0);
      this.kernels.grant = grant;
      // Any nonzero limit makes the arena ask at its first allocation past it.
      this.exports.setMemoryLimit(Math.max(1, grant(1)));
    }
  }

  /** The instance's memory buffer now (it changes when memory grows: take views after each call). */
  get buffer(): ArrayBuffer {
    return this.kernels.memory.buffer;
  }

  get released(): boolean {
    return this.done;
  }

  call<T>(fn: (ex: E & CommonExports) => T): T | typeof MEMORY_LIMIT {
    if (this.done) throw new Error('this kernel run was disposed');
    try {
      return fn(this.exports);
    } catch (e) {
      const trapped = e instanceof WebAssembly.RuntimeError;
      const limit = trapped && this.exports.memoryLimitHit() === 1;
      this.release(trapped);
      if (limit) return MEMORY_LIMIT;
      throw e;
    }
  }

  release(trapped = false): void {
    if (this.done) return;
    this.done = true;
    this.account?.close();
    releaseKernels(this.kernels, trapped);
  }
}
