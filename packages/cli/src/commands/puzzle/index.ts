// `searchlab puzzle …`: the sliding-tile commands.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { registerCheck } from './check.js';
import { registerCompare } from './compare.js';
import { registerGenerate } from './generate.js';
import { registerPlay } from './play.js';
import { registerSolve } from './solve.js';
import { registerStep } from './step.js';
import { registerExperiment } from './experiment.js';

export function registerPuzzle(program: Command, ctx: Context, exit: (code: number) => void): void {
  const puzzle = program.command('puzzle').description('sliding-tile puzzles: any WxH, walls (#), any goal');
  for (const register of [registerSolve, registerCheck, registerGenerate, registerCompare, registerPlay, registerStep, registerExperiment])
    register(puzzle, ctx, exit);
}
