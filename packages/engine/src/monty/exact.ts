/**
 * The exact win probabilities of every game as rationals (closed forms, derived in
 * docs/contracts/monty.md; the unit tests check them against an exhaustive enumeration of the game
 * tree). Everything is conditioned on a valid game (the ignorant host's games that reveal the car
 * are excluded).
 */
import { checkObject, describe } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { Fraction, frac } from './fraction.js';
import { normalizeGame } from './model.js';
import type { MontyGame, Strategy } from './model.js';

/** Exact win probabilities per strategy (stay, switch, random), as fractions. */
export type ExactRates = Record<Strategy, Fraction>;

/**
 * The exact answer of a game ({@link exactAnswer}): win probabilities per strategy given a valid
 * game, the share of excluded games, and the rates conditioned on the host's first opened door.
 */
export interface ExactAnswer {
  /** P(win | valid game) per strategy. */
  win: ExactRates;
  /** P(the game is excluded): the ignorant host revealed the car (0 for the other hosts). */
  excluded: Fraction;
  /**
   * Conditioned on which door the host opened first: "lowest" = the lowest-numbered door other than
   * the pick. P(event | valid) and the win rates given it (null when the event has probability 0).
   */
  byOpened: Record<'lowest' | 'other', { probability: Fraction; win: ExactRates | null }>;
}

/** P(win) for stay (car = pick), switch (car ≠ pick and the uniform pick among r closed doors hits it), random. */
function rates(pCarIsPick: Fraction, r: number, p: Fraction): ExactRates {
  const stay = pCarIsPick;
  const sw = Fraction.ONE.sub(pCarIsPick).div(frac(r));
  return { stay, switch: sw, random: Fraction.ONE.sub(p).mul(stay).add(p.mul(sw)) };
}

/**
 * The exact win probability of each strategy in a game (closed forms, as rationals), the share of
 * games an ignorant host excludes, and the rates conditioned on the host's first opened door.
 *
 * @param game - A game's rules, normalised ({@link normalizeGame} fills in defaults and checks them).
 * @returns The exact answer; `win.switch.toString()` gives e.g. `2/3`.
 * @example
 * ```ts
 * import { exactAnswer, normalizeGame } from '@searchlab/engine/monty';
 * const a = exactAnswer(normalizeGame({ doors: 3 }));
 * console.log(a.win.stay.toString(), a.win.switch.toString()); // 1/3 2/3
 * ```
 */
export function exactAnswer(game: MontyGame): ExactAnswer {
  // Checked (and defaults filled) by the one normaliser; a Proxy that throws is named there.
  checkObject(game, 'game');
  const { doors: n, open: k, host } = (game = normalizeGame(game));
  const p = Fraction.fromDecimal(game.switchProbability);
  const r = n - 1 - k; // closed doors besides the pick after the host is done
  const inv = frac(1, n);
  // Joint probabilities (car = pick | car = L | car elsewhere) with the event E = "first opened door is L".
  let pick: [Fraction, Fraction]; // [P(car = pick ∧ E), P(car = pick ∧ ¬E)]
  let notPick: [Fraction, Fraction]; // same for car ≠ pick, valid games only
  let excluded = Fraction.ZERO;
  if (host === 'ignorant') {
    // He opens a uniform door among the n−1 others each time; E: his first door is L.
    // car = pick: every game valid, P(E) = 1/(n−1).
    pick = [inv.mul(frac(1, n - 1)), inv.mul(frac(n - 2, n - 1))];
    // car ≠ pick (prob (n−1)/n): valid iff the car survives k draws: (n−1−k)/(n−1).
    // car = L (1/n): valid with E impossible (L would be the car): (n−1−k)/(n−1).
    // car elsewhere ((n−2)/n): E has prob 1/(n−1); then the car must survive the k−1 later draws
    //   among the n−2 remaining doors: (n−1−k)/(n−2). ¬E and valid: the first door is one of the
    //   n−3 other goats, then survive k−1 draws among n−2: ((n−3)/(n−1))·((n−1−k)/(n−2)).
    const surviveAfterFirst = frac(n - 1 - k, n - 2);
    const carL = inv.mul(frac(n - 1 - k, n - 1));
    const elseE = frac(n - 2, n)
      .mul(frac(1, n - 1))
      .mul(surviveAfterFirst);
    const elseNotE = frac(n - 2, n)
      .mul(frac(n - 3, n - 1))
      .mul(surviveAfterFirst);
    notPick = [elseE, carL.add(elseNotE)];
    excluded = frac(k, n);
  } else {
    // The host never opens the car nor the pick. Standard: uniform among the allowed doors.
    // Biased: the lowest allowed door with probability q, else uniform among the other allowed
    // doors; with one allowed door he opens it. Before his first door: car = pick → n−1 allowed,
    // L the lowest; car = L → L not allowed (¬E); car elsewhere → n−2 allowed, L the lowest.
    const q = host === 'biased' ? Fraction.fromDecimal(game.bias) : null;
    const pLowest = (allowed: number): Fraction => (allowed === 1 ? Fraction.ONE : (q ?? frac(1, allowed)));
    const eWhenPick = pLowest(n - 1);
    const eWhenElse = pLowest(n - 2);
    pick = [inv.mul(eWhenPick), inv.mul(Fraction.ONE.sub(eWhenPick))];
    const carElse = frac(n - 2, n);
    notPick = [carElse.mul(eWhenElse), inv.add(carElse.mul(Fraction.ONE.sub(eWhenElse)))];
  }
  const valid = Fraction.ONE.sub(excluded);
  const conditional = (joint: Fraction, jointPick: Fraction): { probability: Fraction; win: ExactRates | null } => {
    const probability = joint.div(valid);
    return { probability, win: joint.isZero() ? null : rates(jointPick.div(joint), r, p) };
  };
  return {
    win: rates(pick[0].add(pick[1]).div(valid), r, p),
    excluded,
    byOpened: {
      lowest: conditional(pick[0].add(notPick[0]), pick[0]),
      other: conditional(pick[1].add(notPick[1]), pick[1]),
    },
  };
}

/** 1.96: the 97.5% quantile of the standard normal. */
export const Z95 = 1.959963984540054;

/** The 95% Wilson score interval of `wins` successes in `games` trials ([0, 1] when games = 0). */
export function wilson(wins: number, games: number, z = Z95): [number, number] {
  if (!(Number.isSafeInteger(games) && games >= 0)) throw new InvalidInputError(`games must be a whole number, got ${describe(games)}`);
  if (!(Number.isSafeInteger(wins) && wins >= 0 && wins <= games))
    throw new InvalidInputError(`wins must be a whole number from 0 to games (${games}), got ${describe(wins)}`);
  if (!(typeof z === 'number' && z > 0 && Number.isFinite(z))) throw new InvalidInputError(`z must be a positive number, got ${describe(z)}`);
  if (games === 0) return [0, 1];
  const phat = wins / games;
  const z2 = z * z;
  const denom = 1 + z2 / games;
  const centre = (phat + z2 / (2 * games)) / denom;
  const half = (z / denom) * Math.sqrt((phat * (1 - phat)) / games + z2 / (4 * games * games));
  // The bounds are exactly 0 and 1 at the extremes (rounding would leave ±1e-17 there).
  return [wins === 0 ? 0 : Math.max(0, centre - half), wins === games ? 1 : Math.min(1, centre + half)];
}
