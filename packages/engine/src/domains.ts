// Every domain of the engine, loaded for its side effect: each one registers its worker tasks
// (core/tasks.ts `registerTasks`). Worker entries (node/worker.ts, the lab's worker) import this
// list; the platform never does. A new domain adds one line.
import './puzzle/tasks.js';
import './queens/tasks.js';
import './monty/simulate.js';
import './fit/tasks.js';
