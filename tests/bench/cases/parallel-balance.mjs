// Parallel IDA* (issue 24): how well the subtrees of one search balance on 2 workers, measured in
// nodes, not seconds, so the figure holds on a loaded machine. Every subtree is searched for real
// (WASM kernel, in this thread) but finishes on a virtual clock that advances by its expansions (plus
// a fixed cost per job), as if each of `width` workers searched a node per tick; the driver sees the
// same order of events a real pool of equal threads would give it (the goal's subtree stops the later
// ones at the right moment, and they are charged the ticks they ran). Speed-up = the sequential run's
// expansions / (the virtual wall clock + the top walks, done serially in the driver).
// Cases: Korf's 24-puzzle #40 with 6-6-6-6, or those of SEARCHLAB_BENCH_KORF24=<ids> (as parallel.mjs;
// #1 runs the sequential search and every subtree in full, ~2.8·10^9 nodes, ~5 minutes on a quiet core); --quick: Korf's
// 15-puzzle #60 with 6-6-3. Tables as parallel.mjs (SEARCHLAB_BENCH_PDB_CACHE, else the user's cache).
import { SearchlabError, inlinePool } from '@searchlab/engine';
import { goalLike, parseBoard, solvePuzzle, solvePuzzleParallel } from '@searchlab/engine/puzzle';
import { useFileCache } from '@searchlab/engine/node';
import { benchKorf24 } from '../support/korf.mjs';

/** Cost of one subtree job beyond its search, in ticks (node expansions): ~0.13 ms of CPU per job measured on a 2-thread pool (main thread and workers), at ~10 M nodes/s. */
export const JOB_COST = 1500;
/** The driver's top walk (TS, one thread) expands about this many times slower than the kernel. */
export const TOP_COST = 10;

/** A runner whose tasks finish on a virtual clock: `width` workers, one expansion per tick each, a FIFO queue (as the worker pool). */
export function virtualRunner(width) {
  const inline = inlinePool();
  let now = 0;
  let computing = 0;
  let scheduled = false;
  const events = []; // { at, fire }
  const busy = new Map(); // worker → ticks spent in tasks
  const free = Array.from({ length: width }, (_, i) => i);
  const waiting = []; // resolvers of tasks queued for a free worker
  const release = (worker) => {
    const next = waiting.shift();
    if (next !== undefined) next(worker);
    else free.push(worker);
  };
  const acquire = (signal) =>
    free.length > 0
      ? Promise.resolve(free.shift())
      : new Promise((resolve, reject) => {
          const take = (worker) => {
            signal?.removeEventListener('abort', drop);
            resolve(worker);
          };
          const drop = () => {
            waiting.splice(waiting.indexOf(take), 1);
            reject(new SearchlabError('aborted', 'aborted'));
          };
          signal?.addEventListener('abort', drop, { once: true });
          waiting.push(take);
        });
  const tick = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (computing > 0 || events.length === 0) return;
      events.sort((a, b) => a.at - b.at);
      const e = events.shift();
      now = e.at;
      e.fire();
      tick();
    });
  };
  return {
    width,
    get now() {
      return now;
    },
    busy,
    async run(task, { signal } = {}) {
      if (signal?.aborted) throw new SearchlabError('aborted', 'aborted');
      const worker = await acquire(signal);
      const began = now;
      computing++;
      let answer;
      try {
        answer = await inline.run(task); // the whole subtree, whatever happens to it on the clock
      } finally {
        computing--;
      }
      const at = began + answer.counters.expanded + JOB_COST;
      return new Promise((resolve) => {
        const event = {
          at,
          fire: () => {
            signal?.removeEventListener('abort', onAbort);
            busy.set(worker, (busy.get(worker) ?? 0) + (now - began));
            resolve(answer);
            release(worker);
          },
        };
        // Stopped on the clock: the counters of the part searched so far (proportional to its ticks).
        const onAbort = () => {
          const k = events.indexOf(event);
          if (k < 0) return;
          events.splice(k, 1);
          const part = Math.max(0, now - began - JOB_COST) / (at - began - JOB_COST || 1);
          const c = answer.counters;
          answer = { outcome: 'stopped', counters: { ...c, expanded: Math.round(c.expanded * part), generated: Math.round(c.generated * part) } };
          event.fire();
          tick();
        };
        events.push(event);
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        tick();
      });
    },
    close: async () => undefined,
  };
}

