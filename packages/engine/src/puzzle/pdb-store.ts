/**
 * Pattern databases at run time: built by the WASM kernel (pdb/api.ts) as a `Run` in step budgets
 * with progress (or by a `PdbBuilder`), read from and written to a `PdbCache` when one is set (the
 * Node file cache of @searchlab/engine/node; the web lab's IndexedDB store), and kept once, in the
 * linear memory of a kernel instance of their own where the searches run (a second instance gets a
 * copy only while the first is busy).
 *
 * With threads (core/shared-memory.ts: a memory shared by the process's threads), tables read from
 * the cache go into that memory instead, once per process: the first thread to load them is the
 * loader, the others wait for it and join (instances of the searches' shared-memory build,
 * core-as assembly/puzzle/shared.ts, each with a region of its own), and the process's memory budget
 * counts them once. One set of tables per process is shared so; another set, or tables that must
 * be built first, are kept per thread as above.
 */
import { checkObject, checkOptionalFunction, checkOptionalSignal, reading } from '../core/args.js';
import { InvalidInputError, SearchlabError, UnsupportedError } from '../core/errors.js';
import { checkMemoryBytes, processMemory } from '../core/memory.js';
import {
  KernelLease,
  MEMORY_LIMIT,
  compileWasm,
  shareWasmWithWorkers,
  dedicatedKernels,
  domainExports,
  kernelsBroken,
  loadKernels,
  retainKernels,
  sharedKernels,
  type Kernels,
} from '../core/kernels.js';
import { SharedSpace, processWasmMemory } from '../core/shared-memory.js';
import { runAsync, type Run } from '../core/run.js';
import type { PdbExports } from './kernel.js';
import { DIGEST_BYTES } from './pdb-digest.js';
import {
  PDB_SPECS,
  checkSpec,
  pdbBuildBytes,
  pdbTableBytes,
  placements,
  tableBytes,
  type PdbName,
  type PdbProgress,
  type PdbSpec,
  type PdbTables,
} from './pdb.js';

/**
 * Bump when the table layout or the builder's semantics change: cached files of other versions are
 * ignored. 2: the goal's blank only in the region of its goal cell (1 seeded every free region).
 */
export const PDB_FORMAT = 2;

/** Where built tables are kept between processes. */
export interface PdbCache {
  /** The bytes stored under `name` if present and intact (`bytes` long), else undefined. */
  read(name: string, bytes: number): Promise<Uint8Array | undefined>;
  /**
   * Stores `data` under `name`; `data` may be a view of a kernel's memory: copy it to keep it.
   * `digest`, when given, is `tableDigest(data)` computed by the kernel (pdb-digest.ts).
   */
  write(name: string, data: Uint8Array, digest?: Uint8Array): Promise<void>;
  /**
   * Optional, the fast path: fills `target` (the table's place in the kernel's memory, its length the
   * table's) with the bytes stored under `name`; false when missing or not intact (then `target`'s
   * bytes are undefined). `digest()`, when given, is `tableDigest(target)` computed by the kernel
   * where the bytes lie (SIMD), to check them against what was stored.
   */
  readInto?(name: string, target: Uint8Array, digest?: () => Uint8Array): Promise<boolean>;
  /** Optional: whether `name` holds a table of `bytes` bytes, without reading it (else `read` is used). */
  has?(name: string, bytes: number): Promise<boolean>;
  /** Optional: deletes `name` (the tables of older formats, once rebuilt). */
  remove?(name: string): Promise<void>;
}

/**
 * Builds one pattern's table outside this thread's kernel (Node: node/pdb-threads.ts, on several
 * threads); the table must equal the kernel's build. The bytes returned may be a view of the
 * builder's memory, valid until its next build or `release`: the caller copies them.
 */
export interface PdbBuilder {
  /** Builds the table of pattern `pattern` (0-based) of `spec`, reporting progress; stops on `signal`. */
  build(spec: PdbSpec, pattern: number, options: { signal?: AbortSignal; onProgress?: (progress: PdbProgress) => void }): Promise<Uint8Array>;
  /** Called after the last pattern of a load: what the builds held can go. */
  release?(): void;
}

