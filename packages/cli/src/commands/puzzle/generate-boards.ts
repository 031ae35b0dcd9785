// Seeded start boards, shared by `puzzle generate`, `puzzle compare --generate` and `puzzle play`.
import { InvalidInputError, Rng } from '@searchlab/engine';
import { MAX_WALK, randomSolvable, randomWalkBoard, type Board } from '@searchlab/engine/puzzle';

export interface GenerateSpec {
  count: number;
  /** Random-walk length; undefined = uniform over the solvable boards. */
  walk?: number;
  seed: number;
}

/**
 * `count` boards from one seed, one at a time (any count: nothing is kept). Board i uses the i-th
 * u32 of Rng(seed) as its own seed, so the list is reproducible and board i does not depend on how
 * many were asked for.
 */
export function* streamBoards(goal: Board, spec: GenerateSpec): Generator<Board, void, void> {
  const seeds = new Rng(spec.seed);
  for (let i = 0; i < spec.count; i++) {
    const s = seeds.nextU32();
    yield spec.walk === undefined ? randomSolvable(goal, s) : randomWalkBoard(goal, spec.walk, s);
  }
}

/** streamBoards as an array (for a count that fits in memory). */
export function generateBoards(goal: Board, spec: GenerateSpec): Board[] {
  return [...streamBoards(goal, spec)];
}

/** A seed when the user gave none (reported so the run can be repeated). */
export function freshSeed(): number {
  return Math.floor(Math.random() * 2 ** 32);
}

export function checkWalkOptions(o: { walk?: number; uniform?: boolean }): void {
  if (o.walk !== undefined && o.uniform) throw new InvalidInputError('--walk and --uniform exclude each other');
  if (o.walk !== undefined && o.walk > MAX_WALK) throw new InvalidInputError(`--walk ${o.walk}: at most ${MAX_WALK} moves`);
}
