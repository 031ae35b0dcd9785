// pnpm bench: WASM kernels vs the TS reference on a fixed set of 8- and 15-puzzles.
// Prints medians measured in this run and writes tests/bench/results.json + results.md (committed;
// the README quotes results.md). Node counts are asserted equal across backends while measuring.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import {
  loadKernels, solvePuzzle, parseBoard, goalLike, goalBoard, randomSolvable, randomWalk,
} from '@searchlab/engine';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const quick = process.argv.includes('--quick');
const REPEATS = quick ? 1 : 3;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const korf = readFileSync(join(repo, 'data/korf100.tsv'), 'utf8').split('\n')
  .filter((l) => /^\d/.test(l)).map((l) => { const [id, optimal, tiles] = l.split('\t'); return { id: +id, optimal: +optimal, tiles }; });

// The fixed instance sets. 8-puzzles: 30 uniformly random solvable boards (seeded).
const goal3 = goalBoard(3, 3, 'blank-last');
const eights = Array.from({ length: 30 }, (_, i) => randomSolvable(goal3, 1000 + i));
// 15-puzzles: 12 seeded random walks of 60 moves (moderate: the TS reference must finish them too).
const goal4 = goalBoard(4, 4, 'blank-last');
const fifteens = Array.from({ length: 12 }, (_, i) => randomWalk(goal4, 60, 2000 + i).board);

async function runSet(boards, goal, options, repeats) {
  const times = [];
  let expanded = 0, lengths = [];
  for (let r = 0; r < repeats; r++) {
    let t = 0; expanded = 0; lengths = [];
    for (const b of boards) {
      const res = await solvePuzzle(b, goal, options);
      if (res.status !== 'solved') throw new Error(`bench instance not solved: ${res.status}`);
      t += res.stats.timeMs; expanded += res.stats.expanded; lengths.push(res.length);
    }
    times.push(t);
  }
  return { timeMs: median(times), expanded, lengths };
}

await loadKernels();
const rows = [];
for (const [label, boards, goal] of [['8-puzzle ×30', eights, goal3], ['15-puzzle ×12 (walk 60)', fifteens, goal4]]) {
  for (const algorithm of ['astar', 'idastar']) {
    for (const heuristic of ['manhattan', 'linear-conflict']) {
      const wasm = await runSet(boards, goal, { algorithm, heuristic, backend: 'wasm' }, REPEATS);
      const ts = await runSet(boards, goal, { algorithm, heuristic, backend: 'ts' }, quick ? 1 : 2);
      if (wasm.expanded !== ts.expanded || wasm.lengths.join() !== ts.lengths.join())
        throw new Error(`backends disagree on ${label} ${algorithm} ${heuristic}`);
      const row = {
        set: label, algorithm, heuristic, expanded: wasm.expanded,
        wasmMs: +wasm.timeMs.toFixed(1), tsMs: +ts.timeMs.toFixed(1),
        wasmNodesPerSec: Math.round(wasm.expanded / (wasm.timeMs / 1000)),
        tsNodesPerSec: Math.round(ts.expanded / (ts.timeMs / 1000)),
        speedup: +(ts.timeMs / wasm.timeMs).toFixed(1),
      };
      rows.push(row);
      console.log(`${label.padEnd(24)} ${algorithm.padEnd(8)} ${heuristic.padEnd(16)} expanded ${String(row.expanded).padStart(10)}  wasm ${row.wasmMs} ms  ts ${row.tsMs} ms  ×${row.speedup}`);
    }
  }
}

// Raw IDA* throughput on Korf's instances: WASM only (the TS reference would take minutes).
const korfIds = quick ? [16] : [16, 12, 9, 13, 8];
const korfRows = [];
for (const id of korfIds) {
  const k = korf.find((x) => x.id === id);
  const start = parseBoard(k.tiles, { size: 4 });
  const goal = goalLike(start, 'blank-first');
  for (const heuristic of ['manhattan', 'linear-conflict']) {
    if (heuristic === 'manhattan' && k.optimal > 50 && quick) continue;
    const times = [];
    let res;
    for (let r = 0; r < REPEATS; r++) {
      res = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic, backend: 'wasm' });
      times.push(res.stats.timeMs);
    }
    if (res.length !== k.optimal) throw new Error(`Korf #${id}: length ${res.length}, known optimal ${k.optimal}`);
    const t = median(times);
    const row = { korf: id, optimal: k.optimal, heuristic, expanded: res.stats.expanded, generated: res.stats.generated,
      wasmMs: +t.toFixed(1), expandedPerSec: Math.round(res.stats.expanded / (t / 1000)),
      generatedPerSec: Math.round(res.stats.generated / (t / 1000)) };
    korfRows.push(row);
    console.log(`Korf #${id} (${k.optimal}) idastar ${heuristic.padEnd(16)} expanded ${row.expanded}  ${row.wasmMs} ms  ${(row.expandedPerSec / 1e6).toFixed(1)} M expanded/s  ${(row.generatedPerSec / 1e6).toFixed(1)} M generated/s`);
  }
}

const results = {
  date: new Date().toISOString().slice(0, 10), node: process.version, cpu: os.cpus()[0]?.model, cores: os.cpus().length,
  repeats: REPEATS, rows, korf: korfRows,
};
const md = [
  `# Benchmark results (pnpm bench)`,
  ``,
  `${results.date}, node ${results.node}, ${results.cpu} (${results.cores} cores). WASM times are medians of ${REPEATS} runs, TS times the better of ${quick ? 1 : 2} (same process);`,
  `both backends expanded exactly the same nodes (asserted while measuring).`,
  ``,
  `| set | algorithm | heuristic | expanded | WASM ms | TS ms | WASM nodes/s | TS nodes/s | WASM speed-up |`,
  `|---|---|---|---:|---:|---:|---:|---:|---:|`,
  ...rows.map((r) => `| ${r.set} | ${r.algorithm} | ${r.heuristic} | ${r.expanded} | ${r.wasmMs} | ${r.tsMs} | ${(r.wasmNodesPerSec / 1e6).toFixed(2)} M | ${(r.tsNodesPerSec / 1e6).toFixed(2)} M | ${r.speedup}× |`),
  ``,
  `IDA* on Korf's 15-puzzles (WASM; optimal length asserted):`,
  ``,
  `| Korf # | optimal | heuristic | expanded | generated | ms | expanded/s | generated/s |`,
  `|---:|---:|---|---:|---:|---:|---:|---:|`,
  ...korfRows.map((r) => `| ${r.korf} | ${r.optimal} | ${r.heuristic} | ${r.expanded} | ${r.generated} | ${r.wasmMs} | ${(r.expandedPerSec / 1e6).toFixed(1)} M | ${(r.generatedPerSec / 1e6).toFixed(1)} M |`),
  ``,
].join('\n');
if (!quick) {
  const write = (f, text) => { writeFileSync(f + '.tmp', text); renameSync(f + '.tmp', f); };
  write(join(here, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  write(join(here, 'results.md'), md);
  console.log(`wrote tests/bench/results.md and results.json`);
}
