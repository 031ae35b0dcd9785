// Korf's random instances (bundled as text by build.mjs: no fetch at run time), with their published
// optimal lengths: the 100 15-puzzles (data/korf100.tsv) and the 50 24-puzzles (data/korf24-50.tsv,
// best known optima). Korf's goal is blank-first: 0 1 2 … N-1.
import { boardsEqual, goalLike, parseBoard, type Board } from '@searchlab/engine/puzzle';
import korf100 from '../../../../data/korf100.tsv';
import korf24 from '../../../../data/korf24-50.tsv';

export interface KorfInstance {
  id: number;
  /** The published optimal solution length. */
  optimal: number;
  start: Board;
  goal: Board;
}

/** The two sets, by the value of the lab's set picker. */
export const KORF_SETS = {
  '15': { text: korf100, side: 4, count: 100 },
  '24': { text: korf24, side: 5, count: 50 },
} as const;
export type KorfSet = keyof typeof KORF_SETS;
export const isKorfSet = (x: string): x is KorfSet => x in KORF_SETS;

/** The rows of a file: `id <tab> optimal <tab> tiles`, after `#` comments and the header line. */
function parseKorf(tsv: string, side: number): KorfInstance[] {
  const rows: KorfInstance[] = [];
  for (const line of tsv.split('\n')) {
    const [id, optimal, tiles] = line.split('\t');
    if (!/^\d+$/.test(id?.trim() ?? '') || optimal === undefined || tiles === undefined) continue;
    const start = parseBoard(tiles.trim(), { size: String(side) });
    rows.push({ id: Number(id), optimal: Number(optimal), start, goal: goalLike(start, 'blank-first') });
  }
  return rows;
}

const parsed = new Map<KorfSet, KorfInstance[]>();
function all(set: KorfSet): KorfInstance[] {
  let rows = parsed.get(set);
  if (rows === undefined) parsed.set(set, (rows = parseKorf(KORF_SETS[set].text, KORF_SETS[set].side)));
  return rows;
}

/** Instance `id` of a set (1..count), or undefined when there is none with that id. */
export function korfInstance(id: number, set: KorfSet = '15'): KorfInstance | undefined {
  return all(set).find((k) => k.id === id);
}

/** The instance this start and goal are, if any (so a result can be set beside the published optimum). */
export function korfMatch(start: Board, goal: Board): KorfInstance | undefined {
  const set: KorfSet | undefined = start.width === 4 && start.height === 4 ? '15' : start.width === 5 && start.height === 5 ? '24' : undefined;
  return set && all(set).find((k) => boardsEqual(k.start, start) && boardsEqual(k.goal, goal));
}
