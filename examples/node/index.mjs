// Solve an 8-puzzle on both backends and count 10-queens on two worker threads.
import { goalLike, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
import { countQueens } from '@searchlab/engine/queens';
import { createNodePool } from '@searchlab/engine/node';

const start = parseBoard('8 6 7/2 5 4/3 0 1');
const goal = goalLike(start, 'blank-last');
const wasm = await solvePuzzle(start, goal, { algorithm: 'astar', heuristic: 'linear-conflict' });
const ts = await solvePuzzle(start, goal, { algorithm: 'astar', heuristic: 'linear-conflict', backend: 'ts' });

const pool = createNodePool({ size: 2 });
try {
  const count = await countQueens(10, { runner: pool });
  console.log(
    JSON.stringify({
      puzzle: { status: wasm.status, length: wasm.length, sameMoves: wasm.moves.join('') === ts.moves.join('') },
      queens: { n: count.n, status: count.status, solutions: count.solutions },
    }),
  );
} finally {
  await pool.close();
}
