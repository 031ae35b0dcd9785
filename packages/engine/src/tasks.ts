// Every domain's worker tasks, by domain: what a worker (Web Worker or worker_threads) can run.
// A new domain adds one line.
import type { TaskHandlers } from './core/tasks.js';
import { puzzleTasks } from './puzzle/tasks.js';
import { queensTasks } from './queens/tasks.js';
import { montyTasks } from './monty/simulate.js';
import { fitTasks } from './fit/tasks.js';

export const TASKS: TaskHandlers = {
  puzzle: puzzleTasks,
  queens: queensTasks,
  monty: montyTasks,
  fit: fitTasks,
};
