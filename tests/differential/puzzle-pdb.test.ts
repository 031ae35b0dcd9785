// IDA* with pattern databases: the WASM kernel (incremental ranks, both views) against the TS
// reference (generic IDA*, h recomputed from scratch with the same tables): identical node counts,
// paths and optimal lengths, resumed in small budgets; on cheap Korf instances and random walks
// for the blank-last goal (the relabelled frame).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKernels } from '../../packages/engine/src/core/kernels.js';
import { goalBoard, goalLike } from '../../packages/engine/src/puzzle/board.js';
import { randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { normalizeOptions } from '../../packages/engine/src/puzzle/options.js';
import { parseBoard } from '../../packages/engine/src/puzzle/parse.js';
import { PDB_SPECS, pdbHeuristic } from '../../packages/engine/src/puzzle/pdb.js';
import { loadPdb } from '../../packages/engine/src/puzzle/pdb-store.js';
import { createTsPuzzleRun } from '../../packages/engine/src/puzzle/ts-run.js';
import { createWasmPuzzleRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import { drain } from './helpers.js';

const korf = readFileSync(new URL('../../data/korf100.tsv', import.meta.url), 'utf8').split('\n').filter((l) => /^\d/.test(l))
  .map((l) => { const [id, optimal, tiles] = l.split('\t'); return { id: +id!, optimal: +optimal!, board: parseBoard(tiles!, { size: '4' }) }; });

/** Korf instances the TS reference solves in about a second with 5-5-5 (fewest WASM nodes, measured). */
const CHEAP = [97, 47, 9];

async function both(start: Board, goal: Board, reflect: boolean, budget: number) {
  const kernels = await loadKernels();
  const pdb = await loadPdb(PDB_SPECS.pdb555);
  const o = normalizeOptions({ heuristic: 'pdb555', pdbReflect: reflect });
  const wasm = drain(createWasmPuzzleRun(kernels, start, goal, o, { pdb }), budget);
  const ts = drain(createTsPuzzleRun(start, goal, o, pdbHeuristic(pdb, goal, reflect)), budget);
  return { wasm, ts };
}

describe('IDA* with 5-5-5: WASM against the TS reference', () => {
  for (const id of CHEAP) {
    it(`Korf #${id}: same counts and path, optimal`, async () => {
      const k = korf.find((x) => x.id === id)!;
      for (const reflect of [true, false]) {
        const { wasm, ts } = await both(k.board, goalLike(k.board, 'blank-first'), reflect, reflect ? 997 : 1 << 20);
        expect(wasm).toEqual(ts);
        expect(wasm.length).toBe(k.optimal);
      }
    });
  }

  it('random walks to the blank-last goal (relabelled frame): same counts, budget 1', async () => {
    const goal = goalBoard(4, 4, 'blank-last');
    for (let seed = 1; seed <= 6; seed++) {
      const start = randomWalk(goal, 40, 900 + seed).board;
      const { wasm, ts } = await both(start, goal, seed % 2 === 0, 1);
      expect(wasm).toEqual(ts);
    }
  });
});
