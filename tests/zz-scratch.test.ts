import { it } from 'vitest';
import { solvePuzzle, parseBoard, goalLike } from '@searchlab/engine';
it('scratch', async () => {
  const start = parseBoard('8 6 7 2 5 4 3 0 1');
  const goal = goalLike(start, 'blank-last');
  for (const algorithm of ['astar','idastar','wida','wastar','anytime'] as const) for (const backend of ['wasm','ts'] as const) {
    const r = await solvePuzzle(start, goal, { algorithm, backend, heuristic: 'manhattan', weight: 3, onImprovement: (i) => console.log('  impr', i.length, i.weight, i.lowerBound, i.bound, i.stats.expanded) });
    const { moves, improvements, ...rest } = r; console.log(JSON.stringify(rest));
  }
});
