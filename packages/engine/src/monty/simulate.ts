/**
 * The simulation facade: validate, run the chunks (in this thread as one Run, or spread over a
 * worker pool as tasks of whole chunks), and report every strategy's estimate beside its exact value
 * with a 95% Wilson interval. The counters are the same for a seed whatever the backend or the pool.
 */
import { loadKernels } from '../core/kernels.js';
import { streamTasks, type Task, type TaskRunner } from '../core/pool.js';
import { runAsync } from '../core/run.js';
import type { TaskContext } from '../core/tasks.js';
import { exactAnswer, wilson, type ExactAnswer, type ExactRates } from './exact.js';
import { COUNTER, STRATEGIES, chunkCount, normalizeSimulation, type Counters, type Host, type MontySimulationOptions, type Strategy } from './model.js';
import { createKernel, createMontyRun, splitTasks, sumCounters, type MontyChunkTask } from './run.js';

export interface Estimate {
  wins: number;
  games: number;
  /** wins / games (NaN when no game counted). */
  rate: number;
  /** The exact probability as a fraction ("1/3"); null when the condition has probability 0. */
  exact: string | null;
  ci95: [number, number];
}

export interface StrategyResult extends Estimate {
  /** Biased host: the rates conditioned on the host's first door being the lowest other door, or not. */
  byOpened?: { lowest: Estimate; other: Estimate };
}

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

export interface MontyHooks {
  signal?: AbortSignal;
  /** Games played so far (of `trials`). */
  onProgress?: (games: number, trials: number) => void;
  /** A worker pool: the chunks run there in parallel. Default: this thread. */
  runner?: TaskRunner;
}

const estimate = (wins: number, games: number, exact: string | null): Estimate => ({
  wins, games, rate: games > 0 ? wins / games : NaN, exact, ci95: wilson(wins, games),
});

/** The result object of a simulation from its counters (exported for tests and the web view). */
export function summarize(counters: Counters, exact: ExactAnswer, withConditional: boolean): Record<Strategy, StrategyResult> {
  const gamesLow = counters[COUNTER.gamesLowest]!;
  const gamesOther = counters[COUNTER.gamesOther]!;
  const ex = (rates: ExactRates | null, s: Strategy): string | null => rates?.[s].toString() ?? null;
  const out = {} as Record<Strategy, StrategyResult>;
  STRATEGIES.forEach((s, i) => {
    const low = counters[COUNTER.stayLowest + 2 * i]!;
    const other = counters[COUNTER.stayOther + 2 * i]!;
    const r: StrategyResult = estimate(low + other, gamesLow + gamesOther, exact.win[s].toString());
    if (withConditional) {
      r.byOpened = {
        lowest: estimate(low, gamesLow, ex(exact.byOpened.lowest.win, s)),
        other: estimate(other, gamesOther, ex(exact.byOpened.other.win, s)),
      };
    }
    out[s] = r;
  });
  return out;
}

/** A worker's task: some whole chunks of a simulation; progress = games played. */
export async function runMontyTask(task: MontyChunkTask, ctx: Pick<TaskContext, 'signal' | 'progress'>): Promise<{ counters: Counters; games: number }> {
  const kernels = task.backend === 'wasm' ? await loadKernels() : undefined;
  const run = createMontyRun(createKernel(task.backend, task.game, task.seed, kernels), task.trials, task);
  const d = await runAsync(run, { signal: ctx.signal, onProgress: (s) => ctx.progress(s.games) });
  return { counters: d.status === 'done' ? d.outcome.counters : d.stats.counters, games: d.stats.games };
}

export const montyTasks = {
  simulate: (task: MontyChunkTask, ctx: TaskContext) => runMontyTask(task, ctx),
};

/** Simulates `trials` games; every strategy is scored on the same games. */
export async function simulateMonty(options: MontySimulationOptions, hooks: MontyHooks = {}): Promise<MontyResult> {
  const sim = normalizeSimulation(options);
  const { game, trials, seed, backend } = sim;
  const exact = exactAnswer(game);
  const started = globalThis.performance.now();
  const base = { game, trials, seed, backend };
  let counters: Counters;
  let played = 0;
  let status: MontyResult['status'] = 'done';
  const runner = hooks.runner;
  if (runner === undefined || runner.size <= 1) {
    const task: MontyChunkTask = { ...base, first: 0, count: chunkCount(trials) };
    const r = await runMontyTask(task, { signal: hooks.signal ?? new AbortController().signal, progress: (g) => hooks.onProgress?.(g as number, trials) });
    counters = r.counters;
    played = r.games;
  } else {
    // Several tasks per worker keep them busy to the end; the split never changes the counts.
    const tasks = splitTasks(base, runner.size * 4);
    const done: Counters[] = [];
    const progress = tasks.map(() => 0);
    const envelopes: Task[] = tasks.map((payload) => ({ domain: 'monty', kind: 'simulate', payload }));
    try {
      for await (const [i, r] of streamTasks<{ counters: Counters; games: number }>(runner, envelopes, {
        signal: hooks.signal,
        onProgress: (g, i) => {
          progress[i] = g as number;
          hooks.onProgress?.(progress.reduce((a, b) => a + b, 0), trials);
        },
      })) {
        done.push(r.counters);
        progress[i] = r.games;
        played += r.games;
      }
    } catch (e) {
      if (hooks.signal?.aborted !== true) throw e;
    }
    counters = sumCounters(done);
  }
  if (played < trials) status = hooks.signal?.aborted === true ? 'aborted' : 'timeout';
  return {
    status, trials, played,
    doors: game.doors, open: game.open, host: game.host, bias: game.bias, switchProbability: game.switchProbability,
    seed, backend,
    excluded: counters[COUNTER.excluded]!,
    exactExcluded: exact.excluded.toString(),
    results: summarize(counters, exact, game.host === 'biased'),
    counters,
    timeMs: globalThis.performance.now() - started,
  };
}
