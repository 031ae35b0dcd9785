/**
 * Memory limits for every backend of every domain: one process-wide ledger that runs reserve from
 * and release to, so that concurrent runs in one process (one JS realm) share one budget, and a
 * per-run `MemoryAccount` that counts what the run stores against its own limit and the ledger.
 *
 * The TS references count estimated bytes per stored node (search/algorithms.ts); the WASM kernels
 * count their arena (core/kernels.ts asks the account whenever the arena passes its grant). Worker
 * threads are separate realms: each has its own ledger.
 */
import { checkString, describe, reading } from './args.js';
import { InvalidInputError } from './errors.js';
import { parseDecimal } from './numbers.js';
import { fromParentThread } from './shared-memory.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** One WASM instance cannot address more (no 64-bit memory). */
export const WASM_MEMORY_CEILING = 4 * GiB;
/** A run reserves from the ledger in chunks of this size (fewer ledger calls, small overshoot). */
const CHUNK = 4 * MiB;

interface NodeLike {
  getBuiltinModule?(id: string): unknown;
  constrainedMemory?(): number | undefined;
}

/** The machine's memory (the cgroup limit when smaller), or undefined when it cannot be known. Read once:
 * Node reads the cgroup files on every call, which cost ~0.5 ms per solve of a batch. */
let machineBytes: { value: number | undefined } | undefined;
function machineMemory(): number | undefined {
  machineBytes ??= { value: readMachineMemory() };
  return machineBytes.value;
}

function readMachineMemory(): number | undefined {
  const proc = (globalThis as { process?: NodeLike }).process;
  const os = proc?.getBuiltinModule?.('node:os') as { totalmem(): number } | undefined;
  const constrained = proc?.constrainedMemory?.();
  let total = os?.totalmem();
  if (constrained !== undefined && constrained > 0 && (total === undefined || constrained < total)) total = constrained;
  if (total === undefined) {
    const gb = (globalThis as { navigator?: { deviceMemory?: number } }).navigator?.deviceMemory;
    if (typeof gb === 'number' && gb > 0) total = gb * GiB;
  }
  return total;
}

/** V8's heap limit when it can be read (Node), else undefined. */
function heapLimit(): number | undefined {
  const proc = (globalThis as { process?: NodeLike }).process;
  const v8 = proc?.getBuiltinModule?.('node:v8') as { getHeapStatistics(): { heap_size_limit: number } } | undefined;
  return v8?.getHeapStatistics().heap_size_limit;
}

/**
 * The process budget by default: half the machine's memory (1 GiB when unknown), at most the WASM
 * ceiling. A TS run's default is lower still: a third of V8's heap limit (the estimate of
 * search/algorithms.ts counts what the search stores, not the garbage a collector lags behind on).
 */
export function defaultMemoryBytes(backend: 'wasm' | 'ts' = 'wasm'): number {
  const machine = machineMemory();
  let bytes = Math.min(WASM_MEMORY_CEILING, machine === undefined ? GiB : Math.floor(machine / 2));
  if (backend === 'ts') bytes = Math.min(bytes, Math.floor((heapLimit() ?? 2 * GiB) / 3));
  return bytes;
}

const KiB = 1024;
/** Whole KiB at or above `bytes`: the ledger's unit. */
const kib = (bytes: number): number => Math.ceil(bytes / KiB);

/**
 * The budget every run of this process shares, kept in KiB in a SharedArrayBuffer
 * ([used, limit], updated with Atomics) so that worker threads given `shared` share it too. Where
 * SharedArrayBuffer is missing (a page that is not cross-origin isolated) it is a plain buffer.
 */
/** A byte count: a non-negative number (Infinity: no limit). */
function checkBytesLimit(value: unknown, name: string): void {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0)
    throw new InvalidInputError(`${name} must be a number of bytes (0 or more), got ${describe(value)}`);
}

export class MemoryLedger {
  /** Pass to a worker thread (node/pool.ts does, as workerData.searchlabMemory). */
  readonly shared: SharedArrayBuffer | ArrayBuffer;
  private readonly cells: Int32Array;

  constructor(limit: number, shared?: SharedArrayBuffer) {
    checkBytesLimit(limit, 'limit');
    const isShared = reading('shared', () => typeof SharedArrayBuffer === 'function' && shared instanceof SharedArrayBuffer);
    if (shared !== undefined && !(isShared && shared.byteLength >= 8)) {
      throw new InvalidInputError(`shared must be a SharedArrayBuffer of 8 bytes or more (a ledger's .shared), got ${describe(shared)}`);
    }
    this.shared = shared ?? (typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(8) : new ArrayBuffer(8));
    this.cells = new Int32Array(this.shared);
    if (shared === undefined) Atomics.store(this.cells, 1, Math.min(2 ** 31 - 1, kib(limit)));
  }

  get reserved(): number {
    return Atomics.load(this.cells, 0) * KiB;
  }

  get budget(): number {
    return Atomics.load(this.cells, 1) * KiB;
  }

  /** Change the budget (runs already holding more keep it until they release). */
  setBudget(bytes: number): void {
    checkMemoryBytes(bytes, 'budget');
    Atomics.store(this.cells, 1, Math.min(2 ** 31 - 1, kib(bytes)));
  }

  /** Take `bytes` (whole KiB) when they fit; false (and nothing taken) when they do not. */
  reserve(bytes: number): boolean {
    const k = kib(bytes);
    for (;;) {
      const used = Atomics.load(this.cells, 0);
      if (used + k > Atomics.load(this.cells, 1)) return false;
      if (Atomics.compareExchange(this.cells, 0, used, used + k) === used) return true;
    }
  }

