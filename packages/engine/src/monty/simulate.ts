/**
 * The simulation facade: validate, run the chunks as tasks of whole chunks (in this thread, on a
 * worker pool or on the queue), and report every strategy's estimate beside its exact value
 * with a 95% Wilson interval. The counters are the same for a seed whatever the backend or the pool.
 */
import { callerCallback, checkArrayLike, checkBoolean, checkObject, checkOptionalFunction, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { loadKernels } from '../core/kernels.js';
import type { Task, TaskRunner } from '../core/pool.js';
import { runAsync } from '../core/run.js';
import { registerTasks, type TaskContext } from '../core/tasks.js';
import { runTasks } from '../core/work.js';
import { exactAnswer, wilson, type ExactAnswer, type ExactRates } from './exact.js';
import { COUNTER, COUNTERS, STRATEGIES, montySpec, type Counters, type Host, type MontyGame, type MontySimulationOptions, type Strategy } from './model.js';
import { createKernel, createMontyRun, splitTasks, sumCounters, type MontyChunkTask } from './run.js';

/** An estimated win rate: wins over games, the exact probability beside it, and a 95% Wilson interval. */
export interface Estimate {
  wins: number;
  games: number;
  /** wins / games (NaN when no game counted). */
  rate: number;
  /** The exact probability as a fraction ("1/3"); null when the condition has probability 0. */
  exact: string | null;
  ci95: [number, number];
}

/** One strategy's estimate, and for the biased host the rates conditioned on the host's first door. */
export interface StrategyResult extends Estimate {
  /** Biased host: the rates conditioned on the host's first door being the lowest other door, or not. */
  byOpened?: { lowest: Estimate; other: Estimate };
}

/**
 * What {@link simulateMonty} returns: how it ended, the game, the games played, each strategy's
 * estimate beside its exact value, the raw counters and the wall-clock time.
 */
export interface MontyResult {
  status: 'done' | 'aborted' | 'timeout';
  trials: number;
  /** Games simulated (= trials when done). */
  played: number;
  doors: number;
  open: number;
  host: Host;
  bias: number;
  switchProbability: number;
  seed: number;
  backend: 'wasm' | 'ts';
  /** Ignorant host: games where he revealed the car, left out of every rate; and their exact share. */
  excluded: number;
  exactExcluded: string;
  results: Record<Strategy, StrategyResult>;
  counters: Counters;
  timeMs: number;
}

/** Limits, progress and the runner of {@link simulateMonty}. */
export interface MontyHooks {
  /** Aborting stops the simulation (status 'aborted') with the games played so far. */
  signal?: AbortSignal;
  /** Games played so far (of `trials`). */
  onProgress?: (games: number, trials: number) => void;
  /** Where the chunks run (a worker pool, the queue). Default: this thread. */
  runner?: TaskRunner;
  /** Wall-clock milliseconds from the start; then status 'timeout' with the games played so far. */
  timeoutMs?: number;
}

const estimate = (wins: number, games: number, exact: string | null): Estimate => ({
  wins,
  games,
  rate: games > 0 ? wins / games : NaN,
  exact,
  ci95: wilson(wins, games),
});

/** The result object of a simulation from its counters (exported for tests and the web view). */
export function summarize(counters: Counters, exact: ExactAnswer, withConditional: boolean): Record<Strategy, StrategyResult> {
  checkArrayLike(counters, 'counters');
  if (counters.length !== COUNTERS.length)
    throw new InvalidInputError(`counters must hold ${COUNTERS.length} counts (${COUNTERS.join(', ')}), got ${counters.length}`);
  for (let i = 0; i < COUNTERS.length; i++) {
    const c = counters[i];
    if (!(typeof c === 'number' && Number.isSafeInteger(c) && c >= 0))
      throw new InvalidInputError(`counters[${i}] (${COUNTERS[i]}) must be a count ≥ 0, got ${shown(c)}`);
  }
  checkObject(exact, 'exact');
  checkBoolean(withConditional, 'withConditional');
  const ex = (rates: ExactRates | null, s: Strategy): string | null => (rates === null ? null : rates[s].toString());
  // The exact answers as text first: a value that is not exactAnswer()'s is refused before any estimate.
  let exactText: Record<Strategy, { win: string; lowest: string | null; other: string | null }>;
  try {
    exactText = Object.fromEntries(
      STRATEGIES.map((s) => [
        s,
        withConditional
          ? { win: exact.win[s].toString(), lowest: ex(exact.byOpened.lowest.win, s), other: ex(exact.byOpened.other.win, s) }
          : { win: exact.win[s].toString(), lowest: null, other: null },
      ]),
    ) as typeof exactText;
  } catch (e) {
    throw new InvalidInputError(`exact must be what exactAnswer() returns (${shown((e as Error)?.message ?? e).split('\n')[0]})`);
  }
  const gamesLow = counters[COUNTER.gamesLowest]!;
  const gamesOther = counters[COUNTER.gamesOther]!;
  const out = {} as Record<Strategy, StrategyResult>;
  STRATEGIES.forEach((s, i) => {
    const low = counters[COUNTER.stayLowest + 2 * i]!;
    const other = counters[COUNTER.stayOther + 2 * i]!;
    const r: StrategyResult = estimate(low + other, gamesLow + gamesOther, exactText[s].win);
    if (withConditional) {
      r.byOpened = {
        lowest: estimate(low, gamesLow, exactText[s].lowest),
        other: estimate(other, gamesOther, exactText[s].other),
      };
    }
    out[s] = r;
  });
  return out;
}

/** A worker's task: some whole chunks of a simulation; progress = games played; stopped, the games so far. */
export async function runMontyTask(task: MontyChunkTask, ctx: Pick<TaskContext, 'signal' | 'progress'>): Promise<{ counters: Counters; games: number }> {
  const kernels = task.backend === 'wasm' ? await loadKernels() : undefined;
  const run = createMontyRun(createKernel(task.backend, task.game, task.seed, kernels), task.trials, task);
  const d = await runAsync(run, { signal: ctx.signal, onProgress: (s) => ctx.progress(s.games) });
  return { counters: d.status === 'done' ? d.outcome.counters : d.stats.counters, games: d.stats.games };
}

export const montyTasks = {
  simulate: (task: MontyChunkTask, ctx: TaskContext) => runMontyTask(task, ctx),
};
registerTasks('monty', montyTasks);

/** A simulation is split into this many tasks at most, whatever runs them: the same jobs for every runner (and a resumed queue run). */
export const MONTY_TASKS = 64;

/**
 * Simulates `trials` games; every strategy is scored on the same games. The chunks run as tasks
 * through the one work path (core/work.ts): the counts for a seed are the same on every runner,
 * and a stopped run counts the games every task played.
 *
 * @param options - The game (`doors`, `open`, `host`, `bias`, `switchProbability`), `trials`, `seed`, `backend`.
 * @param hooks - `runner` (a worker pool), `signal`, `timeoutMs`, `onProgress`.
 * @returns Each strategy's wins and win rate with a 95% interval, beside the exact answer.
 * @throws {InvalidInputError} On an invalid game or trial count.
 * @throws {WasmUnavailableError} On the WASM backend (the default) when WebAssembly cannot compile here (a CSP without `'wasm-unsafe-eval'`).
 * @example
 * ```ts
 * import { simulateMonty } from '@searchlab/engine/monty';
 * const r = await simulateMonty({ trials: 1e6, seed: 1 }, { timeoutMs: 10_000 });
 * console.log(r.status, r.results.switch.exact); // done 2/3
 * ```
 */
export async function simulateMonty(options: MontySimulationOptions, hooks: MontyHooks = {}): Promise<MontyResult> {
  checkObject(hooks, 'hooks');
  checkOptionalFunction(hooks.onProgress, 'onProgress');
  const spec = montySpec(options);
  const { trials, seed, backend } = spec;
  const game: MontyGame = { doors: spec.doors, open: spec.open, host: spec.host, bias: spec.bias, switchProbability: spec.switchProbability };
  const exact = exactAnswer(game);
  const tasks: Task[] = splitTasks({ game, trials, seed, backend }, MONTY_TASKS).map((payload) => ({ domain: 'monty', kind: 'simulate', payload }));
  const progress = tasks.map(() => 0);
  const userProgress = hooks.onProgress && callerCallback(hooks.onProgress, 'onProgress');
  const work = await runTasks<{ counters: Counters; games: number }>(tasks, {
    runner: hooks.runner,
    signal: hooks.signal,
    timeoutMs: hooks.timeoutMs,
    onProgress: (g, i) => {
      progress[i] = g as number;
      userProgress?.(
        progress.reduce((a, b) => a + b, 0),
        trials,
      );
    },
  });
  const finished = work.results.filter((r) => r !== undefined);
  const counters = sumCounters(finished.map((r) => r.counters));
  const played = finished.reduce((a, r) => a + r.games, 0);
  return {
    status: work.status,
    trials,
    played,
    doors: game.doors,
    open: game.open,
    host: game.host,
    bias: game.bias,
    switchProbability: game.switchProbability,
    seed,
    backend,
    excluded: counters[COUNTER.excluded]!,
    exactExcluded: exact.excluded.toString(),
    results: summarize(counters, exact, game.host === 'biased'),
    counters,
    timeMs: work.timeMs,
  };
}
