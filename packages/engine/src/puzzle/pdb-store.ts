/**
 * Pattern databases at run time: built by the WASM kernel (pdb/api.ts) as a `Run` in step budgets
 * with progress, kept in memory once loaded, read from and written to a `PdbCache` when one is set
 * (the Node file cache of @searchlab/engine/node; the web lab's IndexedDB store), and copied into
 * whichever kernel instance runs a search.
 */
import { checkObject, checkOptionalFunction, checkOptionalSignal } from '../core/args.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { checkMemoryBytes } from '../core/memory.js';
import { KernelLease, MEMORY_LIMIT, loadKernels, retainKernels, type Kernels } from '../core/kernels.js';
import { runAsync, type Run } from '../core/run.js';
import type { PdbExports } from './kernel.js';
import { checkSpec, pdbBuildBytes, pdbTableBytes, placements, tableBytes, type PdbProgress, type PdbSpec, type PdbTables } from './pdb.js';

/** Bump when the table layout or the builder's semantics change: cached files of other versions are ignored. */
export const PDB_FORMAT = 1;

/** Where built tables are kept between processes. */
export interface PdbCache {
  /** The bytes stored under `name` if present and intact (`bytes` long), else undefined. */
  read(name: string, bytes: number): Promise<Uint8Array | undefined>;
  write(name: string, data: Uint8Array): Promise<void>;
}

/**
 * Builds one pattern's table outside this thread's kernel (Node: node/pdb-threads.ts, on several
 * threads); the table must equal the kernel's build.
 */
export interface PdbBuilder {
  build(spec: PdbSpec, pattern: number, options: { signal?: AbortSignal; onProgress?: (progress: PdbProgress) => void }): Promise<Uint8Array>;
  /** Called after the last pattern of a load: what the builds held can go. */
  release?(): void;
}

export interface PdbLoadOptions {
  signal?: AbortSignal;
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
  if (b !== undefined && (typeof b !== 'object' || b === null || typeof b.build !== 'function')) {
    throw new InvalidInputError('builder must have a build function');
  }
  builder = b;
}

/** The cache entry of one pattern: versioned, per board size and labels. */
export const pdbCacheName = (spec: PdbSpec, p: number): string =>
  `pdb${PDB_FORMAT}-${spec.width}x${spec.height}-${spec.patterns[p]!.join('.')}`;

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

