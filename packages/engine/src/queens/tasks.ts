// The N-Queens worker tasks: plain-JSON payloads in, plain-JSON results out (a pool or a cluster
// runs them; the split is countSubproblems').
import type { Backend } from '../core/backend.js';
import { SearchlabError } from '../core/errors.js';
import type { TaskContext } from '../core/tasks.js';
import type { CountTask, CountTaskResult } from './count.js';
import { countSubproblem } from './solve.js';

export interface CountTaskPayload extends CountTask {
  backend?: Backend;
}

export const queensTasks = {
  count: async (payload: CountTaskPayload, ctx: TaskContext): Promise<CountTaskResult> => {
    const driven = await countSubproblem(payload, { backend: payload.backend, signal: ctx.signal });
    if (driven.status !== 'done') throw new SearchlabError('aborted', 'aborted');
    return driven.outcome;
  },
};