/** Options of {@link loadPdb}: AbortSignal, build progress, and a memory limit. */
export interface PdbLoadOptions {
  signal?: AbortSignal;
  /** Called while a table is built (a cached table loads with no progress). */
  onProgress?: (progress: PdbProgress) => void;
  /** Refuse (SearchlabError 'limit') when the tables, or building them, need more bytes. */
  maxMemoryBytes?: number;
}

let cache: PdbCache | undefined;
let builder: PdbBuilder | undefined;
const loaded = new Map<string, Promise<PdbTables>>();
const ready = new Map<string, PdbTables>();
const resident = new WeakMap<Kernels, PdbTables>();

/** Sets (or with undefined, removes) the cache consulted before building. */
export function setPdbCache(c: PdbCache | undefined): void {
  if (c !== undefined) {
    checkObject(c, 'cache');
    if (typeof c.read !== 'function' || typeof c.write !== 'function') throw new InvalidInputError('cache must have read and write functions');
  }
  cache = c;
}

/** Sets (or with undefined, removes) the builder used instead of this thread's kernel. */
export function setPdbBuilder(b: PdbBuilder | undefined): void {
  if (b !== undefined && !reading('builder', () => typeof b === 'object' && b !== null && typeof b.build === 'function')) {
    throw new InvalidInputError('builder must have a build function');
  }
  builder = b;
}

/** The cache entry of one pattern: versioned, per board size and labels. */
export const pdbCacheName = (spec: PdbSpec, p: number, format = PDB_FORMAT): string =>
  `pdb${format}-${spec.width}x${spec.height}-${spec.patterns[p]!.join('.')}`;

const specId = (spec: PdbSpec): string => `${spec.width}x${spec.height}:${spec.patterns.map((p) => p.join('.')).join('|')}`;

const mb = (bytes: number): string => `${Math.ceil(bytes / 2 ** 20)} MB`;

function limitError(spec: PdbSpec, need: number, what: string, limit: number): SearchlabError {
  return new SearchlabError('limit', `memory: the ${spec.key} pattern databases need ${mb(need)} ${what}, more than the memory limit of ${mb(limit)}`);
}

/** The tables if already loaded in this thread. */
export function pdbIfLoaded(spec: PdbSpec): PdbTables | undefined {
  checkSpec(spec);
  return ready.get(specId(spec));
}

/**
 * The tables a run with heuristic `name` looks up where it starts: loaded beforehand in this thread
 * (solvePuzzle loads them; a synchronous caller awaits loadPdb first).
 */
export function loadedPdb(name: PdbName): PdbTables {
  const tables = pdbIfLoaded(PDB_SPECS[name]);
  if (tables === undefined) throw new UnsupportedError(`the ${name} pattern databases are not loaded: use solvePuzzle, or await loadPdb() first`);
  return tables;
}

/** Whether the cache holds pattern p's table (without reading it when the cache can tell). */
async function cached(spec: PdbSpec, p: number): Promise<boolean> {
  if (cache === undefined) return false;
  const name = pdbCacheName(spec, p),
    bytes = tableBytes(spec, p);
  return cache.has !== undefined ? cache.has(name, bytes) : (await cache.read(name, bytes)) !== undefined;
}

/**
 * Whether {@link loadPdb} would find every table of `spec` in this thread or in the cache (a load,
 * not a build); the cache is asked without reading the tables where it can tell.
 *
 * @example
 * ```ts
 * import { PDB_SPECS, pdbCached } from '@searchlab/engine/puzzle';
 * if (!(await pdbCached(PDB_SPECS.pdb6666))) console.log('the first run builds the tables (minutes)');
 * ```
 */
export async function pdbCached(spec: PdbSpec): Promise<boolean> {
  checkSpec(spec);
  if (pdbIfLoaded(spec) !== undefined) return true;
  for (let p = 0; p < spec.patterns.length; p++) if (!(await cached(spec, p))) return false;
  return true;
}

/** Bytes a search with these tables needs now: the tables when loaded or cached, else the build's peak. */
export async function pdbBytesNeeded(spec: PdbSpec): Promise<number> {
  return (await pdbCached(spec)) ? pdbTableBytes(spec) : pdbBuildBytes(spec);
}

