// Bounded-suboptimal search (docs/contracts/search.md "wida"): Korf's 50 random 24-puzzles with
// wida (optimistic weighted IDA*), w = 1.2, heuristic auto (through the engine API), and Korf's 100 15-puzzles. Every
// move list is replayed to the goal and every length checked against 1.2 × the published optimum
// (exactly: 5·length ≤ 6·optimum); the tables give the mean ratio to optimal, time and nodes, and
// say whether the issue's targets are met. Each instance has a node limit so the case always ends.
// Runnable alone: node tests/bench/run.mjs bounded [--quick]
import { loadKernels } from '@searchlab/engine';
import { applyMoves, boardsEqual, forgetPdbs, solvePuzzle } from '@searchlab/engine/puzzle';
import { useFileCache } from '@searchlab/engine/node';
import { KORF100, KORF24, korfInstances } from '../support/korf.mjs';

const WEIGHT = 1.2;
/** The issue's targets for the 24-puzzle row (once the 5×5 databases are cached). */
const TARGET_S = 120;
const TARGET_RATIO = 1.08;

/** wida at `weight` (≤ 3 decimals) on every instance; throws on a wrong move list or a broken bound. */
async function solveAll(bench, label, instances, heuristic, maxNodes, weight = WEIGHT) {
  let solved = 0,
    nodes = 0,
    ms = 0,
    ratioSum = 0,
    maxRatio = 0,
    heuristicUsed = '';
  for (const k of instances) {
    const r = await solvePuzzle(k.start, k.goal, { algorithm: 'wida', weight, heuristic, maxNodes });
    heuristicUsed = r.heuristic;
    nodes += r.stats.expanded;
    ms += r.stats.timeMs;
    if (r.status !== 'solved') {
      bench.log(`${label} #${k.id}: ${r.status} (${r.reason}) after ${r.stats.expanded} nodes, lower bound ${r.lowerBound}`);
      continue;
    }
    if (!boardsEqual(applyMoves(k.start, r.moves), k.goal)) throw new Error(`${label} #${k.id}: the move list does not reach the goal`);
    if (1000 * r.length > Math.round(1000 * weight) * k.optimal) throw new Error(`${label} #${k.id}: length ${r.length} > ${weight} × optimal ${k.optimal}`);
    if (r.bound !== weight || r.lowerBound > k.optimal)
      throw new Error(`${label} #${k.id}: bound ${r.bound}, lower bound ${r.lowerBound} > optimal ${k.optimal}`);
    solved++;
    ratioSum += r.length / k.optimal;
    maxRatio = Math.max(maxRatio, r.length / k.optimal);
    bench.log(`${label} #${k.id}: length ${r.length} (optimal ${k.optimal}), ${r.stats.expanded} nodes, ${(r.stats.timeMs / 1000).toFixed(2)} s`);
  }
  return { solved, nodes, ms, meanRatio: solved ? ratioSum / solved : NaN, maxRatio, heuristicUsed };
}

const verdict = (value, target, unit, digits) =>
  value <= target ? `met (${value.toFixed(digits)}${unit})` : `missed by ${(value - target).toFixed(digits)}${unit} (${value.toFixed(digits)}${unit})`;

const COLUMNS = [
  { key: 'instances', label: 'instances', align: 'left' },
  { key: 'heuristic', label: 'heuristic', align: 'left' },
  { key: 'limit', label: 'node limit each' },
  { key: 'solved', label: 'solved' },
  { key: 'meanRatio', label: 'mean length / optimal' },
  { key: 'maxRatio', label: 'max length / optimal' },
  { key: 'seconds', label: 'total s' },
  { key: 'nodes', label: 'total expanded' },
];

