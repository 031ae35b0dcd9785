// The relay: a task running in a worker (parallel IDA*'s driver, which walks the top of each
// iteration off the main thread) gets a TaskRunner whose tasks the page runs on the lab's pool, so
// they share its workers (and the tables those workers hold) with every other job. Both ends speak
// the pool's own envelope (engine core/tasks.ts) over a BroadcastChannel that only these two open:
// the worker's end is the engine's WorkerPool, the page's is the engine's serveTasks.
import { WorkerPool, serveTasks, type ReplyMessage, type TaskHandlers, type TaskRunner, type WorkerPort } from '@searchlab/engine';

/** A fresh channel name for one relay (getRandomValues: randomUUID exists on secure pages only). */
export const relayName = (): string => `searchlab-relay-${Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('-')}`;

/**
 * The worker's end: a runner of `width` tasks at once, each run by the page that serves channel `name`.
 * Close it when done (it closes the channel).
 */
export function relayRunner(name: string, width: number): TaskRunner {
  const channel = new BroadcastChannel(name);
  // Every slot of the pool is a view of the one channel: replies carry their task's id, and each
  // slot ignores the replies to other slots' tasks. The page answers every task (errors included).
  const view = (): WorkerPort => ({
    post: (message) => channel.postMessage(message),
    onReply: (cb) => channel.addEventListener('message', (e: MessageEvent<ReplyMessage>) => cb(e.data)),
    onFailure: () => undefined,
    terminate: () => undefined,
  });
  const pool = new WorkerPool(view, width);
  return {
    width,
    run: (task, options) => pool.run(task, options),
    close: async () => {
      await pool.close();
      channel.close();
    },
  };
}

/** What the page's end reports about the tasks it relays. */
export interface RelayWatch {
  /** A worker of the page's runner took a relayed task. */
  onStart?(worker: number): void;
  /** Tasks relayed and not settled yet (queued on the page's runner or running). */
  onInFlight?(count: number): void;
}

/**
 * The page's end: runs on `runner` the tasks arriving on channel `name` — only the kinds listed per
 * domain. `close()` stops every relayed task still in flight and closes the channel.
 */
export function serveRelay(name: string, runner: TaskRunner, kinds: Readonly<Record<string, readonly string[]>>, watch: RelayWatch = {}): { close(): void } {
  const channel = new BroadcastChannel(name);
  const closed = new AbortController();
  let inFlight = 0;
  const handlers: TaskHandlers = Object.fromEntries(
    Object.entries(kinds).map(([domain, list]) => [
      domain,
      Object.fromEntries(
        list.map((kind) => [
          kind,
          async (payload: unknown, ctx: { signal: AbortSignal; progress(p: unknown): void }) => {
            watch.onInFlight?.(++inFlight);
            try {
              return await runner.run(
                { domain, kind, payload },
                {
                  signal: AbortSignal.any([ctx.signal, closed.signal]),
                  onProgress: ctx.progress,
                  onStart: watch.onStart,
                },
              );
            } finally {
              watch.onInFlight?.(--inFlight);
            }
          },
        ]),
      ),
    ]),
  );
  serveTasks(
    (cb) => channel.addEventListener('message', (e: MessageEvent) => cb(e.data)),
    (m) => {
      if (!closed.signal.aborted) channel.postMessage(m); // closed: nobody listens any more
    },
    handlers,
  );
  return {
    close: () => {
      closed.abort();
      channel.close();
    },
  };
}
