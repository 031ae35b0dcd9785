// The puzzle's solve task as a worker runs it: while its pattern databases are built it posts
// `{ pdb }` progress (what the web lab's progress bar draws), then the search's statistics.
import { afterAll, describe, expect, it } from 'vitest';
import { inlinePool } from '@searchlab/engine';
import { forgetPdbs, goalBoard, randomWalk, setPdbCache, type SolveResult, type SolveTask, type SolveTaskProgress } from '@searchlab/engine/puzzle';
import { puzzleTasks } from '../../src/puzzle/tasks.js';

afterAll(() => forgetPdbs());

describe('puzzle solve task', () => {
  it('posts the database build as { pdb } progress before any search statistics, then solves optimally', async () => {
    setPdbCache(undefined);
    forgetPdbs();
    const goal = goalBoard(4, 4, 'blank-first');
    const start = randomWalk(goal, 30, 11).board;
    const task: SolveTask = { start, goal, spec: { heuristic: 'pdb555' } };
    const posted: SolveTaskProgress[] = [];
    const pool = inlinePool({ puzzle: puzzleTasks });
    const r = await pool.run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: task }, { onProgress: (p) => posted.push(p as SolveTaskProgress) });
    const builds = posted.filter((p) => 'pdb' in p);
    expect(builds.length).toBeGreaterThan(0);
    for (const p of builds) expect(p.pdb).toMatchObject({ patterns: 3, placements: 524160 });
    expect(posted.slice(0, builds.length)).toEqual(builds); // the build's messages come first
    // The same search with linear conflict (no databases) finds the same optimal length.
    const lc = await pool.run<SolveResult>({
      domain: 'puzzle',
      kind: 'solve',
      payload: { ...task, spec: { algorithm: 'idastar', heuristic: 'linear-conflict' } },
    });
    expect(r.status).toBe('solved');
    expect(r.length).toBe(lc.length);

    // Loaded once: a second solve in this thread builds nothing.
    const again: SolveTaskProgress[] = [];
    await pool.run({ domain: 'puzzle', kind: 'solve', payload: task }, { onProgress: (p) => again.push(p as SolveTaskProgress) });
    expect(again.some((p) => 'pdb' in p)).toBe(false);
  });

  it('anytime posts every improvement (without moves) and every rise of the lower bound, matching its result', async () => {
    const goal = goalBoard(5, 5, 'blank-first');
    const start = randomWalk(goal, 60, 7).board;
    const task: SolveTask = { start, goal, spec: { algorithm: 'anytime', weight: 3, heuristic: 'linear-conflict' } };
    const posted: SolveTaskProgress[] = [];
    const pool = inlinePool({ puzzle: puzzleTasks });
    const r = await pool.run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: task }, { onProgress: (p) => posted.push(p as SolveTaskProgress) });
    const improvements = posted.flatMap((p) => ('improvement' in p ? [p.improvement] : []));
    const lowerBounds = posted.flatMap((p) => ('lowerBound' in p ? [p.lowerBound] : []));
    expect(r.status).toBe('solved');
    expect(r.optimal).toBe(true);
    // The stream is the result's own record: same improvements in order, lengths falling to the answer.
    expect(improvements).toEqual(r.improvements);
    expect(improvements.every((i) => !('moves' in i))).toBe(true);
    expect(improvements.at(-1)!.length).toBe(r.length);
    // Lower bounds strictly rise and end at the proven optimum.
    expect(lowerBounds.length).toBeGreaterThan(0);
    for (let i = 1; i < lowerBounds.length; i++) expect(lowerBounds[i]!).toBeGreaterThan(lowerBounds[i - 1]!);
    expect(lowerBounds.at(-1)).toBe(r.lowerBound);
    expect(r.lowerBound).toBe(r.length);
    // An optimal IDA* with the same heuristic agrees on the length.
    const opt = await pool.run<SolveResult>({
      domain: 'puzzle',
      kind: 'solve',
      payload: { ...task, spec: { algorithm: 'idastar', heuristic: 'linear-conflict' } },
    });
    expect(opt.length).toBe(r.length);
  });
});
