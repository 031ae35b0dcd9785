// The Postgres job queue against the local pool: Q(N) counted by `searchlab queens count N` with
// 2 worker threads, and through the queue with 2 `searchlab worker --jobs 1` processes on the same
// machine (an embedded PostgreSQL from `searchlab cluster up`). Wall clock of the producer process,
// both ways; the counts are asserted equal.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, ratio } from '../harness.mjs';

const BIN = fileURLToPath(new URL('../../../packages/cli/dist/searchlab.js', import.meta.url));
const exec = promisify(execFile);

/** A long-running CLI process; resolves once its stderr/stdout shows `ready` (what it prints later is read and dropped). */
function serve(args, ready) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  let up = false;
  return new Promise((resolve, reject) => {
    const look = (d) => {
      if (up) return;
      text += d;
      const m = text.match(ready);
      if (m) {
        up = true;
        resolve({ child, match: m });
      }
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', look);
    child.on('exit', (code) => reject(new Error(`searchlab ${args.join(' ')} exited ${code}: ${text}`)));
  });
}

const count = async (args) => JSON.parse((await exec(process.execPath, [BIN, 'queens', 'count', ...args, '--json'])).stdout);

/** Wall clock of `fn`, and its value. */
async function wall(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export async function run(bench) {
  const n = bench.quick ? 13 : 16;
  const cluster = await serve(['cluster', 'up'], /^(postgres:\/\/\S+)$/m);
  const url = cluster.match[1];
  const workers = [];
  try {
    for (const name of ['b1', 'b2']) workers.push((await serve(['worker', '--db', url, '--jobs', '1', '--name', name], /serving the queue/)).child);
    // Local and queue runs alternate (after one untimed run of each), so that a machine whose speed
    // drifts slows both alike; the ratio is the median of the pairs' ratios.
    const runLocal = () => wall(() => count([String(n), '--jobs', '2']));
    const runQueue = () => wall(() => count([String(n), '--db', url]));
    await runLocal();
    await runQueue();
    const pairs = [];
    for (let i = 0; i < (bench.quick ? 1 : 5); i++) pairs.push([await runLocal(), await runQueue()]);
    const [l, q] = pairs[0];
    if (l.value.solutions !== q.value.solutions) throw new Error(`Q(${n}): local ${l.value.solutions}, queue ${q.value.solutions}`);
    const local = { median: median(pairs.map(([a]) => a.ms)) };
    const queue = { median: median(pairs.map(([, b]) => b.ms)), value: q.value };
    const pairRatio = median(pairs.map(([a, b]) => b.ms / a.ms));
    const jobs = queue.value.tasks;
    const t = bench.table(
      'the job queue (PostgreSQL, pg-boss) vs the local worker pool',
      [
        { key: 'case', label: 'case', align: 'left' },
        { key: 'jobs', label: 'jobs' },
        { key: 'localMs', label: 'local pool, 2 threads, ms' },
        { key: 'queueMs', label: 'queue, 2 worker processes, ms' },
        { key: 'ratio', label: 'queue / local' },
        { key: 'perJobMs', label: 'overhead per job, ms' },
      ],
      `Wall clock of the producer process (start to exit, including connecting and enqueuing), medians of ${pairs.length} runs each, local and queue alternating after one untimed run of each; the workers were started beforehand. queue / local is the median of the pairs' ratios. Overhead per job = (queue / local − 1) × local × 2 workers / jobs: the worker time each job costs on top of its work. Target: queue / local ≤ 1.15.`,
    );
    t.add({
      case: `Q(${n}) = ${queue.value.solutions}`,
      jobs,
      localMs: Math.round(local.median),
      queueMs: Math.round(queue.median),
      ratio: ratio(pairRatio, 1, 2),
      perJobMs: +(((pairRatio - 1) * local.median * 2) / jobs).toFixed(1),
    });
    bench.log(`Q(${n}): local ${Math.round(local.median)} ms, queue ${Math.round(queue.median)} ms over ${jobs} jobs`);
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r() : w.on('exit', r)))));
    cluster.child.kill('SIGTERM');
    await new Promise((r) => cluster.child.on('exit', r));
  }
}