  /** Give back what `reserve(bytes)` took. */
  release(bytes: number): void {
    Atomics.sub(this.cells, 0, kib(bytes));
  }
}

/** A budget from the environment (SEARCHLAB_MEMORY_BUDGET=4GB), for operators and tests. */
function budgetFromEnv(): number | undefined {
  const text = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.SEARCHLAB_MEMORY_BUDGET;
  if (text === undefined || text === '') return undefined;
  try {
    return parseMemorySize(text);
  } catch {
    return undefined; // a bad value must not break loading the engine: the default applies
  }
}

/** The shared ledger a parent thread handed to this worker thread, if any. */
function inheritedLedger(): SharedArrayBuffer | undefined {
  const shared = fromParentThread('searchlabMemory');
  return typeof SharedArrayBuffer === 'function' && shared instanceof SharedArrayBuffer ? shared : undefined;
}

/** The process-wide ledger (shared with the worker threads of node/pool.ts). */
export const processMemory = new MemoryLedger(budgetFromEnv() ?? defaultMemoryBytes('wasm'), inheritedLedger());

/**
 * This thread's V8 heap, which the TS runs of one thread share on top of the process budget
 * (concurrent TS runs must not together outgrow the heap). Not shared: every thread has its own heap.
 */
export const heapMemory = new MemoryLedger(defaultMemoryBytes('ts'));

/** Throws InvalidInputError unless `bytes` is a positive integer (a memory size). */
export function checkMemoryBytes(bytes: unknown, name = 'maxMemoryBytes'): asserts bytes is number {
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new InvalidInputError(`${name} must be a positive integer number of bytes`);
  }
}

/** One run's memory: what it stores, counted against its own limit and the shared ledgers. */
export class MemoryAccount {
  /** Bytes the run counts as stored. */
  used = 0;
  /** Why the last refused charge was refused: the run's own limit, or a shared budget. */
  refusedBy: 'limit' | 'budget' | undefined;
  private held = 0;
  private readonly ledgers: readonly MemoryLedger[];

  /** `ledgers`: where the run reserves from, all of them (default: the process budget). */
  constructor(
    readonly limit: number,
    ledgers: MemoryLedger | readonly MemoryLedger[] = processMemory,
  ) {
    checkBytesLimit(limit, 'limit');
    if (!reading('ledgers', () => ledgers instanceof MemoryLedger || (Array.isArray(ledgers) && ledgers.every((l) => l instanceof MemoryLedger)))) {
      throw new InvalidInputError(`ledgers must be a MemoryLedger or an array of them, got ${describe(ledgers)}`);
    }
    this.ledgers = [...new Set(ledgers instanceof MemoryLedger ? [ledgers] : ledgers)];
  }

  /** Bytes reserved from the ledger (≥ used). */
  get granted(): number {
    return this.held;
  }

  /** Count `bytes` more. False, counting nothing, when the run's limit or the shared budget is exceeded. */
  charge(bytes: number): boolean {
    const used = this.used + bytes;
    if (used > this.held && !this.grow(used)) return false;
    this.used = used;
    return true;
  }

  /** Hold at least `total` bytes from the ledger (in chunks of whole KiB); false when it cannot. */
  private grow(total: number): boolean {
    this.refusedBy = total > this.limit ? 'limit' : 'budget';
    if (total > this.limit) return false;
    const chunked = Math.min(this.limit, Math.max(total, this.held + CHUNK));
    for (const want of [kib(chunked) * KiB, kib(total) * KiB]) {
      if (this.reserveAll(want - this.held)) {
        this.held = want;
        this.refusedBy = undefined;
        return true;
      }
    }
    return false;
  }

  /** `bytes` from every ledger, or from none. */
  private reserveAll(bytes: number): boolean {
    const taken: MemoryLedger[] = [];
    for (const l of this.ledgers) {
      if (!l.reserve(bytes)) {
        for (const t of taken) t.release(bytes);
        return false;
      }
      taken.push(l);
    }
    return true;
  }

  /** Give everything back to the ledgers (idempotent). */
  close(): void {
    for (const l of this.ledgers) l.release(this.held);
    this.held = 0;
  }
}

/**
 * Parses a memory size as the CLI's `--max-memory` takes it.
 *
 * @param text - A number with an optional unit: `512MB`, `2GB`, `1.5GiB`, `100000` (bytes); KB/MB/GB
 *   are powers of 1024, as KiB/MiB/GiB.
 * @returns Whole bytes, at least 1.
 * @throws {InvalidInputError} When the text is not a size, or is under one byte.
 * @example
 * ```ts
 * import { parseMemorySize } from '@searchlab/engine';
 * console.log(parseMemorySize('1.5GB')); // 1610612736
 * ```
 */
export function parseMemorySize(text: string): number {
  checkString(text, 'memory size');
  const m = /^(.*?)\s*(B|KB|KIB|K|MB|MIB|M|GB|GIB|G|TB|TIB|T)?$/i.exec(text.trim());
  const units: Record<string, number> = { B: 1, K: 1024, M: MiB, G: GiB, T: 1024 * GiB };
  const n = m === null ? undefined : parseDecimal(m[1]!);
  if (m === null || n === undefined) throw new InvalidInputError(`memory size '${text}': expected a number with an optional unit, e.g. 512MB or 2GB`);
  const bytes = Math.floor(n * units[(m[2] ?? 'B')[0]!.toUpperCase()]!);
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new InvalidInputError(`memory size '${text}' must be at least 1 byte`);
  return bytes;
}
