/**
 * One WebAssembly memory shared by every thread of a process, for read-only data that kernels built
 * on a shared memory use in place (the puzzle's pattern databases: one copy for all the workers).
 * The thread that starts workers creates it (node/pool.ts passes it in `workerData`, like the memory
 * ledger); a worker inherits it. Where threads are unavailable (a browser page without cross-origin
 * isolation) there is none and every instance keeps its own data.
 *
 * Layout: the module's static data, then a header of HEADER_WORDS i32 (word 0: the next free page;
 * the others belong to the data's owner, see `cells`), then the instances' regions, each claimed once
 * with an atomic add and never given back (instances live as long as their thread).
 */

/** A wasm page. */
const PAGE = 65536;
/** The module's maximum: 4 GiB (address space only: untouched pages cost nothing). */
const MAX_PAGES = 65536;
const HEADER_WORDS = 16;

/**
 * What the thread that started this one handed over in `workerData` under `key` (node/pool.ts: the
 * memory ledger, this shared memory, the compiled modules); undefined outside a Node worker thread.
 */
export function fromParentThread(key: string): unknown {
  const proc = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  const threads = proc?.getBuiltinModule?.('node:worker_threads') as { workerData?: unknown } | undefined;
  const data = threads?.workerData;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

let memory: WebAssembly.Memory | undefined;

/** Whether this runtime can share a WebAssembly memory between threads. */
function threadsAvailable(): boolean {
  return typeof SharedArrayBuffer === 'function' && typeof WebAssembly === 'object' && typeof Atomics === 'object';
}

/**
 * The process's shared memory: the one a parent thread handed to this worker, else (with `create`)
 * a new one in this thread. Undefined where threads are unavailable, or when none exists and
 * `create` is false.
 */
export function processWasmMemory(create = false): WebAssembly.Memory | undefined {
  if (memory !== undefined) return memory;
  const inherited = fromParentThread('searchlabWasmMemory');
  if (inherited instanceof WebAssembly.Memory) return (memory = inherited);
  if (!create || !threadsAvailable()) return undefined;
  try {
    memory = new WebAssembly.Memory({ initial: 16, maximum: MAX_PAGES, shared: true });
  } catch {
    return undefined; // shared memories refused here: every instance keeps its own data
  }
  return memory;
}

/** The header and regions of a shared memory above a module's static data (`staticEnd`, the same for every instance). */
export class SharedSpace {
  /** Where the header starts (above the static data). */
  readonly headerAt: number;

  constructor(
    readonly memory: WebAssembly.Memory,
    staticEnd: number,
  ) {
    this.headerAt = Math.ceil(staticEnd / 64) * 64;
    const need = Math.ceil((this.headerAt + HEADER_WORDS * 4) / PAGE);
    const have = memory.buffer.byteLength / PAGE;
    if (have < need) memory.grow(need - have);
  }

  /** The header's words 1 … HEADER_WORDS-1 for the data's owner (a fresh view: the buffer changes as the memory grows). */
  cells(): Int32Array {
    return new Int32Array(this.memory.buffer, this.headerAt, HEADER_WORDS);
  }

  /** A region of `bytes` bytes (whole pages) of its own: its [start, end), or undefined past 4 GiB. */
  claim(bytes: number): [number, number] | undefined {
    const pages = Math.ceil(bytes / PAGE);
    const first = Math.ceil((this.headerAt + HEADER_WORDS * 4) / PAGE);
    const cells = this.cells();
    Atomics.compareExchange(cells, 0, 0, first);
    const start = Atomics.add(cells, 0, pages);
    if (start + pages > MAX_PAGES) return undefined;
    return [start * PAGE, (start + pages) * PAGE];
  }
}
