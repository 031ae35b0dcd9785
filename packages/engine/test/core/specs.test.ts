// One canonical spec per domain: the normalisers keep only what defines the work (no transport
// option, no callback), fill and validate, and are idempotent; canonical JSON ignores key order.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, canonicalJson } from '@searchlab/engine';
import { puzzleSpec, type SolveSettings } from '@searchlab/engine/puzzle';
import { montySpec } from '@searchlab/engine/monty';
import { queensCountSpec, queensSolveSpec } from '@searchlab/engine/queens';
import { fitSpec } from '@searchlab/engine/fit';

const TRANSPORT = { db: 'postgres://u:secret@h/db', resume: 'abc', jobs: 4, json: true, file: '/tmp/boards.txt', output: 'q.json' };

describe('puzzleSpec', () => {
  it('keeps the spec keys only, leaves out unset and default-off flags, and validates', () => {
    const input = { algorithm: 'idastar', heuristic: 'linear-conflict', countBlank: false, pdbReflect: undefined, maxNodes: 1000, ...TRANSPORT };
    expect(puzzleSpec(input as SolveSettings)).toEqual({ algorithm: 'idastar', heuristic: 'linear-conflict', maxNodes: 1000 });
    expect(puzzleSpec({ pdbReflect: false })).toEqual({ pdbReflect: false });
    expect(puzzleSpec({ heuristic: 'auto' })).toEqual({ heuristic: 'auto' }); // resolved later, once, against the goal
    expect(() => puzzleSpec({ weight: 0.5 })).toThrow(InvalidInputError);
    expect(() => puzzleSpec({ timeoutMs: -1 })).toThrow(InvalidInputError);
  });

  it('is idempotent', () => {
    const once = puzzleSpec({ algorithm: 'wida', weight: 1.5, heuristic: 'pdb663', pdbReflect: false, trace: true });
    expect(puzzleSpec(once)).toEqual(once);
  });
});

describe('montySpec, queensCountSpec, queensSolveSpec, fitSpec', () => {
  it('fill every parameter, drop the rest, validate, and give back a spec unchanged', () => {
    const m = montySpec({ trials: 1000, ...TRANSPORT } as Parameters<typeof montySpec>[0]);
    expect(m).toEqual({ trials: 1000, doors: 3, open: 1, host: 'standard', bias: 0.5, switchProbability: 0.5, seed: 1, backend: 'wasm' });
    expect(montySpec(m)).toEqual(m);
    expect(() => montySpec({ trials: 0 })).toThrow(InvalidInputError);

    const c = queensCountSpec({ n: 12, ...TRANSPORT } as Parameters<typeof queensCountSpec>[0]);
    expect(c).toEqual({ n: 12, backend: 'wasm' });
    expect(() => queensCountSpec({ n: 40 })).toThrow(InvalidInputError);

    const s = queensSolveSpec(50, { algorithm: 'hill-climbing', seed: 3, backend: 'ts' });
    expect(Object.keys(s).sort()).toEqual(['algorithm', 'alpha', 'backend', 'escapeMoves', 'historyLimit', 'maxSteps', 'n', 'seed', 't0', 'tMin']);
    expect(queensSolveSpec(50, s)).toEqual(s);
    expect(() => queensSolveSpec(50, { backend: 'gpu' as 'ts' })).toThrow(InvalidInputError);

    const f = fitSpec({ degrees: [1, 2, 5], folds: 5, ...TRANSPORT } as Parameters<typeof fitSpec>[0]);
    expect(f).toEqual({ degrees: [1, 2, 5], folds: 5, seed: 1, mapDomain: false, covariance: false, backend: 'wasm' });
    expect(fitSpec(f)).toEqual(f);
    for (const bad of [{ degrees: [] }, { degrees: [1.5] }, { degrees: [1], split: 1 }, { degrees: [1], folds: 1 }])
      expect(() => fitSpec(bad)).toThrow(InvalidInputError);
  });
});

describe('canonicalJson', () => {
  it('is the same text whatever the key order, at every level; undefined keys left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(canonicalJson({ a: { d: [2, { y: 2, z: 1 }] }, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });
});
