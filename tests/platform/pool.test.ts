// The worker pool on real worker_threads (the engine's built worker), against the same tasks run
// in this thread: same results, results streamed as they finish, cancellation, a dying worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WorkerPool, inlinePool, loadKernels, runTasks, type Task, type WorkerPort } from '@searchlab/engine';
import { goalBoard, randomWalk, type SolveResult } from '@searchlab/engine/puzzle';
import { createNodePool, nodeWorkerPort } from '@searchlab/engine/node';
import { ROOT } from '../support/bundle.js';

// vitest runs the engine from source; a worker thread needs JavaScript: the engine's build (pnpm test builds it first).
const WORKER = join(ROOT, 'packages/engine/dist/node/worker.js');

const goal = goalBoard(4, 4);
const solveTask = (seed: number, settings = {}): Task => ({
  domain: 'puzzle',
  kind: 'solve',
  payload: { start: randomWalk(goal, 60, seed).board, goal, spec: { algorithm: 'idastar', heuristic: 'manhattan', ...settings } },
});

/** BFS on the TS backend from a 400-move walk: far more work than any test waits for. */
function hardTask(): Task {
  const task = solveTask(7, { algorithm: 'bfs', backend: 'ts' });
  (task.payload as { start: unknown }).start = randomWalk(goal, 400, 9).board;
  return task;
}

let pool: WorkerPool;
beforeAll(() => {
  pool = createNodePool({ size: 2, script: WORKER });
});
afterAll(async () => {
  await pool.close();
});

describe('worker pool', () => {
  it('gives the same results as the tasks run in this thread, streamed as they finish', async () => {
    const tasks = Array.from({ length: 6 }, (_, i) => solveTask(100 + i));
    const seen: number[] = [];
    const fromPool: SolveResult[] = [];
    await runTasks<SolveResult>(tasks, {
      runner: pool,
      onResult: (i, r) => {
        seen.push(i);
        fromPool[i] = r as SolveResult;
      },
    });
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const inline = inlinePool();
    for (const [i, task] of tasks.entries()) {
      const local = await inline.run<SolveResult>(task);
      expect(fromPool[i]!.status).toBe('solved');
      expect(fromPool[i]!.moves).toEqual(local.moves);
      expect(fromPool[i]!.stats.expanded).toBe(local.stats.expanded);
    }
  });

  it('says which worker took each task: two tasks at once run on two workers, a later one on one of them', async () => {
    const started: number[] = [];
    const run = (seed: number) => pool.run<SolveResult>(solveTask(seed), { onStart: (worker) => started.push(worker) });
    await Promise.all([run(200), run(201)]);
    expect(new Set(started).size).toBe(2);
    await run(202);
    expect(started).toHaveLength(3);
    expect(started.slice(0, 2)).toContain(started[2]);
  });

  it('cancels a running task: it ends aborted with its statistics', async () => {
    const controller = new AbortController();
    const progress: unknown[] = [];
    // Cancelled at its first progress report: it is running then.
    const running = pool.run<SolveResult>(hardTask(), {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        controller.abort();
      },
    });
    const r = await running;
    expect(r.status).toBe('aborted');
    expect(r.stats.expanded).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('rejects typed errors with their code, and survives a worker that dies', async () => {
    await expect(pool.run({ domain: 'puzzle', kind: 'nope', payload: null })).rejects.toMatchObject({ code: 'unsupported' });
    let spawned = 0;
    const dying = new WorkerPool((): WorkerPort => {
      spawned++;
      const port = nodeWorkerPort(WORKER);
      // The first worker dies while it works (as on an out-of-memory crash): at its first progress report.
      if (spawned === 1) {
        return {
          ...port,
          onReply: (cb) =>
            port.onReply((m) => {
              if (m.type === 'progress') port.terminate();
              else cb(m);
            }),
        };
      }
      return port;
    }, 1);
    await expect(dying.run(hardTask())).rejects.toThrow(/exited/);
    const r = await dying.run<SolveResult>(solveTask(1));
    expect(r.status).toBe('solved');
    expect(spawned).toBe(2);
    await dying.close();
  });

  it('start() spawns every worker before any task, and the tasks then run on them (no more are spawned)', async () => {
    let spawned = 0;
    const ready: Promise<void>[] = [];
    const early = new WorkerPool((): WorkerPort => {
      spawned++;
      const port = nodeWorkerPort(WORKER);
      // A worker that has booted answers a task at once: here, the first reply of its first task.
      ready.push(new Promise((resolve) => port.onReply(() => resolve())));
      return port;
    }, 2);
    early.start();
    expect(spawned).toBe(2);
    early.start(); // idempotent: the pool is full
    expect(spawned).toBe(2);
    const results = await Promise.all([early.run<SolveResult>(solveTask(300)), early.run<SolveResult>(solveTask(301))]);
    expect(results.map((r) => r.status)).toEqual(['solved', 'solved']);
    await Promise.all(ready);
    expect(spawned).toBe(2);
    await early.close();
    early.start(); // closed: nothing is spawned
    expect(spawned).toBe(2);
  });

  it("hands this thread's compiled modules to its workers: a worker instantiates them instead of compiling its own", async () => {
    // The worker counts its compiles while the engine's build loads the kernels. The same script
    // started without the handover (a plain Worker) compiles once: the count can tell them apart.
    const dir = await mkdtemp(join(tmpdir(), 'searchlab-modules-'));
    const script = join(dir, 'count-compiles.mjs');
    const kernels = pathToFileURL(join(ROOT, 'packages/engine/dist/core/kernels.js')).href;
    await writeFile(
      script,
      `import { parentPort } from 'node:worker_threads';
const compile = WebAssembly.compile;
let compiles = 0;
WebAssembly.compile = (...args) => (compiles++, compile(...args));
WebAssembly.Module = new Proxy(WebAssembly.Module, { construct: (target, args) => (compiles++, new target(...args)) });
const { loadKernels } = await import(${JSON.stringify(kernels)});
const k = await loadKernels();
parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, type: 'result', payload: { compiles, exports: WebAssembly.Module.exports(k.module).length } }));`,
    );
    const ask = (port: WorkerPort): Promise<{ compiles: number; exports: number }> =>
      new Promise((resolve, reject) => {
        port.onReply((m) => (m.type === 'result' ? resolve(m.payload as { compiles: number; exports: number }) : reject(new Error(m.type))));
        port.onFailure(reject);
        port.post({ id: 1, domain: 'test', kind: 'count', payload: null });
      });
    const exports = WebAssembly.Module.exports((await loadKernels()).module).length;
    const handed = nodeWorkerPort(script);
    const alone = new Worker(script);
    try {
      expect(await ask(handed)).toEqual({ compiles: 0, exports });
      const own = await new Promise((resolve, reject) => {
        alone.on('message', (m: { payload: unknown }) => resolve(m.payload));
        alone.on('error', reject);
        alone.postMessage({ id: 1 });
      });
      expect(own).toEqual({ compiles: 1, exports });
    } finally {
      handed.terminate();
      await alone.terminate();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an aborted signal before the start rejects without running', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pool.run(solveTask(2), { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
  });
});
