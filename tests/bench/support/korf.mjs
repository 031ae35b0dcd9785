// Korf's instances as the bench cases read them: data/korf100.tsv (15-puzzles) and data/korf24-50.tsv
// (24-puzzles), lines "id<TAB>optimal length<TAB>tiles", goals blank-first as Korf's papers use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { goalLike, parseBoard } from '@searchlab/engine/puzzle';

export const KORF100 = fileURLToPath(new URL('../../../data/korf100.tsv', import.meta.url));
export const KORF24 = fileURLToPath(new URL('../../../data/korf24-50.tsv', import.meta.url));

/** The instances of one of the two files: { id, optimal, tiles, start, goal }, in the file's order. */
export function korfInstances(file) {
  const size = file === KORF24 ? 5 : 4;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /^\d/.test(l))
    .map((l) => {
      const [id, optimal, tiles] = l.split('\t');
      const start = parseBoard(tiles, { size });
      return { id: +id, optimal: +optimal, tiles: tiles.trim(), start, goal: goalLike(start, 'blank-first') };
    });
}