export async function run(bench) {
  await loadKernels();
  // The per-user cache: the targets are for databases already cached (the pdb24 case times their builds).
  useFileCache();
  try {
    const row = (label, instances, limit, res) => ({
      instances: label,
      heuristic: res.heuristicUsed,
      limit,
      solved: `${res.solved}/${instances.length}`,
      meanRatio: res.solved ? +res.meanRatio.toFixed(4) : '-',
      maxRatio: +res.maxRatio.toFixed(4),
      seconds: +(res.ms / 1000).toFixed(2),
      nodes: res.nodes,
    });

    const k24 = korfInstances(KORF24);
    const t24 = bench.table(
      "wida (optimistic weighted IDA*), w = 1.2, heuristic auto on Korf's 50 24-puzzles (WASM, single thread)",
      [
        ...COLUMNS,
        { key: 'timeTarget', label: `time target ≤ ${TARGET_S} s`, align: 'left' },
        { key: 'ratioTarget', label: `ratio target ≤ ${TARGET_RATIO}`, align: 'left' },
      ],
      "Every move list replayed to the goal, every length ≤ 1.2 × the published optimum and the reported lower bound ≤ the optimum (checked). Targets from the issue apply to all 50 with the 6-6-6-6 databases cached (`auto` picks them once they exist; until then it gives linear conflict, which cannot solve most 24-puzzles at w = 1.2 within the node limit). Time: the solver's own. wida stops once length ≤ 1.2 × its proven lower bound, so lengths sit near 1.2 × lower bound; a single weighted IDA* run at 1.2 (the previous wida) solved 17 of 50 within 20 M nodes each (71.7 s, mean ratio 1.032): its threshold at the start, 1.2 × about 0.8 of the optimum, is still below the optimum.",
    );
    const instances24 = bench.quick ? k24.slice(0, 3) : k24;
    const limit24 = bench.quick ? 20_000_000 : 500_000_000;
    const r24 = await solveAll(bench, '24-puzzle', instances24, 'auto', limit24);
    const all = r24.solved === k24.length;
    const summary24 = {
      ...row(bench.quick ? `first ${instances24.length} (quick)` : 'all 50', instances24, limit24, r24),
      timeTarget: all ? verdict(r24.ms / 1000, TARGET_S, ' s', 1) : `missed: ${r24.solved}/${k24.length} solved within the node limit`,
      ratioTarget: r24.solved === 0 ? 'missed: none solved' : `${all ? '' : `${r24.solved} solved: `}${verdict(r24.meanRatio, TARGET_RATIO, '', 4)}`,
    };
    t24.add(summary24);
    bench.log(`24-puzzle summary: ${JSON.stringify(summary24)}`);
    // The machinery on every 24-puzzle at a weight linear conflict can reach (no target: w = 2).
    const limit2 = 5_000_000;
    const k24w2 = bench.quick ? k24.slice(0, 10) : k24;
    const r2 = await solveAll(bench, '24-puzzle w=2', k24w2, 'linear-conflict', limit2, 2);
    const summary2 = { ...row(`${bench.quick ? 'first 10 (quick)' : 'all 50'}, w = 2 (no target)`, k24w2, limit2, r2), timeTarget: '-', ratioTarget: '-' };
    t24.add(summary2);
    bench.log(`24-puzzle w=2 summary: ${JSON.stringify(summary2)}`);

    const k15 = korfInstances(KORF100);
    const t15 = bench.table(
      "wida, w = 1.2 on Korf's 100 15-puzzles (WASM, single thread)",
      COLUMNS,
      'Every move list replayed to the goal, every length ≤ 1.2 × the published optimum (checked). Pattern databases built once (not timed here, see the pdb tables).',
    );
    const instances15 = bench.quick ? k15.slice(0, 10) : k15;
    for (const heuristic of bench.quick ? ['linear-conflict'] : ['linear-conflict', 'pdb663']) {
      const limit15 = 50_000_000;
      const r15 = await solveAll(bench, `15-puzzle ${heuristic}`, instances15, heuristic, limit15);
      const summary15 = row(bench.quick ? `first ${instances15.length} (quick)` : 'all 100', instances15, limit15, r15);
      t15.add(summary15);
      bench.log(`15-puzzle summary: ${JSON.stringify(summary15)}`);
    }
  } finally {
    forgetPdbs();
  }
}
