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

/**
 * The 24-puzzles a bench case runs, by id: $SEARCHLAB_BENCH_KORF24 (comma-separated ids, for every
 * case that runs 24-puzzles) or the case's own `fallback`. Returns them as korfInstances gives them.
 */
export function benchKorf24(fallback) {
  const byId = new Map(korfInstances(KORF24).map((k) => [String(k.id), k]));
  return (process.env.SEARCHLAB_BENCH_KORF24 || fallback).split(',').map((id) => {
    const k = byId.get(id.trim());
    if (k === undefined) throw new Error(`SEARCHLAB_BENCH_KORF24: Korf's 24-puzzles have no #${id.trim()}`);
    return k;
  });
}