/** The tables of `spec`: from memory, else the cache, else built in WASM (and then cached). */
export function loadPdb(spec: PdbSpec, options: PdbLoadOptions = {}): Promise<PdbTables> {
  try {
    checkSpec(spec);
    checkObject(options, 'options');
    checkOptionalSignal(options.signal, 'options.signal');
    checkOptionalFunction(options.onProgress, 'options.onProgress');
    if (options.maxMemoryBytes !== undefined) checkMemoryBytes(options.maxMemoryBytes);
  } catch (e) {
    return Promise.reject(e);
  }
  const id = specId(spec);
  const have = ready.get(id);
  if (have !== undefined) {
    const limit = options.maxMemoryBytes;
    if (limit !== undefined && pdbTableBytes(spec) > limit) return Promise.reject(limitError(spec, pdbTableBytes(spec), 'in memory', limit));
    return Promise.resolve(have);
  }
  let pending = loaded.get(id);
  if (pending === undefined) {
    pending = obtain(spec, options).then((t) => {
      ready.set(id, t);
      return t;
    });
    loaded.set(id, pending);
    pending.catch(() => loaded.delete(id));
  }
  return pending;
}

/** Forgets the tables held in this thread (tests; the next load reads the cache or builds). */
export function forgetPdbs(): void {
  loaded.clear();
  ready.clear();
}

const mask = (labels: readonly number[]): number => labels.reduce((m, l) => m | (1 << l), 0);

function checked<T>(value: T | typeof MEMORY_LIMIT, spec: PdbSpec): T {
  if (value === MEMORY_LIMIT) throw new SearchlabError('limit', `memory: the WASM instance ran out of memory holding the ${spec.key} pattern databases`);
  return value;
}

/** Starts the set in the lease's instance, the tables' bytes undefined (each is then read, copied or built). */
function setUp(lease: KernelLease<PdbExports>, spec: PdbSpec): void {
  resident.delete(lease.kernels); // whatever it held is dropped, even if this set is refused
  checked(
    lease.call((ex) => {
      if (ex.pdbSetup(spec.width, spec.height) !== 1) throw new SearchlabError('invalid-input', `no pattern databases for ${spec.width}x${spec.height} boards`);
      for (const labels of spec.patterns) {
        if (ex.pdbAddPatternUnzeroed(mask(labels)) < 0)
          throw new SearchlabError(
            'invalid-input',
            `${spec.key}: patterns must be disjoint sets of tiles 1..${spec.width * spec.height - 1}, each with fewer than 2^31 placements`,
          );
      }
    }),
    spec,
  );
}

const tableAt = (memory: WebAssembly.Memory, ex: PdbExports, p: number): Uint8Array =>
  new Uint8Array(memory.buffer, ex.pdbTablePointer(p) >>> 0, ex.pdbTableBytes(p));

const tableView = (lease: KernelLease<PdbExports>, p: number): Uint8Array => tableAt(lease.kernels.memory, lease.exports, p);

/** Pattern p's table digest, by the kernel that holds it (a copy: the next kernel call may overwrite it). */
const kernelDigest = (lease: KernelLease<PdbExports>, p: number): Uint8Array =>
  new Uint8Array(lease.buffer, lease.exports.pdbTableDigest(p) >>> 0, DIGEST_BYTES).slice();

/**
 * Tables that live in the linear memory of one kernel instance, their home (no copy in JavaScript):
 * a search leases the home when it is idle; `tables` are views of its memory, taken again when the
 * memory has grown (a grown memory detaches the old views).
 */
class ResidentTables implements PdbTables {
  private views: Uint8Array[] = [];
  private viewsOf: ArrayBuffer | undefined;

  constructor(
    readonly spec: PdbSpec,
    public home: Kernels,
  ) {}

  get tables(): readonly Uint8Array[] {
    const buffer = this.home.memory.buffer;
    if (buffer !== this.viewsOf) {
      const ex = domainExports<PdbExports>(this.home);
      this.views = this.spec.patterns.map((_, p) => tableAt(this.home.memory, ex, p));
      this.viewsOf = buffer;
    }
    return this.views;
  }
}

