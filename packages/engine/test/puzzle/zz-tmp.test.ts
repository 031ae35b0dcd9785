import { test, expect } from 'vitest';
import { constructMoves } from '../../src/puzzle/construct.js';
import { postPass } from '../../src/puzzle/postpass.js';
import { goalBoard, applyMoves, randomSolvable, MOVES } from '@searchlab/engine/puzzle';
test('construct', () => {
  for (const [w,h] of [[2,2],[3,3],[2,5],[5,2],[4,4],[7,3],[3,8],[12,12]]) for (const preset of ['blank-last','blank-first'] as const) for (let s=0;s<30;s++) {
    const goal = goalBoard(w,h,preset); const start = randomSolvable(goal, s);
    const mv = constructMoves(w,h,start.cells,goal.cells)!;
    const pp = postPass(w,h,start.cells,mv);
    expect(applyMoves(start, Array.from(mv, (m)=>MOVES[m]!)).cells).toEqual(goal.cells);
    expect(applyMoves(start, Array.from(pp, (m)=>MOVES[m]!)).cells).toEqual(goal.cells);
  }
  for (const n of [20, 32, 100]) {
  const goal = goalBoard(n,n); const start = randomSolvable(goal, 1);
  let t=performance.now(); const mv = constructMoves(n,n,start.cells,goal.cells)!; const t1=performance.now()-t;
  t=performance.now(); const pp = postPass(n,n,start.cells,mv); console.log(n, mv.length, t1, pp.length, performance.now()-t);
  expect(applyMoves(start, Array.from(pp, (m)=>MOVES[m]!)).cells).toEqual(goal.cells);
  }
});
