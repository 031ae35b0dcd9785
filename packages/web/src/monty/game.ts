// One Monty Hall game played by hand, step by step, under the engine's rules (docs/contracts/monty.md):
// pick a door, the host opens k doors, then stay or switch to another closed door.
import type { Rng } from '@searchlab/engine';
import type { MontyGame } from '@searchlab/engine/monty';

export type Phase = 'pick' | 'decide' | 'over';

export interface HandGame {
  game: MontyGame;
  car: number;
  pick: number | null;
  opened: number[];
  final: number | null;
  phase: Phase;
  /** The ignorant host revealed the car: the game does not count. */
  void: boolean;
}

export function newHandGame(game: MontyGame, rng: Rng): HandGame {
  return { game, car: rng.nextInt(game.doors), pick: null, opened: [], final: null, phase: 'pick', void: false };
}

const doorsOf = (n: number): number[] => Array.from({ length: n }, (_, d) => d);

/** The player picks `door`; the host opens his k doors one by one by his rule. */
export function pickDoor(g: HandGame, door: number, rng: Rng): HandGame {
  if (g.phase !== 'pick') return g;
  const { doors: n, open: k, host, bias } = g.game;
  const opened: number[] = [];
  for (let j = 0; j < k; j++) {
    const allowed = doorsOf(n).filter((d) => d !== door && !opened.includes(d) && (host === 'ignorant' || d !== g.car));
    let choice: number;
    if (host !== 'biased' || allowed.length === 1) choice = allowed[rng.nextInt(allowed.length)]!;
    else choice = rng.nextFloat() < bias ? allowed[0]! : allowed[1 + rng.nextInt(allowed.length - 1)]!;
    opened.push(choice);
  }
  const revealed = opened.includes(g.car);
  return { ...g, pick: door, opened, phase: revealed ? 'over' : 'decide', void: revealed };
}

/** The player's last choice: their own door (stay) or another closed door (switch). */
export function decide(g: HandGame, door: number): HandGame {
  if (g.phase !== 'decide' || g.opened.includes(door)) return g;
  return { ...g, final: door, phase: 'over' };
}

export const switched = (g: HandGame): boolean => g.final !== null && g.final !== g.pick;
export const won = (g: HandGame): boolean => g.final === g.car;

export interface Tally {
  stay: { wins: number; games: number };
  switch: { wins: number; games: number };
  void: number;
}

export const emptyTally = (): Tally => ({ stay: { wins: 0, games: 0 }, switch: { wins: 0, games: 0 }, void: 0 });

export function record(t: Tally, g: HandGame): Tally {
  if (g.phase !== 'over') return t;
  if (g.void) return { ...t, void: t.void + 1 };
  const key = switched(g) ? 'switch' : 'stay';
  return { ...t, [key]: { wins: t[key].wins + (won(g) ? 1 : 0), games: t[key].games + 1 } };
}
