// `puzzle solve --file F --jobs N [--db URL]`: every board of a file solved on the worker pool (or the
// PostgreSQL queue), one JSON line
// per instance on stdout as it finishes (with its id), a progress bar and a summary on stderr.
import { setMaxListeners } from 'node:events';
import { InvalidInputError, SearchlabError, inlinePool, runTasks, type TaskRunner } from '@searchlab/engine';
import {
  MIN_SPLIT_NODES,
  boardToText,
  normalizeOptions,
  solveOptionsFrom,
  solvePuzzleParallel,
  type Board,
  type PuzzleSpec,
  type SolveResult,
  type SolveTask,
} from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT, exitForStatus } from '../../exit.js';
import { int, solveJson } from '../../format.js';
import { readLines } from '../../input.js';
import type { CommandLimit } from '../../limits.js';
import { track } from '../../progress.js';
import { readBoard, resolveGoal, type BoardOpts } from './options.js';
import { preparePdb } from './pdb.js';

interface Instance {
  id: string;
  line: number;
  start: Board;
  goal: Board;
}
/** A line that is not a board: reported as that instance's error, the other lines still solved. */
interface BadLine {
  id: string;
  line: number;
  error: string;
}

/**
 * The boards of a file: one per line, `#` comments; an optional id before the first tab (the board
 * is after the last tab, so a TSV such as data/korf100.tsv works, its header row skipped); else the id
 * is the board's 1-based number among the lines that hold one.
 */
async function readInstances(file: string, opts: BoardOpts): Promise<(Instance | BadLine)[]> {
  const list: (Instance | BadLine)[] = [];
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
      list.push({ id, line, start, goal: await resolveGoal(start, opts) });
    } catch (e) {
      if (!(e instanceof InvalidInputError)) throw e;
      list.push({ id, line, error: e.message });
    }
  }
  if (list.length === 0) throw new InvalidInputError(`${file}: no boards`);
  return list;
}

const isBad = (i: Instance | BadLine): i is BadLine => 'error' in i;

/** The runner, with an instance's invalid-input error as its result instead of the batch's end. */
function keepingBadInstances(runner: TaskRunner): TaskRunner {
  return {
    get width() {
      return runner.width;
    },
    run: <R>(task: Parameters<TaskRunner['run']>[0], options?: Parameters<TaskRunner['run']>[1]) =>
      runner.run<R>(task, options).catch((e: unknown): R => {
        if (e instanceof SearchlabError && e.code === 'invalid-input') return { invalid: e.message } as R;
        throw e;
      }),
    close: () => runner.close(),
  };
}

/** A batch's spec: its boards (not the file they came from) and the one puzzle spec they are solved with. */
export interface BatchSpec {
  instances: Instance[];
  /** Lines that hold no board: reported, not solved. */
  bad: BadLine[];
  spec: PuzzleSpec;
}

/** Reads the file's boards and resolves the spec (`auto`, pattern databases built before any solve). */
export async function batchSpec(file: string, opts: BoardOpts, spec: PuzzleSpec, ctx: Context, limit: CommandLimit): Promise<BatchSpec> {
  const all = await readInstances(file, opts);
  const instances = all.filter((i): i is Instance => !isBad(i));
  const bad = all.filter(isBad);
  // With no board to read a goal from, the spec is not resolved: nothing will be solved.
  return { instances, bad, spec: instances.length > 0 ? await preparePdb(ctx, instances[0]!.goal, spec, limit) : spec };
}

/**
 * idastar on several workers, 2 × jobs instances at a time (a worker's next task waits in the pool).
 * While at least `jobs` instances wait, an instance is one task (its whole search on one worker: no
 * round trip per iteration); the last `jobs` are parallel IDA* solves (solvePuzzleParallel) whose big
 * iterations split into subtrees once all have started, so they use every worker and the hardest no
 * longer sets the wall time alone. (Korf's 100 with 6-6-3 on 2 workers: 1.75× one, against 1.42×
 * with a round trip per iteration for every instance and about 1.65× with no split at all.)
 */
