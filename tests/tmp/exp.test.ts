import { test } from 'vitest';
import { constructMoves } from '../../packages/engine/src/puzzle/construct.js';
import { randomSolvable } from '../../packages/engine/src/puzzle/generate.js';
import { goalBoard } from '../../packages/engine/src/puzzle/board.js';
import * as pp from './pp.js';
test('e', () => {
  for (const n of [20, 40]) {
    const goal = goalBoard(n, n); let b = 0, a = 0, ms = 0;
    for (let s = 1; s <= 3; s++) {
      const start = randomSolvable(goal, s);
      const raw = constructMoves(n, n, start.cells, goal.cells)!;
      const t = performance.now(); const out = pp.postPass(n, n, start.cells, raw); ms += performance.now() - t;
      b += raw.length; a += out.length;
    }
    console.log(process.env.CFG, n, b, a, ((100 * (b - a)) / b).toFixed(2) + '%', ms.toFixed(0) + 'ms');
  }
}, 600000);
