// `puzzle solve --file F --jobs N [--db URL]`: every board of a file solved on the worker pool (or the
// PostgreSQL queue), one JSON line
// per instance on stdout as it finishes (with its id), a progress bar and a summary on stderr.
import {
  InvalidInputError, TASKS, boardToText, inlinePool, normalizeOptions, solveOptionsFrom, streamTasks, type Board, type SolveResult, type SolveSettings, type TaskRunner,
} from '@searchlab/engine';
import { MIN_SPLIT_NODES, solvePuzzleParallel, type SolveTask } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT, exitForStatus } from '../../exit.js';
import { int, solveJson } from '../../format.js';
import { readLines } from '../../input.js';
import { track } from '../../progress.js';
import { readBoard, resolveGoal, type BoardOpts } from './options.js';
import { preparePdb } from './pdb.js';

interface Instance { id: string; start: Board; goal: Board }

/**
 * The boards of a file: one per line, `#` comments; an optional id before the first tab (the board
 * is after the last tab, so a TSV such as data/korf100.tsv works, its header row skipped); else the id
 * is the board's 1-based number among the boards.
 */
async function readInstances(file: string, opts: BoardOpts): Promise<Instance[]> {
  const list: Instance[] = [];
  let first = true;
  for (const { line, text } of await readLines(file)) {
    const tab = text.indexOf('\t');
    // A TSV's header row (column names, no digits in the board column) is not a board.
    const header = first && tab >= 0 && !/\d/.test(text.slice(text.lastIndexOf('\t') + 1));
    first = false;
    if (header) continue;
    const id = tab >= 0 ? text.slice(0, tab).trim() : String(list.length + 1);
    try {
      const start = await readBoard(text.slice(text.lastIndexOf('\t') + 1).trim(), opts.size);
      list.push({ id, start, goal: await resolveGoal(start, opts) });
    } catch (e) {
      if (e instanceof InvalidInputError) throw new InvalidInputError(`${file} line ${line}: ${e.message}`);
      throw e;
    }
  }
  if (list.length === 0) throw new InvalidInputError(`${file}: no boards`);
  return list;
}

/**
 * idastar on several workers: every instance is a parallel IDA* solve (solvePuzzleParallel) sharing
 * the runner, 2 × jobs instances at a time. While instances wait to start, every iteration is one job
 * (in effect one instance per worker); once all have started, big iterations split into subtrees, so
 * the last instances use every worker and the hardest no longer sets the wall time alone.
 */
async function* solveSplitting(list: readonly Instance[], runner: TaskRunner, jobs: number, settings: SolveSettings, signal: AbortSignal): AsyncGenerator<[number, SolveResult]> {
  const finished: [number, SolveResult][] = [];
  let failure: { error: unknown } | undefined;
  let next = 0, running = 0;
  let wake: (() => void) | undefined;
  const launch = (): void => {
    while (failure === undefined && running < 2 * jobs && next < list.length && !signal.aborted) {
      const i = next++;
      running++;
      const minSplitNodes = (): number => (next < list.length ? Infinity : MIN_SPLIT_NODES);
      solvePuzzleParallel(list[i]!.start, list[i]!.goal, { ...solveOptionsFrom(settings, { signal }), runner, width: jobs, minSplitNodes })
        .then((r) => void finished.push([i, r]), (error: unknown) => void (failure ??= { error }))
        .finally(() => {
          running--;
          launch();
          wake?.();
        });
    }
  };
  launch();
  for (;;) {
    if (failure !== undefined) throw failure.error;
    if (finished.length > 0) yield finished.shift()!;
    else if (running === 0) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

/** `runner`: the worker pool or the queue (withRunner); undefined runs in this thread. `jobs` is for the summary. */
export async function solveBatch(file: string, runner: TaskRunner | undefined, jobs: number, opts: BoardOpts, settings: SolveSettings, ctx: Context): Promise<number> {
  const list = await readInstances(file, opts);
  const resolved = await preparePdb(ctx, list[0]!.goal, settings);
  const tasks = list.map((inst) => ({ domain: 'puzzle', kind: 'solve', payload: { start: inst.start, goal: inst.goal, settings: resolved } satisfies SolveTask }));
  const began = performance.now();
  let done = 0, nodes = 0, solverMs = 0;
  const counts = new Map<string, number>();
  let worst: number = EXIT.ok;
  await track(ctx, { label: 'solving', unit: 'instances', total: list.length }, (progress) =>
    (async () => {
      const splitting = runner !== undefined && jobs > 1 && normalizeOptions(resolved).algorithm === 'idastar';
      const results = splitting
        ? solveSplitting(list, runner, jobs, resolved, ctx.signal)
        : streamTasks<SolveResult>(runner ?? inlinePool(TASKS), tasks, { signal: ctx.signal });
      for await (const [i, r] of results) {
        const { start: _s, goal: _g, trace: _t, parallel: _p, ...json } = solveJson(r);
        ctx.out(`${JSON.stringify({ id: list[i]!.id, board: boardToText(list[i]!.start), ...json })}\n`);
        done++; nodes += r.stats.expanded; solverMs += r.stats.timeMs;
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
        worst = Math.max(worst, exitForStatus(r.status));
        progress.update(done, `${int(nodes)} nodes`);
      }
    })());
  const statuses = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
  ctx.err(`${done} of ${list.length} instances: ${statuses}; ${int(nodes)} nodes expanded; solver time ${(solverMs / 1000).toFixed(2)} s, ` +
    `wall ${((performance.now() - began) / 1000).toFixed(2)} s on ${jobs} job${jobs === 1 ? '' : 's'}\n`);
  return ctx.signal.aborted ? EXIT.interrupted : worst;
}