/** One instance on the virtual clock: its subtree sizes per iteration and the simulated speed-up. */
export async function simulate(start, goal, heuristic, width, options = {}) {
  const seq = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic });
  const runner = virtualRunner(width);
  const sizes = new Map(); // iteration threshold → subtree expansions
  const span = new Map(); // iteration threshold → [first start, last end] on the clock
  const counting = {
    width,
    run: async (task, opts) => {
      const t = task.payload.threshold;
      if (!span.has(t)) span.set(t, [runner.now, runner.now]);
      const answer = await runner.run(task, opts);
      span.get(t)[1] = runner.now;
      const list = sizes.get(task.payload.threshold) ?? [];
      list.push(answer.counters.expanded);
      sizes.set(task.payload.threshold, list);
      return answer;
    },
    close: async () => undefined,
  };
  const r = await solvePuzzleParallel(start, goal, { algorithm: 'idastar', heuristic, runner: counting, ...options });
  if (r.length !== seq.length) throw new Error(`parallel ${r.length} moves, sequential ${seq.length}`);
  const its = r.parallel.iterations.map((it) => {
    const list = sizes.get(it.threshold) ?? [];
    const inSubtrees = list.reduce((a, b) => a + b, 0);
    const [from, to] = span.get(it.threshold) ?? [0, 0];
    return { ...it, sizes: list, top: it.expanded - inSubtrees, ticks: to - from };
  });
  const top = its.reduce((a, it) => a + it.top, 0);
  const wall = runner.now + top * TOP_COST;
  const work = [...runner.busy.values()];
  return { seq: seq.stats.expanded, parallel: r.stats.expanded, wall, speedup: seq.stats.expanded / wall, iterations: its, work, top };
}

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

export async function run(bench) {
  if (process.env.SEARCHLAB_BENCH_PDB_CACHE) process.env.SEARCHLAB_CACHE_DIR = process.env.SEARCHLAB_BENCH_PDB_CACHE;
  useFileCache();
  const cases = bench.quick
    ? [["Korf's 15-puzzle #60", parseBoard('11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0'), 'pdb663']]
    : benchKorf24('40').map((k) => [`Korf's 24-puzzle #${k.id}`, k.start, 'pdb6666']);
  const t = bench.table(
    'parallel IDA*: balance of one search on 2 workers (virtual clock, in nodes)',
    [
      { key: 'case', label: 'case', align: 'left' },
      { key: 'seq', label: 'sequential expanded' },
      { key: 'par', label: 'parallel expanded' },
      { key: 'wall', label: 'virtual wall, ticks' },
      { key: 'top', label: 'top walk, nodes' },
      { key: 'speedup', label: 'speed-up (simulated)' },
      { key: 'busy', label: 'busy ticks per worker', align: 'left' },
      { key: 'last', label: 'last iterations: subtrees, largest / median / total', align: 'left' },
    ],
    `Load-independent: every subtree is searched for real but finishes on a virtual clock (one expansion per tick per worker, ${JOB_COST} ticks per job); the top walk is charged ${TOP_COST} ticks per node, serially. Speed-up = sequential expansions / (virtual wall + top). The real speed-up is lower by the serial parts outside the search (start-up, table load).`,
  );
  for (const [label, start, h] of cases) {
    const s = await simulate(start, goalLike(start, 'blank-first'), h, 2);
    const last = s.iterations
      .slice(-3)
      .map((it) => `t${it.threshold}: ${it.sizes.length}, ${pct(it.sizes, 1)} / ${pct(it.sizes, 0.5)} / ${it.expanded}`)
      .join('; ');
    t.add({
      case: `${label}, ${h} + reflection`,
      seq: s.seq,
      par: s.parallel,
      wall: s.wall,
      top: s.top,
      speedup: +s.speedup.toFixed(2),
      busy: s.work.join(', '),
      last,
    });
    bench.log(`${label}: simulated speed-up ${s.speedup.toFixed(2)} (${s.seq} → ${s.parallel} nodes, wall ${s.wall})`);
  }
}
