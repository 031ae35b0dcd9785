/**
 * Pattern-database builds on several threads (Node only): the builder module of
 * @searchlab/core-as/pdb-threads, one instance per worker thread on one shared memory, and one in
 * this thread that sets the build up and deals out the layers (protocol: core-as
 * assembly/pdb/threads.ts). The tables are byte for byte those of the one-thread kernel build.
 */
import { shown } from '../core/args.js';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { pdbThreadsWasmBase64 } from '#core-as/pdb-threads';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { compileWasm } from '../core/kernels.js';
import { checkSpec, placements, type PdbProgress, type PdbSpec } from '../puzzle/pdb.js';
import { setPdbBuilder, type PdbBuilder } from '../puzzle/pdb-store.js';

/** Threads one build can use (the kernel's scratch areas: MAX_THREADS in core-as pdb.ts). */
export const MAX_BUILD_THREADS = 16;
const PROGRESS_MS = 250;

interface ThreadsExports {
  pdbSetup(w: number, h: number): number;
  pdbAddPattern(mask: number): number;
  pdbTablePointer(p: number): number;
  pdbTableBytes(p: number): number;
  pdbBuildBegin(p: number): number;
  pdbBuildLayerReset(): void;
  pdbBuildStop(): void;
  pdbBuildReachedAll(): number;
  pdbBuildEnd(): void;
}

// A worker: its own instance on the shared memory; 'join' once, then one layer per message.
// Evaluated from a string, so bundlers have no worker file to emit.
const WORKER = `
const { parentPort, workerData: { module, memory, thread } } = require('node:worker_threads');
const x = new WebAssembly.Instance(module, { env: { memory, arenaGrant: () => 0, abort() { throw new Error('pdb builder aborted'); } } }).exports;
parentPort.on('message', (m) => parentPort.postMessage(m === 'join' ? x.pdbBuildJoin(thread) : x.pdbBuildChunks(m)));
parentPort.postMessage('ready');
`;

/** One worker thread of a build, answering one message at a time. */
class BuildThread {
  private readonly worker: Worker;
  private pending: { resolve: (v: unknown) => void; reject: (e: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(module: WebAssembly.Module, memory: WebAssembly.Memory, thread: number) {
    this.worker = new Worker(WORKER, { eval: true, workerData: { module, memory, thread } });
    // Idle threads do not keep the process alive (a build in progress has its progress timer).
    this.worker.unref();
    const fail = (e: Error): void => {
      this.failure ??= e;
      this.pending?.reject(e);
      this.pending = undefined;
    };
    this.worker.on('message', (m: unknown) => {
      const p = this.pending;
      this.pending = undefined;
      p?.resolve(m);
    });
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`a pattern-database build thread exited with code ${code}`)));
  }

  /** The worker's next message (after posting `message`, if given). */
  next(message?: unknown): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const answer = new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
    if (message !== undefined) this.worker.postMessage(message);
    return answer;
  }

  stop(): void {
    this.failure ??= new Error('stopped');
    void this.worker.terminate();
  }
}

/**
 * Builds the tables of `spec`'s patterns on `threads` threads (default: the machine's cores, at most
 * MAX_BUILD_THREADS). One build at a time; a table returned is a view of the threads' memory, valid
 * until the next build or `release`; the threads and their memory stay between the patterns of
 * one load (memory never shrinks, so a new one per pattern would hold several until collected) and
 * go with `release`.
 */
