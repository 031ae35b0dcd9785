// The exact win probabilities of engine/src/monty/exact.ts (closed forms) against an exhaustive
// enumeration of the game tree with BigInt rationals, and against hand-derived values.
import { describe, expect, it } from 'vitest';
import { codes } from '#core-as';
import { Fraction, exactAnswer, frac, normalizeGame, wilson, type MontyGame } from '@searchlab/engine/monty';
import { COUNTERS } from '../../src/monty/model.js';

const ONE = Fraction.ONE;
const ZERO = Fraction.ZERO;

interface Tally {
  valid: Fraction;
  stay: Fraction;
  switch: Fraction;
  random: Fraction;
}
const zero = (): Tally => ({ valid: ZERO, stay: ZERO, switch: ZERO, random: ZERO });

/**
 * Walks every car position, pick and sequence of host doors with its probability, straight from
 * the rules (not from the closed forms): the host opens k doors one by one; standard: uniform
 * among the doors that are neither the pick, the car nor open; biased: the lowest of those with
 * probability q, each other one with (1 − q)/(m − 1), the only one when m = 1; ignorant: uniform
 * among the doors that are neither the pick nor open (the car may be revealed: the game is void).
 */
function enumerate(game: MontyGame): { excluded: Fraction; lowest: Tally; other: Tally } {
  const { doors: n, open: k, host } = game;
  const q = Fraction.fromDecimal(game.bias);
  const p = Fraction.fromDecimal(game.switchProbability);
  const out = { excluded: ZERO, lowest: zero(), other: zero() };
  const leaf = (car: number, pick: number, opened: number[], w: Fraction): void => {
    if (opened.includes(car)) {
      out.excluded = out.excluded.add(w);
      return;
    }
    const lowestOther = pick === 0 ? 1 : 0;
    const t = opened[0] === lowestOther ? out.lowest : out.other;
    const closed = Array.from({ length: n }, (_, d) => d).filter((d) => d !== pick && !opened.includes(d));
    const stay = car === pick ? ONE : ZERO;
    const sw = closed.includes(car) ? frac(1, closed.length) : ZERO;
    t.valid = t.valid.add(w);
    t.stay = t.stay.add(w.mul(stay));
    t.switch = t.switch.add(w.mul(sw));
    t.random = t.random.add(w.mul(ONE.sub(p).mul(stay).add(p.mul(sw))));
  };
  const hostStep = (car: number, pick: number, opened: number[], w: Fraction): void => {
    if (opened.length === k) return leaf(car, pick, opened, w);
    const allowed = Array.from({ length: n }, (_, d) => d).filter((d) => d !== pick && !opened.includes(d) && (host === 'ignorant' || d !== car));
    allowed.forEach((d, i) => {
      let pr: Fraction;
      if (host !== 'biased') pr = frac(1, allowed.length);
      else if (allowed.length === 1) pr = ONE;
      else pr = i === 0 ? q : ONE.sub(q).div(frac(allowed.length - 1));
      if (!pr.isZero()) hostStep(car, pick, [...opened, d], w.mul(pr));
    });
  };
  for (let car = 0; car < n; car++) for (let pick = 0; pick < n; pick++) hostStep(car, pick, [], frac(1, n * n));
  return out;
}

