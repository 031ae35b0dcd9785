/**
 * A pool of workers behind one interface for the browser (Web Workers) and Node (worker_threads):
 * a fixed width, a FIFO queue, cancellation by AbortSignal, progress. `inlinePool` runs the same
 * tasks in this thread (one at a time), so a client has one code path whether it has workers or
 * not: `runTasks` (work.ts) on either.
 */
import { callerCallback, checkObject, checkOptionalFunction, checkOptionalObject, checkOptionalSignal, checkString, describe } from './args.js';
import { InvalidInputError, SearchlabError } from './errors.js';
import { nextTurn } from './run.js';
import { CANCEL, registeredTasks, replyError, runTask, type ReplyMessage, type TaskHandlers, type TaskMessage } from './tasks.js';

/** What the pool needs of a worker; adapters wrap a Web Worker or a worker_threads Worker. */
export interface WorkerPort {
  /** Sends a task (or a cancel) to the worker. */
  post(message: TaskMessage): void;
  /** Registers the listener of the worker's replies (progress, result, error). */
  onReply(cb: (message: ReplyMessage) => void): void;
  /** The worker died (an uncaught error or an exit): its task fails, the pool spawns a new one. */
  onFailure(cb: (error: Error) => void): void;
  /** Stops the worker at once. */
  terminate(): void;
}

/**
 * One unit of work in the envelope every runner speaks: the `kind` of task of a `domain` (e.g.
 * `queens`/`count`) and its JSON-serialisable `payload`.
 */
export interface Task {
  domain: string;
  kind: string;
  payload: unknown;
}

/** Per-task options of {@link TaskRunner.run}. */
export interface TaskOptions {
  /** Aborting stops the task; aborted with reason DISCARDED, its result is not wanted any more (a queue drops it if unclaimed). */
  signal?: AbortSignal;
  /** Called with each progress message the task's handler posts. */
  onProgress?: (payload: unknown) => void;
  /** A worker took the task (runners that know it): `worker` tells the runner's workers apart (a serial number, never reused). */
  onStart?: (worker: number) => void;
}

/**
 * The abort reason that says a task's result is not wanted at all (parallel IDA*: a later subtree
 * once an earlier one found the goal), as opposed to a stop the work may resume from.
 */
export const DISCARDED = 'discarded';

/**
 * Where tasks run: this thread ({@link inlinePool}), a pool of workers ({@link WorkerPool}), or a
 * queue. Pass one as `runner` to any long operation (`countQueens`, `compareHeuristics`, `runTasks` …).
 */
export interface TaskRunner {
  /** How many tasks it runs at once (a worker pool's threads; 1 in this thread). Work is never split by it. */
  readonly width: number;
  /**
   * Runs one task and resolves with its result. Stopped by `signal` while running, it resolves with the
   * answer the task gives so far (a task without one rejects with code `aborted`); aborted before it
   * starts, it rejects with a `SearchlabError` of code `aborted`.
   * A task's own error rejects as a `SearchlabError` with the task's code and message.
   */
  run<R>(task: Task, options?: TaskOptions): Promise<R>;
  /** Stops the runner's workers; call it when done (queued tasks reject). */
  close(): Promise<void>;
}

/** The default size: the machine's cores (`navigator.hardwareConcurrency` exists in browsers and Node ≥ 21). */
export function defaultPoolSize(): number {
  const n = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  return typeof n === 'number' && n > 0 ? n : 2;
}

export function checkPoolSize(size: number): number {
  if (!Number.isSafeInteger(size) || size < 1 || size > 1024) throw new InvalidInputError(`jobs must be an integer from 1 to 1024, got ${describe(size)}`);
  return size;
}

/** The arguments of every runner's `run`: a task's envelope (its payload is the handler's to check) and the options. */
function checkRunArgs(task: unknown, options: unknown): asserts options is TaskOptions | undefined {
  checkObject(task, 'task');
  const t = task as Partial<Task>;
  checkString(t.domain, 'task.domain');
  checkString(t.kind, 'task.kind');
  checkOptionalObject(options, 'options');
  const o = (options ?? {}) as TaskOptions;
  checkOptionalSignal(o.signal, 'options.signal');
  checkOptionalFunction(o.onProgress, 'options.onProgress');
  checkOptionalFunction(o.onStart, 'options.onStart');
}

interface Pending {
  message: TaskMessage;
  options: TaskOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  port: WorkerPort;
  serial: number;
  current?: Pending;
}

const aborted = (): SearchlabError => new SearchlabError('aborted', 'aborted');

/**
 * A pool of workers (threads or Web Workers, through a {@link WorkerPort} factory): tasks queue in
 * order, run on the first free worker (started on demand, at most `width`), report progress and stop
 * on their AbortSignal. A worker that dies fails its task and is replaced. Made by `createNodePool`
 * (`@searchlab/engine/node`) or `createWebPool` (`@searchlab/engine/browser`).
 */
