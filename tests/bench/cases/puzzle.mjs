// Sliding-tile puzzles: WASM kernels vs the TS reference on fixed 8- and 15-puzzle sets (node counts
// asserted equal while measuring), and raw WASM IDA* throughput on Korf's instances.
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { solvePuzzle, parseBoard, goalLike, goalBoard, randomSolvable, randomWalk } from '@searchlab/engine/puzzle';
import { ratio, timed } from '../harness.mjs';
import { KORF100, korfInstances } from '../support/korf.mjs';

const _repo = fileURLToPath(new URL('../../..', import.meta.url));
const korf = korfInstances(KORF100);

/** Solves every board; the summed solver time (timeMs: the search alone), expanded nodes and lengths. */
async function solveSet(boards, goal, options) {
  let ms = 0,
    expanded = 0;
  const lengths = [];
  for (const b of boards) {
    const r = await solvePuzzle(b, goal, options);
    if (r.status !== 'solved') throw new Error(`bench instance not solved: ${r.status}`);
    ms += r.stats.timeMs;
    expanded += r.stats.expanded;
    lengths.push(r.length);
  }
  return { ms, expanded, lengths: lengths.join() };
}

export async function run(bench) {
  await loadKernels();
  const goal3 = goalBoard(3, 3, 'blank-last');
  const goal4 = goalBoard(4, 4, 'blank-last');
  const sets = [
    ['8-puzzle ×30 (uniform)', Array.from({ length: 30 }, (_, i) => randomSolvable(goal3, 1000 + i)), goal3],
    ['15-puzzle ×12 (walk 60)', Array.from({ length: 12 }, (_, i) => randomWalk(goal4, 60, 2000 + i).board), goal4],
  ];
  const versus = bench.table(
    'WASM vs the TS reference',
    [
      { key: 'set', label: 'set', align: 'left' },
      { key: 'algorithm', label: 'algorithm', align: 'left' },
      { key: 'heuristic', label: 'heuristic', align: 'left' },
      { key: 'expanded', label: 'expanded' },
      { key: 'wasmMs', label: 'WASM ms' },
      { key: 'tsMs', label: 'TS ms' },
      { key: 'wasmMnps', label: 'WASM M nodes/s' },
      { key: 'tsMnps', label: 'TS M nodes/s' },
      { key: 'speedup', label: 'WASM speed-up' },
    ],
    `Times are the solvers' own (search only), medians of ${bench.repeats} runs after a warm-up; both backends expanded exactly the same nodes (asserted).`,
  );
  for (const [label, boards, goal] of sets) {
    for (const algorithm of ['astar', 'idastar']) {
      for (const heuristic of ['manhattan', 'linear-conflict']) {
        const wasm = await timed(() => solveSet(boards, goal, { algorithm, heuristic, backend: 'wasm' }), { repeats: bench.repeats });
        const ts = await timed(() => solveSet(boards, goal, { algorithm, heuristic, backend: 'ts' }), { repeats: bench.repeats, warmup: bench.quick ? 0 : 1 });
        if (wasm.value.expanded !== ts.value.expanded || wasm.value.lengths !== ts.value.lengths)
          throw new Error(`backends disagree on ${label} ${algorithm} ${heuristic}`);
        const expanded = wasm.value.expanded;
        const row = {
          set: label,
          algorithm,
          heuristic,
          expanded,
          wasmMs: wasm.median,
          tsMs: ts.median,
          wasmMnps: expanded / wasm.median / 1000,
          tsMnps: expanded / ts.median / 1000,
          speedup: ratio(ts.median, wasm.median),
        };
        versus.add(row);
        bench.log(
          `${label} ${algorithm} ${heuristic}: expanded ${expanded}, wasm ${wasm.median.toFixed(1)} ms, ts ${ts.median.toFixed(1)} ms, ×${row.speedup}`,
        );
      }
    }
  }

  const throughput = bench.table("IDA* on Korf's 15-puzzles (WASM; optimal length asserted)", [
    { key: 'korf', label: 'Korf #' },
    { key: 'optimal', label: 'optimal' },
    { key: 'heuristic', label: 'heuristic', align: 'left' },
    { key: 'expanded', label: 'expanded' },
    { key: 'ms', label: 'ms' },
    { key: 'mExpanded', label: 'M expanded/s' },
    { key: 'mGenerated', label: 'M generated/s' },
  ]);
  for (const id of bench.quick ? [16] : [16, 12, 9, 13, 8]) {
    const k = korf.find((x) => x.id === id);
    const start = parseBoard(k.tiles, { size: 4 });
    const goal = goalLike(start, 'blank-first');
    for (const heuristic of ['manhattan', 'linear-conflict']) {
      const t = await timed(
        async () => {
          const r = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic, backend: 'wasm' });
          return { ms: r.stats.timeMs, r };
        },
        { repeats: bench.repeats, warmup: 0 },
      );
      const r = t.value.r;
      if (r.length !== k.optimal) throw new Error(`Korf #${id}: length ${r.length}, known optimal ${k.optimal}`);
      throughput.add({
        korf: id,
        optimal: k.optimal,
        heuristic,
        expanded: r.stats.expanded,
        ms: t.median,
        mExpanded: r.stats.expanded / t.median / 1000,
        mGenerated: r.stats.generated / t.median / 1000,
      });
      bench.log(`Korf #${id} idastar ${heuristic}: ${(r.stats.expanded / t.median / 1000).toFixed(1)} M expanded/s`);
    }
  }
}
