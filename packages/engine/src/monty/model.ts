/**
 * Monty Hall games: n doors, one car, the host opens k goat doors (or, ignorant, any k doors),
 * the player stays, switches to a uniformly chosen closed door, or switches with probability p.
 * Validation of every user-facing parameter lives here (one-line InvalidInputError messages).
 */
import { checkObject, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import type { Backend } from '../core/backend.js';

/**
 * The host's behaviours: `standard` (knows the car, opens goats at random), `ignorant` (opens at
 * random, may reveal the car: such games are excluded), `biased` (prefers the lowest-numbered door, with probability `bias`).
 */
export const HOSTS = ['standard', 'ignorant', 'biased'] as const;
/** One of {@link HOSTS}. */
export type Host = (typeof HOSTS)[number];
/**
 * The player's strategies: `stay`, `switch` (to a closed door at random), `random` (switch with probability `switchProbability`).
 */
export const STRATEGIES = ['stay', 'switch', 'random'] as const;
/** One of {@link STRATEGIES}. */
export type Strategy = (typeof STRATEGIES)[number];

/** Doors a game may have: ranges are drawn by 32×16-bit multiply-shift, exact in f64 (docs/contracts/monty.md). */
export const MAX_DOORS = 65536;
/** Games per chunk: the simulation's fixed unit of parallel work and of PRNG streams. */
export const CHUNK_GAMES = 1 << 20;
/** Stream indices (8 lanes per chunk) are u32: at most 2^29 chunks of 2^20 games. */
export const MAX_TRIALS = 2 ** 49;

/** One game's rules. */
export interface MontyGame {
  /** n ≥ 3. */
  doors: number;
  /** k, 1 ≤ k ≤ n − 2. */
  open: number;
  host: Host;
  /** q, the biased host's probability of opening the lowest-numbered allowed door (biased only). */
  bias: number;
  /** p, the random strategy's probability of switching. */
  switchProbability: number;
}

/**
 * A game's rules as a user gives them; defaults: 3 doors, 1 opened, the standard host, bias 0.5, switch probability 0.5.
 */
export interface MontyGameOptions {
  doors?: number;
  open?: number;
  host?: Host;
  bias?: number;
  switchProbability?: number;
}

/**
 * A simulation: the game's rules, the number of games (`trials`, an integer from 1 to 2^49), the seed and the backend (default `'wasm'`).
 */
export interface MontySimulationOptions extends MontyGameOptions {
  trials: number;
  /** Any safe integer (taken mod 2^32, as the PRNG does). Default 1. */
  seed?: number;
  backend?: Backend;
}

/** A simulation with every default filled in and every value checked ({@link normalizeSimulation}). */
export interface NormalizedSimulation {
  game: MontyGame;
  trials: number;
  seed: number;
  backend: Backend;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

function probability(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidInputError(`${name} must be a probability in [0, 1], got ${shown(value)}`);
  }
  return value;
}

/** The game with defaults filled in (3 doors, 1 opened, standard host, q = p = 1/2), validated. */
export function normalizeGame(options: MontyGameOptions = {}): MontyGame {
  checkObject(options, 'options');
  const doors = options.doors ?? 3;
  if (!isInt(doors)) throw new InvalidInputError(`doors must be an integer, got ${shown(doors)}`);
  if (doors < 3) throw new InvalidInputError(`doors must be at least 3, got ${doors}`);
  if (doors > MAX_DOORS) throw new InvalidInputError(`doors must be at most ${MAX_DOORS}, got ${doors}`);
  const open = options.open ?? 1;
  if (!isInt(open)) throw new InvalidInputError(`open must be an integer, got ${shown(open)}`);
  if (open < 1 || open > doors - 2) {
    throw new InvalidInputError(`open must be between 1 and doors - 2 = ${doors - 2} (the host leaves the pick and one other door closed), got ${open}`);
  }
  const host = options.host ?? 'standard';
  if (!(HOSTS as readonly string[]).includes(host)) {
    throw new InvalidInputError(`host must be one of ${HOSTS.join(', ')}, got ${shown(host)}`);
  }
  const bias = probability('bias', options.bias ?? 0.5);
  const switchProbability = probability('switch probability', options.switchProbability ?? 0.5);
  return { doors, open, host, bias, switchProbability };
}

/**
 * Checks a simulation's options and fills in the defaults; throws InvalidInputError naming the bad option.
 */
export function normalizeSimulation(options: MontySimulationOptions): NormalizedSimulation {
  checkObject(options, 'options');
  const game = normalizeGame(options);
  const { trials } = options;
  // The limit first: 1e20 is past the safe integers too, but the limit is what the user needs to know.
  if (typeof trials === 'number' && trials > MAX_TRIALS) throw new InvalidInputError(`trials must be at most 2^49 = ${MAX_TRIALS}, got ${trials}`);
  if (!isInt(trials)) throw new InvalidInputError(`trials must be an integer, got ${shown(trials)}`);
  if (trials <= 0) throw new InvalidInputError(`trials must be positive, got ${trials}`);
  const seed = options.seed ?? 1;
  if (!isInt(seed)) throw new InvalidInputError(`seed must be an integer, got ${shown(seed)}`);
  const backend = options.backend ?? 'wasm';
  if (backend !== 'wasm' && backend !== 'ts') throw new InvalidInputError(`backend must be wasm or ts, got ${shown(backend)}`);
  return { game, trials, seed, backend };
}

/** How many chunks a run of `trials` games has, and the games of chunk `index`. */
export const chunkCount = (trials: number): number => Math.ceil(trials / CHUNK_GAMES);
export const chunkGames = (trials: number, index: number): number => Math.min(CHUNK_GAMES, trials - index * CHUNK_GAMES);

/**
 * The counters of a simulation (both backends, this order). "lowest" games are those where the
 * host's first opened door is the lowest-numbered door other than the player's pick (the event
 * the biased host's win rates are conditioned on); "other" the rest of the valid games.
 */
export const COUNTERS = [
  'excluded',
  'gamesLowest',
  'gamesOther',
  'stayLowest',
  'stayOther',
  'switchLowest',
  'switchOther',
  'randomLowest',
  'randomOther',
] as const;
/** A simulation's counters, in the order of the `COUNTER` indices (both backends count the same). */
export type Counters = number[]; // length COUNTERS.length
/**
 * The index of each named counter in {@link Counters}: `excluded`, `gamesLowest`, `gamesOther`,
 * `stayLowest` … `randomOther` ("lowest": games where the host's first opened door is the lowest other door).
 */
export const COUNTER = Object.fromEntries(COUNTERS.map((n, i) => [n, i])) as Record<(typeof COUNTERS)[number], number>;
export const zeroCounters = (): Counters => COUNTERS.map(() => 0);
export function addCounters(into: Counters, from: readonly number[]): Counters {
  for (let i = 0; i < COUNTERS.length; i++) into[i]! += from[i]!;
  return into;
}

/**
 * A simulation's canonical spec: every parameter filled in and validated, flat, nothing else (no
 * runner, no callbacks, no output choices). It is what a queue stores; `montySpec` of a spec is
 * the same spec.
 */
export interface MontySpec extends MontyGame {
  trials: number;
  seed: number;
  backend: Backend;
}

/** The one normaliser from user input (CLI flags, a web form, API options) to a MontySpec. */
export function montySpec(options: MontySimulationOptions): MontySpec {
  const { game, trials, seed, backend } = normalizeSimulation(options);
  return { trials, ...game, seed, backend };
}
