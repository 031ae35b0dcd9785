// The puzzle's solve task as a worker runs it: while its pattern databases are built it posts
// `{ pdb }` progress (what the web lab's progress bar draws), then the search's statistics.
import { afterAll, describe, expect, it } from 'vitest';
import { forgetPdbs, goalBoard, inlinePool, puzzleTasks, randomWalk, setPdbCache, type SolveResult, type SolveTask, type SolveTaskProgress } from '@searchlab/engine';

afterAll(() => forgetPdbs());

describe('puzzle solve task', () => {
  it('posts the database build as { pdb } progress before any search statistics, then solves optimally', async () => {
    setPdbCache(undefined);
    forgetPdbs();
    const goal = goalBoard(4, 4, 'blank-first');
    const start = randomWalk(goal, 30, 11).board;
    const task: SolveTask = { start, goal, settings: { heuristic: 'pdb555' } };
    const posted: SolveTaskProgress[] = [];
    const pool = inlinePool({ puzzle: puzzleTasks });
    const r = await pool.run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: task }, { onProgress: (p) => posted.push(p as SolveTaskProgress) });
    const builds = posted.filter((p) => 'pdb' in p);
    expect(builds.length).toBeGreaterThan(0);
    for (const p of builds) expect(p.pdb).toMatchObject({ patterns: 3, placements: 524160 });
    expect(posted.slice(0, builds.length)).toEqual(builds); // the build's messages come first
    // The same search with linear conflict (no databases) finds the same optimal length.
    const lc = await pool.run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: { ...task, settings: { algorithm: 'idastar', heuristic: 'linear-conflict' } } });
    expect(r.status).toBe('solved');
    expect(r.length).toBe(lc.length);

    // Loaded once: a second solve in this thread builds nothing.
    const again: SolveTaskProgress[] = [];
    await pool.run({ domain: 'puzzle', kind: 'solve', payload: task }, { onProgress: (p) => again.push(p as SolveTaskProgress) });
    expect(again.some((p) => 'pdb' in p)).toBe(false);
  });
});
