// --jobs for every command: N worker threads of the engine's pool, or this thread when N is 1.
import type { TaskRunner } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';

/**
 * Runs `job` with a pool of `jobs` worker threads (undefined when jobs is 1), closed at the end. The
 * workers start at once: call it before reading input and loading tables, so that their start-up
 * overlaps that work (a table loaded after the pool exists is shared with its workers too).
 */
export async function withPool<T>(jobs: number, job: (runner: TaskRunner | undefined) => Promise<T>): Promise<T> {
  if (jobs <= 1) return job(undefined);
  const pool = createNodePool({ size: jobs });
  try {
    pool.start();
    return await job(pool);
  } finally {
    await pool.close();
  }
}
