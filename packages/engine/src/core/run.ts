/**
 * One run abstraction for every long computation of every domain, on both backends: a `Run` is
 * advanced in budgets of work units (expansions, local-search steps, simulated games …), so that a
 * driver can report progress, honour a timeout or an AbortSignal, and keep a page or an event loop
 * responsive. The TS references implement it with generators, the WASM kernels with resumable loops
 * whose state lives in linear memory. `drive` is the one driver; `runAsync` / `runSync` drain it.
 */

import { callerCallback, checkObject, checkOptionalFunction, checkOptionalSignal, checkTimeoutMs } from './args.js';
import { InvalidInputError } from './errors.js';

/**
 * A long computation advanced in budgets of work units (expansions, steps, games …) so that a driver
 * ({@link runAsync}, {@link runSync}) can report progress, honour a timeout or an AbortSignal, and yield.
 */
export interface Run<Outcome, Stats> {
  /** Do at most `budget` more units of work. The outcome when the run ended, else null. */
  step(budget: number): Outcome | null;
  /** Statistics so far. */
  stats(): Stats;
  /** Free resources (WASM memory); the run may not be stepped afterwards. Idempotent. */
  dispose(): void;
}

/** Limits and progress of {@link runAsync} / {@link runSync}. */
export interface DriveOptions<Stats> {
  /** Stop this many wall-clock milliseconds after the drive started (status 'timeout'); checked between slices. */
  timeoutMs?: number;
  /** Aborting stops the run between slices (status 'aborted', the statistics so far kept). */
  signal?: AbortSignal;
  /** Called between slices (at most every ~15 ms) with the statistics and the work time so far. */
  onProgress?: (stats: Stats, workMs: number) => void;
}

/** How a driven run ended. `workMs` counts time inside `step`, not the pauses at yields. */
export type Driven<Outcome, Stats> =
  | { status: 'done'; outcome: Outcome; stats: Stats; workMs: number }
  | { status: 'timeout' | 'aborted'; stats: Stats; workMs: number };

const now = (): number => globalThis.performance.now();

const MIN_BUDGET = 64;
const MAX_BUDGET = 1 << 20;
/** How long work may run between two yields to the event loop (keeps pages and signals live). */
const YIELD_EVERY_MS = 15;

/**
 * Steps the run in slices whose budgets adapt so that a slice lasts roughly 2–20 ms, and yields
 * between slices at most every YIELD_EVERY_MS: the async caller waits for the event loop there,
 * the sync caller goes straight on. The caller disposes the run.
 */
export function* drive<Outcome, Stats>(run: Run<Outcome, Stats>, options: DriveOptions<Stats> = {}): Generator<void, Driven<Outcome, Stats>, void> {
  const started = now();
  const deadline = options.timeoutMs !== undefined ? started + options.timeoutMs : Infinity;
  let workMs = 0;
  let budget = 1; // one unit first: a run whose units are slow (set-up, huge N) still looks at the clock soon; then doubled
  let lastYield = started;
  const onProgress = options.onProgress && callerCallback(options.onProgress, 'onProgress');
  for (;;) {
    if (options.signal?.aborted === true) return { status: 'aborted', stats: run.stats(), workMs };
    const s0 = now();
    const outcome = run.step(budget);
    const t = now();
    workMs += t - s0;
    if (outcome !== null) return { status: 'done', outcome, stats: run.stats(), workMs };
    if (t - s0 < 2) budget = Math.min(MAX_BUDGET, budget * 2);
    else if (t - s0 > 20) budget = Math.max(MIN_BUDGET, budget >> 1);
    if (t >= deadline) return { status: 'timeout', stats: run.stats(), workMs };
    if (t - lastYield >= YIELD_EVERY_MS) {
      onProgress?.(run.stats(), workMs); // the caller's callback failed, not the run: InvalidInputError
      yield;
      lastYield = now();
    }
  }
}

/**
 * One turn of the event loop (timers, I/O and messages are served): setImmediate in Node, a message
 * to itself elsewhere. Not setTimeout: Node waits at least 1 ms, which at a yield every ~15 ms left
 * a search's thread idle 6–12 % of its time (measured with eventLoopUtilization), and browsers wait
 * at least 4 ms once timeouts nest five deep (HTML's clamp), as a search's yields do.
 */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (globalThis.setImmediate !== undefined ? globalThis.setImmediate(resolve) : messageTurn(resolve)));

let channel: { port: MessagePort; waiting: (() => void)[] } | undefined;

/** Calls `resolve` from a message task: queued like a timeout of 0, never clamped. */
function messageTurn(resolve: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(resolve, 0);
    return;
  }
  if (channel === undefined) {
    const { port1, port2 } = new MessageChannel();
    const waiting: (() => void)[] = [];
    port1.onmessage = () => waiting.shift()?.();
    (port1 as { unref?(): void }).unref?.(); // a runtime with ports that keep it alive (Node, Deno) may still exit
    channel = { port: port2, waiting };
  }
  channel.waiting.push(resolve);
  channel.port.postMessage(undefined);
}

/** Throws InvalidInputError unless `run` is a Run and `options` DriveOptions. */
function checkDrive(run: unknown, options: unknown): void {
  checkObject(run, 'run');
  for (const method of ['step', 'stats', 'dispose'] as const) {
    if (typeof (run as Record<string, unknown>)[method] !== 'function') throw new InvalidInputError(`run.${method} must be a function`);
  }
  checkObject(options, 'options');
  const o = options as DriveOptions<unknown>;
  checkOptionalSignal(o.signal, 'signal');
  checkOptionalFunction(o.onProgress, 'onProgress');
  checkTimeoutMs(o.timeoutMs);
}

/** Drives `run` to its end, yielding to the event loop between slices; always disposes it. */
export async function runAsync<Outcome, Stats>(run: Run<Outcome, Stats>, options: DriveOptions<Stats> = {}): Promise<Driven<Outcome, Stats>> {
  checkDrive(run, options);
  try {
    const driver = drive(run, options);
    for (;;) {
      const next = driver.next();
      if (next.done === true) return next.value;
      await nextTurn();
    }
  } finally {
    run.dispose();
  }
}

/** Drives `run` to its end without yielding (the timeout is still checked); always disposes it. */
export function runSync<Outcome, Stats>(run: Run<Outcome, Stats>, options: DriveOptions<Stats> = {}): Driven<Outcome, Stats> {
  checkDrive(run, options);
  try {
    const driver = drive(run, options);
    let next = driver.next();
    while (next.done !== true) next = driver.next();
    return next.value;
  } finally {
    run.dispose();
  }
}
