// IDA* with pattern databases: the WASM kernel (incremental ranks, both views) against the TS
// reference (generic IDA*, h recomputed from scratch with the same tables): identical node counts,
// paths and optimal lengths, resumed in small budgets; on cheap Korf instances and random walks
// for the blank-last goal (the relabelled frame); on 5×5 random walks with 5-5-5-5-4. Run by
// puzzle-pdb.test.ts (tables in an instance of their own) and puzzle-pdb-shared.test.ts (the
// shared-memory build, tables in the memory worker threads share).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKernels } from '../../packages/engine/src/core/kernels.js';
import { goalBoard, goalLike } from '../../packages/engine/src/puzzle/board.js';
import { randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { normalizeOptions } from '../../packages/engine/src/puzzle/options.js';
import { parseBoard } from '../../packages/engine/src/puzzle/parse.js';
import { PDB_SPECS, type PdbName } from '../../packages/engine/src/puzzle/pdb.js';
import { loadPdb } from '../../packages/engine/src/puzzle/pdb-store.js';
import { createTsPuzzleRun } from '../../packages/engine/src/puzzle/ts-run.js';
import { createWasmPuzzleRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import { drain } from './helpers.js';

const korf = readFileSync(new URL('../../data/korf100.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => /^\d/.test(l))
  .map((l) => {
    const [id, optimal, tiles] = l.split('\t');
    return { id: +id!, optimal: +optimal!, board: parseBoard(tiles!, { size: '4' }) };
  });

/** Korf instances the TS reference solves in about a second with 5-5-5 (fewest WASM nodes, measured). */
const CHEAP = [97, 47, 9];

async function both(start: Board, goal: Board, reflect: boolean, budget: number, name: PdbName = 'pdb555') {
  const kernels = await loadKernels();
  await loadPdb(PDB_SPECS[name]); // the runs look the tables up by the heuristic's name
  const o = normalizeOptions({ heuristic: name, pdbReflect: reflect });
  const wasm = drain(createWasmPuzzleRun(kernels, start, goal, o), budget);
  const ts = drain(createTsPuzzleRun(start, goal, o), budget);
  return { wasm, ts };
}

/** The suite's describe blocks; `where` ends their titles. */
export function pdbDifferentialSuite(where = ''): void {
  describe(`IDA* with 5-5-5${where}: WASM against the TS reference`, () => {
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

  describe(`IDA* with 5-5-5-5-4 on the 24-puzzle${where}: WASM against the TS reference`, () => {
    it('random walks of 30–50 moves, both goal conventions, with and without reflection: same counts and path', async () => {
      for (let seed = 1; seed <= 8; seed++) {
        const goal = goalBoard(5, 5, seed % 2 === 0 ? 'blank-first' : 'blank-last');
        const start = randomWalk(goal, 30 + ((seed * 7) % 21), 2400 + seed).board;
        const { wasm, ts } = await both(start, goal, seed % 4 < 2, seed % 3 === 0 ? 1 : 4093, 'pdb55554');
        expect(wasm.outcome).toBe('found');
        expect(wasm).toEqual(ts);
      }
    });
  });
}