/** Bytes a search with these tables needs now: the tables when loaded or cached, else the build's peak. */
export async function pdbBytesNeeded(spec: PdbSpec): Promise<number> {
  if (pdbIfLoaded(spec) !== undefined) return pdbTableBytes(spec);
  for (let p = 0; p < spec.patterns.length; p++) {
    if (cache === undefined || (await cache.read(pdbCacheName(spec, p), tableBytes(spec, p))) === undefined) return pdbBuildBytes(spec);
  }
  return pdbTableBytes(spec);
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
    pending = obtain(spec, options).then((t) => { ready.set(id, t); return t; });
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

/** Starts the set in the lease's instance; every table zeroed. */
function setUp(lease: KernelLease<PdbExports>, spec: PdbSpec): void {
  resident.delete(lease.kernels); // whatever it held is dropped, even if this set is refused
  checked(lease.call((ex) => {
    if (ex.pdbSetup(spec.width, spec.height) !== 1) throw new SearchlabError('invalid-input', `no pattern databases for ${spec.width}x${spec.height} boards`);
    for (const labels of spec.patterns) {
      if (ex.pdbAddPattern(mask(labels)) < 0) throw new SearchlabError('invalid-input', `${spec.key}: patterns must be disjoint sets of tiles 1..${spec.width * spec.height - 1}, each with fewer than 2^31 placements`);
    }
  }), spec);
}

const tableView = (lease: KernelLease<PdbExports>, p: number): Uint8Array =>
  new Uint8Array(lease.buffer, lease.exports.pdbTablePointer(p) >>> 0, lease.exports.pdbTableBytes(p));

/** Makes sure the lease's instance holds `pdb` (copies it in when it holds another set or none). */
export function ensureResident(lease: KernelLease<PdbExports>, pdb: PdbTables): void {
  if (resident.get(lease.kernels) === pdb) return;
  setUp(lease, pdb.spec);
  pdb.tables.forEach((t, p) => tableView(lease, p).set(t));
  resident.set(lease.kernels, pdb);
  retainKernels(lease.kernels);
}

/** Builds pattern p in the lease's instance as a Run (units: frontier words and expansions). */
function buildRun(lease: KernelLease<PdbExports>, spec: PdbSpec, p: number): Run<true, PdbProgress> {
  const ex = lease.exports;
  checked(lease.call(() => ex.pdbBuildBegin(p)), spec);
  const size = placements(spec.width * spec.height, spec.patterns[p]!.length);
  return {
    step: (budget) => (checked(lease.call(() => ex.pdbBuildStep(Math.max(1, Math.floor(budget)))), spec) === 1 ? true : null),
    stats: () => ({ pattern: p, patterns: spec.patterns.length, reached: ex.pdbBuildReached(), placements: size }),
    dispose: () => undefined,
  };
}

async function obtain(spec: PdbSpec, options: PdbLoadOptions): Promise<PdbTables> {
  const limit = options.maxMemoryBytes;
  const cached = await Promise.all(spec.patterns.map((_, p) => cache?.read(pdbCacheName(spec, p), tableBytes(spec, p))));
  const need = cached.every((t) => t !== undefined) ? pdbTableBytes(spec) : pdbBuildBytes(spec);
  if (limit !== undefined && need > limit) {
    throw limitError(spec, need, need === pdbTableBytes(spec) ? 'in memory' : 'to build', limit);
  }
  if (builder !== undefined && cached.some((t) => t === undefined)) return buildElsewhere(builder, spec, cached, options);
  const lease = new KernelLease<PdbExports>(await loadKernels());
  try {
    setUp(lease, spec);
    const tables: Uint8Array[] = [];
    for (let p = 0; p < spec.patterns.length; p++) {
      let table = cached[p];
      if (table !== undefined) {
        tableView(lease, p).set(table);
      } else {
        const driven = await runAsync(buildRun(lease, spec, p), {
          signal: options.signal,
          onProgress: options.onProgress && ((s) => options.onProgress!(s)),
        });
        if (driven.status !== 'done') throw new SearchlabError('aborted', 'aborted while building the pattern databases');
        table = tableView(lease, p).slice();
        await storeInCache(pdbCacheName(spec, p), table);
      }
      tables.push(table);
    }
    const pdb: PdbTables = { spec, tables };
    resident.set(lease.kernels, pdb);
    retainKernels(lease.kernels);
    return pdb;
  } finally {
    lease.release();
  }
}

/** A table into the cache, if one is set: a cache that fails (full, read-only) is not the run's failure. */
async function storeInCache(name: string, table: Uint8Array): Promise<void> {
  await cache?.write(name, table).catch(() => undefined);
}

/**
 * The missing tables from `b`, one pattern after the other, each cached as it is done. No kernel
 * holds them yet (a search copies them in), so the build's memory is the builder's alone.
 */
async function buildElsewhere(b: PdbBuilder, spec: PdbSpec, cached: readonly (Uint8Array | undefined)[], options: PdbLoadOptions): Promise<PdbTables> {
  const tables: Uint8Array[] = [];
  try {
    for (let p = 0; p < spec.patterns.length; p++) {
      let table = cached[p];
      if (table === undefined) {
        table = await b.build(spec, p, { signal: options.signal, onProgress: options.onProgress });
        if (table.length !== tableBytes(spec, p)) throw new Error(`the pattern database builder returned ${table.length} bytes for pattern ${p} of ${spec.key}, expected ${tableBytes(spec, p)}`);
        await storeInCache(pdbCacheName(spec, p), table);
      }
      tables.push(table);
    }
  } finally {
    b.release?.();
  }
  return { spec, tables };
}
