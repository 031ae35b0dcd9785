// Seeded start boards, shared by `puzzle generate`, `puzzle compare --generate` and `puzzle play`.
import { InvalidInputError, Rng, randomSolvable, randomWalk, type Board } from '@searchlab/engine';

export interface GenerateSpec {
  count: number;
  /** Random-walk length; undefined = uniform over the solvable boards. */
  walk?: number;
  seed: number;
}

/**
 * `count` boards from one seed. Board i uses the i-th u32 of Rng(seed) as its own seed, so the
 * list is reproducible and board i does not depend on how many were asked for.
 */
export function generateBoards(goal: Board, spec: GenerateSpec): Board[] {
  const seeds = new Rng(spec.seed);
  const boards: Board[] = [];
  for (let i = 0; i < spec.count; i++) {
    const s = seeds.nextU32();
    boards.push(spec.walk === undefined ? randomSolvable(goal, s) : randomWalk(goal, spec.walk, s).board);
  }
  return boards;
}

/** A seed when the user gave none (reported so the run can be repeated). */
export function freshSeed(): number {
  return Math.floor(Math.random() * 2 ** 32);
}

export function checkWalkOptions(o: { walk?: number; uniform?: boolean }): void {
  if (o.walk !== undefined && o.uniform) throw new InvalidInputError('--walk and --uniform exclude each other');
}