describe('exact Monty Hall probabilities', () => {
  it('match the hand-derived classic values', () => {
    const std = exactAnswer(normalizeGame({}));
    expect([std.win.stay, std.win.switch, std.win.random].map(String)).toEqual(['1/3', '2/3', '1/2']);
    expect(String(std.excluded)).toBe('0');
    const fall = exactAnswer(normalizeGame({ host: 'ignorant' }));
    expect([fall.win.stay, fall.win.switch, String(fall.excluded)].map(String)).toEqual(['1/2', '1/2', '1/3']);
    // Biased host (Morgan et al.): switching wins 1/(1+q) after he opened the lower door, 1/(2−q) after the other.
    const biased = exactAnswer(normalizeGame({ host: 'biased', bias: 0.3 }));
    expect(String(biased.byOpened.lowest.win!.switch)).toBe('10/13');
    expect(String(biased.byOpened.other.win!.switch)).toBe('10/17');
    expect(String(biased.win.switch)).toBe('2/3');
    expect(String(exactAnswer(normalizeGame({ switchProbability: 0.25 })).win.random)).toBe(
      String(
        frac(3, 4)
          .mul(frac(1, 3))
          .add(frac(1, 4).mul(frac(2, 3))),
      ),
    );
    // q = 0: the host never opens the lowest door by choice, so the event "lowest" needs car elsewhere.
    expect(exactAnswer(normalizeGame({ host: 'biased', bias: 0 })).byOpened.lowest.win!.switch.toString()).toBe('1');
  });

  it('switching wins (n−1)/(n(n−k−1)) with the standard host', () => {
    for (let n = 3; n <= 30; n++) {
      for (let k = 1; k <= n - 2; k++) {
        const e = exactAnswer(normalizeGame({ doors: n, open: k }));
        expect(e.win.switch.equals(frac(n - 1, n * (n - k - 1))), `n=${n} k=${k}`).toBe(true);
        expect(e.win.stay.equals(frac(1, n))).toBe(true);
      }
    }
    expect(String(exactAnswer(normalizeGame({ doors: 100, open: 98 })).win.switch)).toBe('99/100');
  });

  it('equal an exhaustive enumeration of the game tree for n ≤ 6, every k and host', () => {
    let checked = 0;
    for (let n = 3; n <= 6; n++) {
      for (let k = 1; k <= n - 2; k++) {
        for (const host of ['standard', 'ignorant', 'biased'] as const) {
          for (const [bias, sp] of [
            [0.5, 0.5],
            [0.3, 0.25],
            [0, 1],
            [1, 0.7],
          ] as const) {
            if (host !== 'biased' && bias !== 0.5) continue;
            const game = normalizeGame({ doors: n, open: k, host, bias, switchProbability: sp });
            const e = exactAnswer(game);
            const t = enumerate(game);
            const what = JSON.stringify(game);
            expect(String(e.excluded), what).toBe(String(t.excluded));
            const valid = t.lowest.valid.add(t.other.valid);
            expect(valid.add(t.excluded).equals(ONE)).toBe(true);
            for (const s of ['stay', 'switch', 'random'] as const) {
              expect(String(e.win[s]), `${what} ${s}`).toBe(String(t.lowest[s].add(t.other[s]).div(valid)));
              for (const ev of ['lowest', 'other'] as const) {
                const cond = t[ev];
                expect(String(e.byOpened[ev].probability), `${what} P(${ev})`).toBe(String(cond.valid.div(valid)));
                expect(e.byOpened[ev].win === null ? null : String(e.byOpened[ev].win![s]), `${what} ${s}|${ev}`).toBe(
                  cond.valid.isZero() ? null : String(cond[s].div(cond.valid)),
                );
              }
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(60);
  });
});

describe('numbers', () => {
  it('parses decimals exactly', () => {
    expect(String(Fraction.fromDecimal(0.3))).toBe('3/10');
    expect(String(Fraction.fromDecimal('1e-3'))).toBe('1/1000');
    expect(String(Fraction.fromDecimal(1))).toBe('1');
    expect(String(Fraction.fromDecimal(1.25e-7))).toBe('1/8000000');
    expect(() => Fraction.fromDecimal('abc')).toThrow();
  });

  it('Wilson intervals: closed-form cases and coverage', () => {
    // 0 successes: [0, z²/(n + z²)].
    const z2 = 1.959963984540054 ** 2;
    const [lo, hi] = wilson(0, 10);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(z2 / (10 + z2), 12);
    const [a, b] = wilson(5, 10);
    expect(a + b).toBeCloseTo(1, 12);
    expect(wilson(1000, 3000)[0]).toBeLessThan(1 / 3);
    expect(wilson(1000, 3000)[1]).toBeGreaterThan(1 / 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('counters are in the order of codes.monty.counter (shared with the kernel)', () => {
    const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    expect(Object.entries(codes.monty.counter).map(([name, i]) => [i, camel(name)])).toEqual(COUNTERS.map((n, i) => [i, n]));
  });
});
