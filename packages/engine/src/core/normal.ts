/**
 * Seeded standard normal deviates from `Rng`: Marsaglia's polar method.
 *
 *     repeat: u = 2·nextFloat() − 1, v = 2·nextFloat() − 1, s = u² + v²  until 0 < s < 1
 *     f = sqrt(−2·ln(s) / s);  return u·f, and keep v·f for the next call
 *
 * Each accepted pair of draws gives two independent N(0, 1) deviates (the second is returned by the
 * following call). Two nextFloat() per attempt, acceptance π/4. It uses Math.log, so it is a
 * TypeScript-side generator only (no WASM twin: kernels never draw normals).
 */
import { checkFinite, checkObject } from './args.js';
import { InvalidInputError } from './errors.js';
import type { Rng } from './rng.js';

export class NormalSource {
  private spare: number | undefined;

  private readonly rng: Rng;

  constructor(rng: Rng) {
    checkObject(rng, 'rng');
    if (typeof (rng as { nextFloat?: unknown }).nextFloat !== 'function')
      throw new InvalidInputError('rng must be an Rng (with nextFloat), got an object without it');
    this.rng = rng;
  }

  /** One deviate of N(mean, sd²). */
  next(mean = 0, sd = 1): number {
    checkFinite(mean, 'mean');
    checkFinite(sd, 'sd');
    if (this.spare !== undefined) {
      const z = this.spare;
      this.spare = undefined;
      return mean + sd * z;
    }
    for (;;) {
      const u = 2 * this.rng.nextFloat() - 1;
      const v = 2 * this.rng.nextFloat() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        this.spare = v * f;
        return mean + sd * u * f;
      }
    }
  }
}
