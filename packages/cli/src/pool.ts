// --jobs for every command: N worker threads of the engine's pool, or this thread when N is 1.
import type { TaskRunner } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';

export async function withPool<T>(jobs: number, job: (runner: TaskRunner | undefined) => Promise<T>): Promise<T> {
  if (jobs <= 1) return job(undefined);
  const pool = createNodePool({ size: jobs });
  try {
    return await job(pool);
  } finally {
    await pool.close();
  }
}