/** The instance a search with `pdb` should lease: the tables' home (else `fallback`, for tables made elsewhere). */
export function pdbHome(pdb: PdbTables, fallback: Kernels): Kernels {
  return pdb instanceof ResidentTables && !kernelsBroken(pdb.home) ? pdb.home : fallback;
}

/**
 * Makes sure the lease's instance holds `pdb`: nothing to do on its home; another instance (the home
 * was busy with another search of this thread) gets a copy. A home that trapped hands its tables on to
 * the instance that copied them.
 */
export function ensureResident(lease: KernelLease<PdbExports>, pdb: PdbTables): void {
  if (resident.get(lease.kernels) === pdb) return;
  if (pdb instanceof ResidentTables && lease.kernels.space !== undefined && lease.kernels.space === pdb.home.space) {
    join(lease.kernels, pdb.spec); // another instance on the tables' memory: it reads them where they are
    resident.set(lease.kernels, pdb);
    return;
  }
  setUp(lease, pdb.spec);
  pdb.tables.forEach((t, p) => tableView(lease, p).set(t));
  resident.set(lease.kernels, pdb);
  retainKernels(lease.kernels);
  if (pdb instanceof ResidentTables && kernelsBroken(pdb.home)) pdb.home = lease.kernels;
}

/** Builds pattern p in the lease's instance as a Run (units: frontier words and expansions). */
function buildRun(lease: KernelLease<PdbExports>, spec: PdbSpec, p: number): Run<true, PdbProgress> {
  const ex = lease.exports;
  tableView(lease, p).fill(0); // the build only ORs entries in
  checked(
    lease.call(() => ex.pdbBuildBegin(p)),
    spec,
  );
  const size = placements(spec.width * spec.height, spec.patterns[p]!.length);
  return {
    step: (budget) =>
      checked(
        lease.call(() => ex.pdbBuildStep(Math.max(1, Math.floor(budget)))),
        spec,
      ) === 1
        ? true
        : null,
    stats: () => ({ pattern: p, patterns: spec.patterns.length, reached: ex.pdbBuildReached(), placements: size }),
    dispose: () => undefined,
  };
}

/** Fills pattern p's table in the lease's instance from the cache; false when the cache does not have it intact. */
async function readCached(lease: KernelLease<PdbExports>, spec: PdbSpec, p: number): Promise<boolean> {
  if (cache === undefined) return false;
  const name = pdbCacheName(spec, p);
  if (cache.readInto !== undefined) return cache.readInto(name, tableView(lease, p), () => kernelDigest(lease, p));
  const data = await cache.read(name, tableBytes(spec, p));
  if (data === undefined) return false;
  tableView(lease, p).set(data);
  return true;
}

/**
 * Every pattern's table from the cache. A cache that reads into place (Node's files) gets all the
 * reads at once: libuv's threads take them in order, so this thread checks one table's digest while
 * the next is read (one after the other, the digests of a 6-6-6-6 load added ~0.1 s here). One that
 * returns a copy (the browser's IndexedDB) is read a table at a time, so that one copy is alive at once.
 */
async function readAllCached(lease: KernelLease<PdbExports>, spec: PdbSpec): Promise<boolean[]> {
  if (cache?.readInto !== undefined) return Promise.all(spec.patterns.map((_, p) => readCached(lease, spec, p)));
  const read: boolean[] = [];
  for (let p = 0; p < spec.patterns.length; p++) read.push(await readCached(lease, spec, p));
  return read;
}

/** Builds pattern p into the lease's instance: on the builder when one is set, else in the instance itself. */
async function build(lease: KernelLease<PdbExports>, spec: PdbSpec, p: number, options: PdbLoadOptions): Promise<void> {
  if (builder !== undefined) {
    const table = await builder.build(spec, p, { signal: options.signal, onProgress: options.onProgress });
    if (table.length !== tableBytes(spec, p))
      throw new Error(`the pattern database builder returned ${table.length} bytes for pattern ${p} of ${spec.key}, expected ${tableBytes(spec, p)}`);
    tableView(lease, p).set(table);
    return;
  }
  const driven = await runAsync(buildRun(lease, spec, p), {
    signal: options.signal,
    onProgress: options.onProgress && ((s) => options.onProgress!(s)),
  });
  if (driven.status !== 'done') throw new SearchlabError('aborted', 'aborted while building the pattern databases');
}