export class WorkerPool implements TaskRunner {
  readonly width: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private nextSerial = 1;
  private closed = false;
  private readonly watched = new WeakMap<AbortSignal, Set<Pending>>();

  constructor(
    private readonly spawn: () => WorkerPort,
    size = defaultPoolSize(),
  ) {
    if (typeof spawn !== 'function') throw new InvalidInputError(`spawn must be a function, got ${describe(spawn)}`);
    this.width = checkPoolSize(size);
  }

  run<R>(task: Task, options: TaskOptions = {}): Promise<R> {
    try {
      checkRunArgs(task, options);
    } catch (e) {
      return Promise.reject(e);
    }
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const { signal } = options;
    if (signal?.aborted === true) return Promise.reject(aborted());
    return new Promise<R>((resolve, reject) => {
      const settle = (): void => void (signal && this.watched.get(signal)?.delete(pending));
      // A caller's callback that throws fails its task with that error (named, the original as cause) and stops it.
      const guarded = <A extends unknown[]>(fn: ((...args: A) => void) | undefined, name: string) => {
        if (fn === undefined) return undefined;
        const call = callerCallback(fn, name);
        return (...args: A): void => {
          try {
            call(...args);
          } catch (e) {
            pending.reject(e);
            this.cancel(pending);
          }
        };
      };
      const pending: Pending = {
        message: { id: this.nextId++, ...task },
        options: { ...options, onProgress: guarded(options.onProgress, 'onProgress'), onStart: guarded(options.onStart, 'onStart') },
        resolve: (value) => {
          settle();
          resolve(value as R);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      if (signal !== undefined) this.watch(signal).add(pending);
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** The tasks waiting on `signal`: one abort listener per signal, however many tasks share it. */
  private watch(signal: AbortSignal): Set<Pending> {
    let set = this.watched.get(signal);
    if (set === undefined) {
      const tasks = (set = new Set());
      this.watched.set(signal, tasks);
      signal.addEventListener(
        'abort',
        () => {
          for (const p of [...tasks]) this.cancel(p);
        },
        { once: true },
      );
    }
    return set;
  }

  /**
   * Starts every worker now instead of at the first tasks, so that their start-up (Node: ~0.1 s of
   * CPU each, loading the engine and compiling its kernels) overlaps what the caller prepares.
   */
  start(): void {
    while (!this.closed && this.slots.length < this.width) this.addSlot();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the worker pool was closed'));
    for (const slot of this.slots.splice(0)) slot.port.terminate();
  }

  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      pending.reject(aborted());
      return;
    }
    // Running: ask the worker to stop; it answers with the task's result so far or an error.
    const slot = this.slots.find((s) => s.current === pending);
    slot?.port.post({ id: pending.message.id, ...CANCEL, payload: null });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === undefined);
      if (slot === undefined && this.slots.length < this.width) slot = this.addSlot();
      if (slot === undefined) return;
      slot.current = this.queue.shift()!;
      slot.port.post(slot.current.message);
      slot.current.options.onStart?.(slot.serial);
    }
  }

  private addSlot(): Slot {
    const slot: Slot = { port: this.spawn(), serial: this.nextSerial++ };
    slot.port.onReply((reply) => {
      const p = slot.current;
      if (p === undefined || reply.id !== p.message.id) return;
      if (reply.type === 'progress') {
        p.options.onProgress?.(reply.payload);
        return;
      }
      slot.current = undefined;
      if (reply.type === 'result') p.resolve(reply.payload);
      else p.reject(replyError(reply.error));
      this.dispatch();
    });
    slot.port.onFailure((error) => {
      const at = this.slots.indexOf(slot);
      if (at < 0) return; // already gone (terminated by close or by an earlier failure)
      const p = slot.current;
      slot.current = undefined;
      this.slots.splice(at, 1);
      slot.port.terminate();
      p?.reject(error);
      if (!this.closed) this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }
}

/** The same interface without workers: tasks run one at a time in this thread (default: every registered domain's). */
export function inlinePool(handlers: TaskHandlers = registeredTasks()): TaskRunner {
  let id = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    width: 1,
    run<R>(task: Task, options: TaskOptions = {}): Promise<R> {
      try {
        checkRunArgs(task, options);
      } catch (e) {
        return Promise.reject(e);
      }
      const message: TaskMessage = { id: ++id, ...task };
      const signal = options.signal ?? new AbortController().signal;
      // A caller's callback that throws fails the task with that error (named, the original as cause).
      const onStart = options.onStart && callerCallback(options.onStart, 'onStart');
      const onProgress = options.onProgress && callerCallback(options.onProgress, 'onProgress');
      // A turn of the event loop before each task, so a timer (runTasks' timeout) can fire between
      // short tasks that never yield themselves.
      const result = chain.then(nextTurn).then(() => {
        if (signal.aborted) throw aborted();
        onStart?.(1);
        return runTask(handlers, message, { signal, progress: (p) => onProgress?.(p) });
      });
      chain = result.catch(() => undefined);
      return result as Promise<R>;
    },
    close: async () => undefined,
  };
}
