// The fit's worker tasks: plain payloads in (arrays or Float64Arrays), plain results out.
import { registerTasks, type TaskContext } from '../core/tasks.js';
import { runExperiment, type Experiment } from './experiment.js';
import { sweepDegrees, type Sweep, type SweepData } from './select.js';

/**
 * The payload of the fit domain's `sweep` worker task: the data, the degrees, and the sweep's options.
 */
export interface SweepTask extends SweepData {
  degrees: number[];
  test?: SweepData | undefined;
  split?: number | undefined;
  folds?: number | undefined;
  seed?: number | undefined;
  mapDomain?: boolean | undefined;
}

export interface ExperimentTask {
  seed?: number;
  degrees?: number[];
}

export const fitTasks = {
  sweep: (task: SweepTask, ctx: TaskContext): Promise<Sweep> =>
    sweepDegrees({ x: task.x, y: task.y, w: task.w }, task.degrees, {
      test: task.test,
      split: task.split,
      folds: task.folds,
      seed: task.seed,
      mapDomain: task.mapDomain,
      signal: ctx.signal,
    }),
  experiment: (task: ExperimentTask): Promise<Experiment> =>
    runExperiment({ ...(task.seed !== undefined ? { seed: task.seed } : {}), ...(task.degrees ? { degrees: task.degrees } : {}) }),
};
registerTasks('fit', fitTasks);
