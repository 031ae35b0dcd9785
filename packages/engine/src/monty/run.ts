/**
 * The simulation as a platform `Run` (work unit = games), the same on both backends: the games are
 * split into fixed chunks of CHUNK_GAMES, chunk i drawing from its own stream (seed, i), so the
 * counters depend only on (game, trials, seed) — not on the backend, the step budgets, nor how the
 * chunks are spread over tasks. A task (`MontyChunkTask`: whole chunks, plain JSON in and out) is the unit of parallel work.
 */
import { checkBackend, checkInteger, checkObject, checkOptionalObject, describe, reading } from '../core/args.js';
import { InvalidInputError, UnsupportedError } from '../core/errors.js';
import type { Run } from '../core/run.js';
import { checkKernels, type Kernels } from '../core/kernels.js';
import { MAX_TRIALS, addCounters, chunkCount, chunkGames, normalizeGame, zeroCounters, type Counters, type MontyGame } from './model.js';
import { createTsKernel, type MontyKernel } from './ts-kernel.js';
import { createWasmKernel } from './wasm-kernel.js';

/** A simulation run's statistics: games played and the counters so far. */
export interface MontyStats {
  /** Games played so far (valid and excluded). */
  games: number;
  counters: Counters;
}

/** How a simulation run ends: every game of its chunks played, with the counters. */
export type MontyOutcome = { kind: 'done'; counters: Counters };
/** A simulation as a {@link Run}: step it in budgets of games (the lab's live view drives one). */
export type MontyRun = Run<MontyOutcome, MontyStats>;

/** Which chunks (of 2^20 games each) of a simulation a run plays. */
export interface ChunkRange {
  /** The first chunk to play and how many (default: all chunks of `trials`). */
  first?: number;
  count?: number;
}

/** A Run over chunks [first, first + count) of a simulation of `trials` games. */
export function createMontyRun(kernel: MontyKernel, trials: number, range: ChunkRange = {}): MontyRun {
  checkObject(kernel, 'kernel');
  for (const method of ['begin', 'play', 'counters', 'dispose'] as const) {
    if (typeof reading('kernel', () => kernel[method]) !== 'function')
      throw new InvalidInputError(`kernel must be a MontyKernel (from createKernel), it has no ${method}()`);
  }
  checkInteger(trials, 'trials');
  if (trials < 1 || trials > MAX_TRIALS) throw new InvalidInputError(`trials must be from 1 to 2^49, got ${trials}`);
  checkOptionalObject(range, 'range');
  const first = range.first ?? 0;
  const count = range.count ?? Infinity;
  if (!(Number.isSafeInteger(first) && first >= 0)) throw new InvalidInputError(`range.first must be a whole number ≥ 0, got ${describe(first)}`);
  if (!((Number.isSafeInteger(count) && count >= 0) || count === Infinity))
    throw new InvalidInputError(`range.count must be a whole number ≥ 0, got ${describe(count)}`);
  const end = Math.min(chunkCount(trials), first + count);
  let chunk = first;
  let inChunk = 0; // games played of `chunk`
  let games = 0;
  let disposed = false;
  let outcome: MontyOutcome | null = null;
  if (chunk < end) kernel.begin(chunk);
  const finish = (): MontyOutcome => (outcome = { kind: 'done', counters: kernel.counters() });
  return {
    step(budget) {
      if (outcome !== null) return outcome;
      if (disposed) throw new Error('this monty run was disposed');
      let left = Math.max(1, Math.floor(budget));
      while (left > 0 && chunk < end) {
        const size = chunkGames(trials, chunk);
        const now = Math.min(left, size - inChunk);
        kernel.play(now);
        inChunk += now;
        games += now;
        left -= now;
        if (inChunk === size) {
          chunk++;
          inChunk = 0;
          if (chunk < end) kernel.begin(chunk);
        }
      }
      return chunk >= end ? finish() : null;
    },
    stats: () => ({ games, counters: outcome?.counters ?? kernel.counters() }),
    dispose() {
      if (!disposed) kernel.dispose();
      disposed = true;
    },
  };
}

/** The kernel of one backend (the WASM kernels must be loaded: `kernels` is what loadKernels() returned). */
export function createKernel(backend: 'wasm' | 'ts', game: MontyGame, seed: number, kernels?: Kernels): MontyKernel {
  checkBackend(backend);
  checkObject(game, 'game');
  const rules = normalizeGame(game); // the same game when it was normalised already
  checkInteger(seed, 'seed');
  if (backend === 'ts') return createTsKernel(rules, seed);
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: pass await loadKernels() as kernels (or use the ts backend)');
  checkKernels(kernels);
  return createWasmKernel(kernels, rules, seed);
}

/** One chunk's task for a worker: plain JSON in, counters out. */
export interface MontyChunkTask {
  game: MontyGame;
  trials: number;
  seed: number;
  backend: 'wasm' | 'ts';
  /** Chunks [first, first + count). */
  first: number;
  count: number;
}

/** Splits a simulation into `parts` tasks of whole chunks (any split gives the same sums). */
export function splitTasks(base: Omit<MontyChunkTask, 'first' | 'count'>, parts: number): MontyChunkTask[] {
  const chunks = chunkCount(base.trials);
  const n = Math.max(1, Math.min(parts, chunks));
  const tasks: MontyChunkTask[] = [];
  for (let i = 0; i < n; i++) {
    const first = Math.floor((i * chunks) / n);
    const last = Math.floor(((i + 1) * chunks) / n);
    tasks.push({ ...base, first, count: last - first });
  }
  return tasks;
}

export const sumCounters = (all: readonly Counters[]): Counters => all.reduce((acc, c) => addCounters(acc, c), zeroCounters());
