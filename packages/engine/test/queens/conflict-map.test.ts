// conflictMap (the queens lab's heat map) against a brute-force count of attacking queens, and the
// steepest-descent move it implies against the TS reference's own step.
import { describe, expect, test } from 'vitest';
import { Rng } from '@searchlab/engine';
import { attackingPairs, conflictMap, createTsQueensRun, normalizeQueensOptions } from '@searchlab/engine/queens';

const attacks = (r: number, x: number, q: number, c: number): boolean => c === x || Math.abs(c - x) === Math.abs(q - r);

describe('conflictMap', () => {
  test('every square counts the other queens attacking it (brute force), N = 1..12', () => {
    const rng = new Rng(7);
    for (let n = 1; n <= 12; n++) {
      for (let t = 0; t < 5; t++) {
        const pos = Array.from({ length: n }, () => rng.nextInt(n));
        const map = conflictMap(pos);
        for (let r = 0; r < n; r++) {
          for (let x = 0; x < n; x++) {
            let count = 0;
            for (let q = 0; q < n; q++) if (q !== r && attacks(r, x, q, pos[q]!)) count++;
            expect(map[r * n + x]).toBe(count);
          }
        }
      }
    }
  });

  test('the move hill climbing makes is the map’s best change (last in row-major order on ties)', () => {
    const n = 10;
    const run = createTsQueensRun(normalizeQueensOptions(n, { algorithm: 'hill-climbing', seed: 3, backend: 'ts' }));
    run.step(n); // the start (the main diagonal) and the first step
    for (let step = 0; step < 30; step++) {
      const before = run.positions();
      const map = conflictMap(before);
      let best = Infinity;
      let at = [-1, -1];
      for (let r = 0; r < n; r++) {
        for (let x = 0; x < n; x++) {
          if (x === before[r]) continue;
          const d = map[r * n + x]! - map[r * n + before[r]!]!;
          if (d <= best) [best, at] = [d, [r, x]];
        }
      }
      const escapes = run.stats().escapes;
      if (run.step(n) !== null) break;
      const after = run.positions();
      if (best < 0) {
        expect(after[at[0]!]).toBe(at[1]);
        expect(attackingPairs(after)).toBe(attackingPairs(before) + best);
      } else {
        expect(run.stats().escapes).toBe(escapes + 1);
      }
    }
  });
});