async function solveSplitting(
  list: readonly Instance[],
  runner: TaskRunner,
  jobs: number,
  spec: PuzzleSpec,
  signal: AbortSignal,
  onResult: (index: number, result: SolveResult | { invalid: string }) => void,
): Promise<void> {
  const lanes = 2 * jobs;
  let next = 0;
  const minSplitNodes = (): number => (next < list.length ? Infinity : MIN_SPLIT_NODES);
  const solve = (inst: Instance): Promise<SolveResult> =>
    list.length - next >= jobs
      ? runner.run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: { start: inst.start, goal: inst.goal, spec } satisfies SolveTask }, { signal })
      : solvePuzzleParallel(inst.start, inst.goal, { ...solveOptionsFrom(spec, { signal }), runner, width: jobs, minSplitNodes });
  const lane = async (): Promise<void> => {
    while (next < list.length && !signal.aborted) {
      const i = next++;
      try {
        onResult(i, await solve(list[i]!));
      } catch (e) {
        if (!(e instanceof SearchlabError)) throw e;
        if (e.code === 'aborted') return; // stopped before a worker took it: not solved
        if (e.code !== 'invalid-input') throw e;
        onResult(i, { invalid: e.message }); // that instance's error; the others are solved
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** `runner`: the worker pool or the queue (withRunner); undefined runs in this thread. `jobs` is for the summary. */
/** Each solve keeps the spec's own time limit; the batch as a whole stops when --timeout (from the command's start) runs out. */
export async function solveBatch(
  batch: BatchSpec,
  runner: TaskRunner | undefined,
  jobs: number,
  ctx: Context,
  limit: CommandLimit,
  source?: string,
): Promise<number> {
  const list = batch.instances;
  const tasks = list.map((inst) => ({
    domain: 'puzzle',
    kind: 'solve',
    payload: { start: inst.start, goal: inst.goal, spec: batch.spec } satisfies SolveTask,
  }));
  const began = performance.now();
  let done = 0,
    nodes = 0,
    solverMs = 0;
  const counts = new Map<string, number>();
  let worst: number = EXIT.ok;
  const invalid = (id: string, line: number, error: string): void => {
    const message = `${source === undefined ? '' : `${source} `}line ${line}: ${error}`;
    ctx.err(`searchlab: ${message}\n`);
    ctx.out(`${JSON.stringify({ id, line, status: 'invalid', error: message })}\n`);
    counts.set('invalid', (counts.get('invalid') ?? 0) + 1);
    worst = Math.max(worst, EXIT.invalid);
  };
  for (const bad of batch.bad) invalid(bad.id, bad.line, bad.error);
  const splitting = runner !== undefined && jobs > 1 && list.length > 0 && normalizeOptions(batch.spec).algorithm === 'idastar';
  const remaining = limit.remainingMs();
  await track(ctx, { label: 'solving', unit: 'instances', total: list.length }, (progress) => {
    const onResult = (i: number, result: unknown): void => {
      const inst = list[i]!;
      done++;
      if (result !== null && typeof result === 'object' && 'invalid' in result) {
        invalid(inst.id, inst.line, String(result.invalid));
      } else {
        const r = result as SolveResult;
        const { start: _s, goal: _g, trace: _t, parallel: _p, ...json } = solveJson(r);
        ctx.out(`${JSON.stringify({ id: inst.id, board: boardToText(inst.start), ...json })}\n`);
        nodes += r.stats.expanded;
        solverMs += r.stats.timeMs;
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
        worst = Math.max(worst, exitForStatus(r.status));
      }
      progress.update(done, `${int(nodes)} nodes`);
    };
    if (!splitting) {
      return runTasks<SolveResult>(tasks, { runner: keepingBadInstances(runner ?? inlinePool()), signal: ctx.signal, timeoutMs: remaining, onResult }).then(
        () => undefined,
      );
    }
    const stop = AbortSignal.any([ctx.signal, ...(remaining === undefined ? [] : [AbortSignal.timeout(Math.max(0, Math.ceil(remaining)))])]);
    setMaxListeners(0, stop); // each of the 2 × jobs lanes listens to it: no leak warning past 10 (--jobs 16 printed one)
    return solveSplitting(list, runner, jobs, batch.spec, stop, onResult);
  });
  const total = list.length + batch.bad.length;
  const statuses = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
  ctx.err(
    `${done + batch.bad.length} of ${total} instances: ${statuses}; ${int(nodes)} nodes expanded; solver time ${(solverMs / 1000).toFixed(2)} s, ` +
      `wall ${((performance.now() - began) / 1000).toFixed(2)} s on ${jobs} job${jobs === 1 ? '' : 's'}\n`,
  );
  if (limit.timedOut()) ctx.err(`searchlab: --timeout ran out: ${list.length - done} instances not solved\n`);
  return ctx.signal.aborted ? EXIT.interrupted : limit.timedOut() ? EXIT.limit : worst;
}