/** A table into the cache, if one is set: a cache that fails (full, read-only) is not the run's failure. */
async function storeInCache(name: string, table: Uint8Array, digest: Uint8Array): Promise<void> {
  await cache?.write(name, table, digest).catch(() => undefined);
}

/** The entry point the shared-memory build adds (core-as assembly/puzzle/shared.ts). */
interface JoinExports {
  pdbJoin(width: number, height: number, patterns: number): void;
}

/** Reads the tables another instance set up on the same shared memory. */
function join(k: Kernels, spec: PdbSpec): void {
  domainExports<JoinExports>(k).pdbJoin(spec.width, spec.height, spec.patterns.length);
}

// The shared tables' words in the shared memory's header (SharedSpace.cells).
const STATE = 1,
  SPEC_HASH = 2,
  READERS = 3;
const FREE = 0,
  LOADING = 1,
  READY = 2;

/** 32-bit FNV-1a of the spec's id: which set the shared memory holds. */
function specHash(spec: PdbSpec): number {
  let h = 0x811c9dc5;
  for (const ch of specId(spec)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

/** Atomics.waitAsync (ES2024; in Node since 16), typed here for the ES2022 library. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(cells: Int32Array, index: number, value: number): { value: Promise<string> | string };
  }
).waitAsync;

let sharedSource: string | undefined;

/**
 * Where threads share a memory (Node: `useSharedPdbs` of @searchlab/engine/node), the searches'
 * shared-memory build (base64) that reads tables from it; undefined: every thread keeps its own.
 * Set by the Node entry point so that browser bundles do not carry that build.
 */
export function setSharedSearchBuild(base64: string | undefined): void {
  if (base64 !== undefined && typeof base64 !== 'string') throw new InvalidInputError('the shared search build must be a base64 string');
  sharedSource = base64;
  if (base64 !== undefined) shareWasmWithWorkers(base64); // the pool's workers run their searches on it
}

let sharedBuild: Promise<{ module: WebAssembly.Module; space: SharedSpace } | undefined> | undefined;

/** The searches' shared-memory build and the process's shared memory, when this thread has one. */
function sharedSearches(): Promise<{ module: WebAssembly.Module; space: SharedSpace } | undefined> {
  const memory = processWasmMemory(),
    source = sharedSource;
  if (memory === undefined || source === undefined) return Promise.resolve(undefined);
  return (sharedBuild ??= (async () => {
    const module = await compileWasm(source);
    // An instance that is never started, to read where the static data ends (the same for all).
    const probe = new WebAssembly.Instance(module, { env: { memory, arenaGrant: () => 0, abort: () => undefined } });
    return { module, space: new SharedSpace(memory, (probe.exports as { staticDataEnd(): number }).staticDataEnd()) };
  })().catch(() => undefined)); // no threads after all (e.g. refused to compile): per-thread tables
}

/**
 * The tables of `spec`, all in the cache, in the process's shared memory: loaded by this thread if
 * no other has, else joined once the loader is done. Undefined when there is no shared memory or it
 * holds another set (then the caller keeps them per thread).
 */
async function obtainShared(spec: PdbSpec): Promise<PdbTables | undefined> {
  const shared = await sharedSearches();
  if (shared === undefined) return undefined;
  const { module, space } = shared;
  const hash = specHash(spec);
  for (;;) {
    const state = Atomics.compareExchange(space.cells(), STATE, FREE, LOADING);
    if (state === FREE) return loadShared(spec, module, space, hash);
    if (state === LOADING) {
      await waitAsync(space.cells(), STATE, LOADING).value;
      continue;
    }
    if (Atomics.load(space.cells(), SPEC_HASH) !== hash) return undefined;
    const home = sharedKernels(module, space);
    join(home, spec);
    Atomics.add(space.cells(), READERS, 1);
    const pdb = new ResidentTables(spec, home);
    resident.set(home, pdb);
    return pdb;
  }
}

/** The loader's part: the tables read from the cache into an instance's region of the shared memory, counted once in the process's budget. */
async function loadShared(spec: PdbSpec, module: WebAssembly.Module, space: SharedSpace, hash: number): Promise<PdbTables | undefined> {
  const bytes = pdbTableBytes(spec);
  const finish = (state: number): void => {
    const cells = space.cells();
    if (state === READY) {
      Atomics.store(cells, SPEC_HASH, hash);
      Atomics.store(cells, READERS, 1);
    }
    Atomics.store(cells, STATE, state);
    Atomics.notify(cells, STATE);
  };
  if (!processMemory.reserve(bytes)) {
    finish(FREE);
    throw new SearchlabError(
      'limit',
      `memory limit: the ${spec.key} pattern databases (${mb(bytes)}) do not fit in the memory budget shared with concurrent runs`,
    );
  }
  let lease: KernelLease<PdbExports> | undefined;
  try {
    // Room for the tables (16-aligned each) and the instance's own blocks.
    const home = sharedKernels(module, space, bytes + spec.patterns.length * 16 + 2 ** 20);
    lease = new KernelLease<PdbExports>(home);
    setUp(lease, spec);
    const missing = (await readAllCached(lease, spec)).indexOf(false);
    if (missing >= 0) throw new Error(`the cached ${spec.key} table ${missing} went missing`);
    finish(READY);
    const pdb = new ResidentTables(spec, home);
    resident.set(home, pdb);
    return pdb;
  } catch (e) {
    processMemory.release(bytes);
    finish(FREE);
    // A table that went missing or broke in the cache meanwhile: the caller loads per thread (and rebuilds).
    if (e instanceof SearchlabError) throw e;
    return undefined;
  } finally {
    lease?.release();
  }
}

/**
 * How many threads of this process read `spec`'s tables from the one copy in the memory they share
 * (the loader included); 0 when that memory does not hold them (no threads, not loaded yet, or kept
 * per thread).
 */
export async function sharedPdbReaders(spec: PdbSpec): Promise<number> {
  checkSpec(spec);
  const shared = await sharedSearches();
  if (shared === undefined) return 0;
  const cells = shared.space.cells();
  return Atomics.load(cells, STATE) === READY && Atomics.load(cells, SPEC_HASH) === specHash(spec) ? Atomics.load(cells, READERS) : 0;
}

/**
 * Loads `spec` into an instance of its own (the home of the tables): each table read from the cache
 * straight into the instance's memory, or built (then cached; the files of older formats removed).
 */
async function obtain(spec: PdbSpec, options: PdbLoadOptions): Promise<PdbTables> {
  const limit = options.maxMemoryBytes;
  const present = await Promise.all(spec.patterns.map((_, p) => cached(spec, p)));
  const need = present.every(Boolean) ? pdbTableBytes(spec) : pdbBuildBytes(spec);
  if (limit !== undefined && need > limit) {
    throw limitError(spec, need, need === pdbTableBytes(spec) ? 'in memory' : 'to build', limit);
  }
  if (present.every(Boolean)) {
    const shared = await obtainShared(spec);
    if (shared !== undefined) return shared;
  }
  const home = dedicatedKernels(await loadKernels());
  const lease = new KernelLease<PdbExports>(home);
  let built = false;
  try {
    setUp(lease, spec);
    const read = await readAllCached(lease, spec);
    for (let p = 0; p < spec.patterns.length; p++) {
      if (read[p]) continue;
      built = true; // the builder's threads go at the end, even when the build stops
      await build(lease, spec, p, options);
      if (cache !== undefined) {
        await storeInCache(pdbCacheName(spec, p), tableView(lease, p), kernelDigest(lease, p));
        for (let f = 1; f < PDB_FORMAT; f++) await cache.remove?.(pdbCacheName(spec, p, f))?.catch(() => undefined);
      }
    }
    if (built && cache !== undefined) {
      // Built here and cached now: with threads, the one copy they share (this one is let go).
      const shared = await obtainShared(spec);
      if (shared !== undefined) return shared;
    }
    const pdb = new ResidentTables(spec, home);
    resident.set(home, pdb);
    return pdb;
  } finally {
    if (built) builder?.release?.();
    lease.release();
  }
}
