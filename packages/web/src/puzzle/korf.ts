// Korf's 100 random 15-puzzles (data/korf100.tsv, bundled as text by build.mjs: no fetch at run
// time), with their published optimal lengths. Korf's goal is blank-first: 0 1 2 … 15.
import { boardsEqual, goalLike, parseBoard, type Board } from '@searchlab/engine';
import text from '../../../../data/korf100.tsv';

export interface KorfInstance {
  id: number;
  /** The published optimal solution length. */
  optimal: number;
  start: Board;
  goal: Board;
}

/** The rows of the file: `id <tab> optimal <tab> tiles`, after `#` comments and the header line. */
function parseKorf(tsv: string): KorfInstance[] {
  const rows: KorfInstance[] = [];
  for (const line of tsv.split('\n')) {
    const [id, optimal, tiles] = line.split('\t');
    if (!/^\d+$/.test(id?.trim() ?? '') || optimal === undefined || tiles === undefined) continue;
    const start = parseBoard(tiles.trim(), { size: '4' });
    rows.push({ id: Number(id), optimal: Number(optimal), start, goal: goalLike(start, 'blank-first') });
  }
  return rows;
}

let instances: KorfInstance[] | undefined;
const all = (): KorfInstance[] => (instances ??= parseKorf(text));

/** Instance `id` (1..100), or undefined when there is none with that id. */
export function korfInstance(id: number): KorfInstance | undefined {
  return all().find((k) => k.id === id);
}

/** The instance this start and goal are, if any (so a result can be set beside the published optimum). */
export function korfMatch(start: Board, goal: Board): KorfInstance | undefined {
  return all().find((k) => boardsEqual(k.start, start) && boardsEqual(k.goal, goal));
}

export const KORF_COUNT = 100;