export function threadedPdbBuilder(threads: number = Math.min(availableParallelism(), MAX_BUILD_THREADS)): PdbBuilder {
  if (!Number.isSafeInteger(threads) || threads < 1 || threads > MAX_BUILD_THREADS) {
    throw new InvalidInputError(`threads must be a whole number from 1 to ${MAX_BUILD_THREADS}, got ${shown(threads)}`);
  }
  let session: Promise<BuildSession> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const release = (): void => {
    const s = session;
    session = undefined;
    void s?.then(
      (x) => x.close(),
      () => undefined,
    );
  };
  return {
    build(spec, pattern, options) {
      const run = queue.then(async () => {
        session ??= compileWasm(pdbThreadsWasmBase64).then((module) => new BuildSession(module, threads));
        try {
          return await (await session).build(spec, pattern, options);
        } catch (e) {
          if (!(e instanceof SearchlabError)) release(); // a thread failed: start afresh next time
          throw e;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    release: () => void (queue = queue.then(release)),
  };
}

/** Loads every pattern database missing from the cache with threadedPdbBuilder(threads). */
export function useThreadedPdbBuilds(threads?: number): void {
  setPdbBuilder(threadedPdbBuilder(threads));
}

/** One shared memory, the instance that sets builds up on it, and the worker threads. */
class BuildSession {
  private readonly memory = new WebAssembly.Memory({ initial: 16, maximum: 65536, shared: true });
  private readonly x: ThreadsExports;
  private readonly workers: BuildThread[];
  private readonly ready: Promise<unknown>;

  constructor(module: WebAssembly.Module, threads: number) {
    this.x = new WebAssembly.Instance(module, {
      env: {
        memory: this.memory,
        arenaGrant: () => 0,
        abort() {
          throw new Error('pdb builder aborted');
        },
      },
    }).exports as unknown as ThreadsExports;
    // Every instance initialises the module's data when it is created: all before any set-up.
    this.workers = Array.from({ length: threads }, (_, t) => new BuildThread(module, this.memory, t));
    this.ready = Promise.all(this.workers.map((w) => w.next()));
  }

  async build(spec: PdbSpec, pattern: number, options: { signal?: AbortSignal; onProgress?: (progress: PdbProgress) => void }): Promise<Uint8Array> {
    checkSpec(spec);
    const labels = spec.patterns[pattern];
    if (labels === undefined) throw new RangeError(`${spec.key} has no pattern ${pattern}`);
    const aborted = (): SearchlabError => new SearchlabError('aborted', 'aborted while building the pattern databases');
    if (options.signal?.aborted) throw aborted();
    await this.ready;
    const { x, workers } = this;
    const size = placements(spec.width * spec.height, labels.length);
    const progress = (): void => options.onProgress?.({ pattern, patterns: spec.patterns.length, reached: x.pdbBuildReachedAll(), placements: size });
    const stop = (): void => x.pdbBuildStop();
    options.signal?.addEventListener('abort', stop);
    const timer = setInterval(progress, PROGRESS_MS);
    try {
      if (x.pdbSetup(spec.width, spec.height) !== 1) throw new SearchlabError('invalid-input', `no pattern databases for ${spec.width}x${spec.height} boards`);
      // Only this pattern: its table does not depend on the others.
      if (x.pdbAddPattern(labels.reduce((m, l) => m | (1 << l), 0)) !== 0 || x.pdbBuildBegin(0) !== 1) {
        throw new SearchlabError(
          'invalid-input',
          `${spec.key}: pattern ${pattern} is not a set of tiles 1..${spec.width * spec.height - 1} with fewer than 2^31 placements`,
        );
      }
      await Promise.all(workers.map((w) => w.next('join')));
      for (let depth = 0; ; depth++) {
        x.pdbBuildLayerReset();
        const found = (await Promise.all(workers.map((w) => w.next(depth)))) as number[];
        if (found.includes(-1) || options.signal?.aborted) throw aborted();
        if (found.every((n) => n === 0)) break;
      }
      progress();
      // A view of the session's memory (valid until its next build): the caller copies it where it is used.
      return new Uint8Array(this.memory.buffer, x.pdbTablePointer(0) >>> 0, x.pdbTableBytes(0));
    } finally {
      x.pdbBuildEnd();
      clearInterval(timer);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  close(): void {
    for (const w of this.workers) w.stop();
  }
}
