/**
 * Work that crosses a worker boundary: one message envelope for Web Workers and Node
 * worker_threads, and the worker side that serves it. Payloads and results are plain JSON-able
 * values (structured clone), so a task could equally be sent to another machine.
 */
import { checkObject, checkString, describe } from './args.js';
import { InvalidInputError, SearchlabError, type ErrorCode } from './errors.js';

/** A request: run `kind` of `domain` on `payload`. `kind` 'cancel' of domain 'core' cancels task `id`. */
export interface TaskMessage {
  id: number;
  domain: string;
  kind: string;
  payload: unknown;
}

/**
 * A worker's reply to task `id`: a progress message, the result, or an error (code and one-line message).
 */
export type ReplyMessage =
  | { id: number; type: 'progress'; payload: unknown }
  | { id: number; type: 'result'; payload: unknown }
  | { id: number; type: 'error'; error: { code?: ErrorCode; message: string } };

/** What a task handler gets besides its payload: the task's AbortSignal and a way to post progress. */
export interface TaskContext {
  signal: AbortSignal;
  /** Report progress (throttling is the handler's business: every message is posted). */
  progress(payload: unknown): void;
}

/**
 * Runs one kind of task in a worker: takes the payload, returns (or resolves to) a JSON-serialisable result.
 */
export type TaskHandler = (payload: any, ctx: TaskContext) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
/** domain → kind → handler. */
export type TaskHandlers = Readonly<Record<string, Readonly<Record<string, TaskHandler>>>>;

/** Progress is posted at most this often by default: a page or a progress bar redraws no faster. */
const PROGRESS_EVERY_MS = 100;

/** `post`, called at most once every `everyMs` (later calls in between are dropped). */
export function throttled<T>(post: (value: T) => void, everyMs = PROGRESS_EVERY_MS): (value: T) => void {
  let last = -Infinity;
  return (value) => {
    const now = globalThis.performance.now();
    if (now - last < everyMs) return;
    last = now;
    post(value);
  };
}

export const CANCEL: Pick<TaskMessage, 'domain' | 'kind'> = { domain: 'core', kind: 'cancel' };

/** The error as it crosses the boundary, and back: typed errors keep their code. */
export function errorReply(id: number, e: unknown): ReplyMessage {
  const code = e instanceof SearchlabError ? e.code : undefined;
  return { id, type: 'error', error: { code, message: e instanceof Error ? e.message : String(e) } };
}

export function replyError(error: { code?: ErrorCode; message: string }): Error {
  return error.code !== undefined ? new SearchlabError(error.code, error.message) : new Error(error.message);
}

/**
 * The tasks of every domain loaded in this realm: each domain registers its own when its module is
 * loaded, so the platform (the inline runner, the worker hosts) names none. A worker entry loads
 * the domains it serves, then serves the registry.
 */
const registry: Record<string, Readonly<Record<string, TaskHandler>>> = {};

/** Registers task handlers of `domain` (beside those it registered before; a kind registered again is replaced). */
export function registerTasks(domain: string, handlers: Readonly<Record<string, TaskHandler>>): void {
  checkString(domain, 'domain');
  checkObject(handlers, 'handlers');
  for (const [kind, handler] of Object.entries(handlers)) {
    if (typeof handler !== 'function') throw new InvalidInputError(`handlers.${kind} must be a function, got ${describe(handler)}`);
  }
  registry[domain] = { ...registry[domain], ...handlers };
}

/** The registered handlers, by domain. */
export const registeredTasks = (): TaskHandlers => registry;

/** Runs one task in this thread, with the same envelope semantics as a worker. */
export async function runTask(handlers: TaskHandlers, message: TaskMessage, ctx: TaskContext): Promise<unknown> {
  checkObject(handlers, 'handlers');
  checkObject(message, 'message');
  checkString(message.domain, 'message.domain');
  checkString(message.kind, 'message.kind');
  checkObject(ctx, 'ctx');
  const handler = handlers[message.domain]?.[message.kind];
  if (handler === undefined) throw new SearchlabError('unsupported', `no task ${message.domain}/${message.kind} in this worker`);
  return handler(message.payload, ctx);
}

/**
 * The worker side: answer every TaskMessage arriving through `listen` with progress, then a result
 * or an error, through `post`. Several tasks may run at once (each is async); cancel aborts one.
 */
export function serveTasks(listen: (cb: (m: TaskMessage) => void) => void, post: (m: ReplyMessage) => void, handlers: TaskHandlers = registry): void {
  if (typeof listen !== 'function') throw new InvalidInputError(`listen must be a function, got ${describe(listen)}`);
  if (typeof post !== 'function') throw new InvalidInputError(`post must be a function, got ${describe(post)}`);
  checkObject(handlers, 'handlers');
  const running = new Map<number, AbortController>();
  listen((message) => {
    if (message.domain === CANCEL.domain && message.kind === CANCEL.kind) {
      running.get(message.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    const ctx: TaskContext = { signal: controller.signal, progress: (payload) => post({ id: message.id, type: 'progress', payload }) };
    runTask(handlers, message, ctx)
      .then(
        (payload) => post({ id: message.id, type: 'result', payload }),
        (e: unknown) => post(errorReply(message.id, e)),
      )
      .finally(() => running.delete(message.id));
  });
}
