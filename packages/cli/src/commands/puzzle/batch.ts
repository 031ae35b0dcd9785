// `puzzle solve --file F --jobs N [--db URL]`: every board of a file solved on the worker pool (or the
// PostgreSQL queue), one JSON line
// per instance on stdout as it finishes (with its id), a progress bar and a summary on stderr.
import { InvalidInputError, runTasks, type TaskRunner } from '@searchlab/engine';
import { boardToText, type Board, type PuzzleSpec, type SolveResult, type SolveTask } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT, exitForStatus } from '../../exit.js';
import { int, solveJson } from '../../format.js';
import { readLines } from '../../input.js';
import type { CommandLimit } from '../../limits.js';
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

/** A batch's spec: its boards (not the file they came from) and the one puzzle spec they are solved with. */
export interface BatchSpec {
  instances: Instance[];
  spec: PuzzleSpec;
}

/** Reads the file's boards and resolves the spec (`auto`, pattern databases built before any solve). */
export async function batchSpec(file: string, opts: BoardOpts, spec: PuzzleSpec, ctx: Context, limit: CommandLimit): Promise<BatchSpec> {
  const instances = await readInstances(file, opts);
  return { instances, spec: await preparePdb(ctx, instances[0]!.goal, spec, limit) };
}

/** `runner`: the worker pool or the queue (withRunner); undefined runs in this thread. `jobs` is for the summary. */
/** Each solve keeps the spec's own time limit; the batch as a whole stops when --timeout (from the command's start) runs out. */
export async function solveBatch(batch: BatchSpec, runner: TaskRunner | undefined, jobs: number, ctx: Context, limit: CommandLimit): Promise<number> {
  const list = batch.instances;
  const tasks = list.map((inst) => ({ domain: 'puzzle', kind: 'solve', payload: { start: inst.start, goal: inst.goal, spec: batch.spec } satisfies SolveTask }));
  const began = performance.now();
  let done = 0, nodes = 0, solverMs = 0;
  const counts = new Map<string, number>();
  let worst: number = EXIT.ok;
  await track(ctx, { label: 'solving', unit: 'instances', total: list.length }, (progress) =>
    runTasks<SolveResult>(tasks, {
      runner, signal: ctx.signal, timeoutMs: limit.remainingMs(),
      onResult: (i, result) => {
        const r = result as SolveResult;
        const { start: _s, goal: _g, trace: _t, ...json } = solveJson(r);
        ctx.out(`${JSON.stringify({ id: list[i]!.id, board: boardToText(list[i]!.start), ...json })}\n`);
        done++; nodes += r.stats.expanded; solverMs += r.stats.timeMs;
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
        worst = Math.max(worst, exitForStatus(r.status));
        progress.update(done, `${int(nodes)} nodes`);
      },
    }));
  const statuses = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
  ctx.err(`${done} of ${list.length} instances: ${statuses}; ${int(nodes)} nodes expanded; solver time ${(solverMs / 1000).toFixed(2)} s, ` +
    `wall ${((performance.now() - began) / 1000).toFixed(2)} s on ${jobs} job${jobs === 1 ? '' : 's'}\n`);
  if (limit.timedOut()) ctx.err(`searchlab: --timeout ran out: ${list.length - done} instances not solved\n`);
  return ctx.signal.aborted ? EXIT.interrupted : limit.timedOut() ? EXIT.limit : worst;
}
