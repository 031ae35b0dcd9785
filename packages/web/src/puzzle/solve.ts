// The "Play & solve" panel: run a search in the lab's worker pool, show its statistics and animate the answer.
import {
  HEURISTICS,
  PDB_NAMES,
  PDB_SPECS,
  boardToText,
  isPdbName,
  normalizeOptions,
  placements,
  puzzleSpec,
  traceMoves,
  type Algorithm,
  type HeuristicName,
  type HeuristicChoice,
  type PuzzleSpec,
  type Move,
  type PdbProgress,
  type SearchStats,
  type SolveResult,
  type SolveTask,
  type SolveTaskProgress,
  type IterationProgress,
  type ParallelInfo,
} from '@searchlab/engine/puzzle';
import { driverPool, labPool } from '../shell/pool.js';
import { relayName, serveRelay } from '../shell/relay.js';
import { errorMessage, formatCount, formatRate, formatTime, setStatus } from '../shell/dom.js';
import { AnytimeTrace } from './anytime.js';
import { withoutPrefix } from './board.js';
import { ALGORITHM_LABEL, HEURISTIC_LABEL, chosenWorkers, pdbSplit, pdbUsable, solveSettings, type FormSettings } from './controls.js';
import type { Lab } from './lab.js';
import { korfMatch } from './korf.js';
import { forWeb, limitMessage } from './messages.js';
import { PARALLEL_TASK, RELAYED_TASKS, type ParallelTask, type ParallelTaskProgress } from './parallel.js';

/** Moves listed under the board; a longer solution (a large board's) shows its start and a count. */
const SHOWN_MOVES = 2000;
/** The g/h/f trace table is shown for solutions up to this long, on boards up to this many cells. */
const TRACE_MAX_MOVES = 300;
const TRACE_MAX_CELLS = 64;

/** Algorithms that keep no table of reached states: their "unique states" is not a count. */
const NO_TABLE = new Set<Algorithm>(['dfs', 'iddfs', 'idastar', 'wida', 'anytime']);

/**
 * The fraction of a pattern-database build done: placements reached over all the patterns' placements
 * when the partition is known, else (auto) each pattern weighs the same.
 */
function buildFraction(p: PdbProgress, heuristic: HeuristicChoice | undefined): number {
  if (!isPdbName(heuristic)) return (p.pattern + p.reached / p.placements) / p.patterns;
  const spec = PDB_SPECS[heuristic];
  const sizes = spec.patterns.map((labels) => placements(spec.width * spec.height, labels.length));
  const before = sizes.slice(0, p.pattern).reduce((a, b) => a + b, 0);
  return (before + p.reached) / sizes.reduce((a, b) => a + b, 0);
}

/** The proven bounds of a bounded method's result, as the status line says them. */
function boundsNote(result: SolveResult): string {
  if (result.optimal === true) return 'Proven optimal (the lower bound met the length).';
  if (result.bound === undefined || result.lowerBound === undefined) return '';
  const gap = result.length === undefined ? '' : `, gap ${result.length - result.lowerBound}`;
  return `Proven: ≤ ${formatBound(result.bound)} × optimal (lower bound ${result.lowerBound} moves${gap}).`;
}
/** A bound as a short number; a ratio is rounded up, so the claim stays true. */
const formatBound = (b: number): string => (Number.isFinite(b) ? String(Math.ceil(b * 1000) / 1000) : '∞');

export class SolvePanel {
  private readonly trace: AnytimeTrace;
  /** The signal of the last solve started. */
  private signal: AbortSignal | undefined;
  /** The signal of a solve cancelled by the user: its answer (anytime's best so far) is still shown. */
  private cancelled: AbortSignal | undefined;
  /** The parallel IDA* solve last started: its iteration, the pool's workers that took its subtrees, its subtrees in flight. */
  private parallel: { workers: number; at?: IterationProgress; used: Set<number>; inFlight: number; result?: ParallelInfo } | undefined;

  constructor(private readonly lab: Lab) {
    this.trace = new AnytimeTrace(lab.ui.anytimeChart);
  }

  /** Forget the last search: a new board makes its statistics and moves meaningless. */
  clear(): void {
    this.cancelled = undefined;
    this.trace.reset(false);
    this.showStats(null);
    this.lab.ui.solution.replaceChildren('–');
    this.lab.ui.solution.classList.add('muted');
    this.lab.ui.trace.hidden = true;
    this.lab.ui.maxNodesLabel.classList.remove('attention');
    this.lab.ui.parallel.hidden = true;
  }

  solve(): void {
    const { ui, board, jobs, animator } = this.lab;
    if (ui.solve.disabled) return;
    let settings: FormSettings;
    let spec: PuzzleSpec;
    let workers: number;
    try {
      settings = solveSettings(ui);
      spec = puzzleSpec(settings);
      workers = settings.algorithm === 'idastar' ? chosenWorkers(ui) : 1;
    } catch (err) {
      this.clear(); // the last run's statistics do not answer these settings
      setStatus(ui.status, 'error', errorMessage(err));
      return;
    }
    animator.stop();
    this.clear();
    const anytime = settings.algorithm === 'anytime';
    this.trace.reset(anytime);
    this.lab.setBusy('solve');
    let build: { began: number; ms?: number } | undefined;
    setStatus(ui.status, 'running', `Searching with ${ALGORITHM_LABEL[settings.algorithm]}…`);
    const signal = jobs.start();
    this.signal = signal;
    const task: SolveTask = { start: board.board, goal: board.goal, spec };
    const onProgress = (payload: unknown): void => {
      if (!jobs.current(signal)) return;
      const progress = payload as SolveTaskProgress | ParallelTaskProgress;
      if ('improvement' in progress || 'lowerBound' in progress) {
        if ('improvement' in progress) this.trace.improvement(progress.improvement);
        else this.trace.lowerBound(progress.lowerBound, progress.stats.timeMs);
        return;
      }
      if ('pdb' in progress) {
        build ??= { began: performance.now() };
        this.showBuild(progress.pdb, settings.heuristic);
        return;
      }
      if (build !== undefined) build.ms ??= performance.now() - build.began;
      this.showBuild(null);
      let stats: SearchStats;
      if ('at' in progress) {
        stats = progress.stats;
        this.parallel!.at = progress.at;
        this.showParallel();
      } else stats = progress;
      this.showStats(stats, settings.algorithm);
      this.trace.tick(stats.timeMs);
      // The search's own clock, the one its statistics show (a build before it is timed apart).
      const best = anytime ? this.trace.summary() : undefined;
      setStatus(
        ui.status,
        'running',
        `Searching… ${best === undefined ? '' : `${best}; `}${formatCount(stats.expanded)} nodes expanded (${formatTime(stats.timeMs)}).`,
      );
    };
    const running =
      workers > 1
        ? this.solveParallel(task, workers, signal, onProgress)
        : labPool().run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: task }, { signal, onProgress });
    running.then(
      (result) => {
        if (signal === this.cancelled && result.algorithm === 'anytime' && result.status === 'solved') {
          // Cancelled anytime: it answered with the best solution found so far.
          this.cancelled = undefined;
          this.finish(result, settings, task, build?.ms, true);
          return;
        }
        if (!jobs.current(signal)) return; // cancelled or replaced: its answer is stale
        this.lab.setBusy(null);
        this.showBuild(null);
        if (build !== undefined) build.ms ??= performance.now() - build.began;
        this.finish(result, settings, task, build?.ms);
      },
      (err: unknown) => {
        if (!jobs.current(signal)) return;
        this.lab.setBusy(null);
        this.showBuild(null);
        setStatus(ui.status, 'error', forWeb(errorMessage(err)));
      },
    );
  }

  /**
   * Parallel IDA*: the driver in a worker beside the pool walks the top of every iteration; the page
   * relays its subtree tasks to the lab's pool, `workers` at a time, and stops them when it ends.
   */
  private solveParallel(task: SolveTask, workers: number, signal: AbortSignal, onProgress: (payload: unknown) => void): Promise<SolveResult> {
    const state = { workers, used: new Set<number>(), inFlight: 0 };
    this.parallel = state;
    const show = (): void => {
      if (this.parallel === state) this.showParallel();
    };
    const relay = relayName();
    const served = serveRelay(relay, labPool(), RELAYED_TASKS, {
      onStart: (worker) => {
        state.used.add(worker);
        show();
      },
      onInFlight: (count) => {
        state.inFlight = count;
        show();
      },
    });
    show();
    const payload: ParallelTask = { ...task, workers, relay };
    return driverPool()
      .run<SolveResult>({ ...PARALLEL_TASK, payload }, { signal, onProgress })
      .finally(() => served.close());
  }

  /** Where the parallel solve stands (its iteration, subtrees done of all) or how it ended, and the workers that took part. */
  private showParallel(): void {
    const { parallel } = this.lab.ui;
    const { at, used, inFlight, result, workers } = this.parallel!;
    parallel.hidden = false;
    const last = result?.iterations.at(-1);
    const where =
      last !== undefined
        ? `${result!.iterations.length} iterations; the last (threshold ${last.threshold}) split at depth ${last.splitDepth}, ${formatCount(last.subtrees)}${at?.iteration === last.iteration ? ` of ${formatCount(at.subtrees)}` : ''} subtrees searched`
        : at === undefined
          ? 'walking the top of the tree'
          : `iteration ${at.iteration} (threshold ${at.threshold}, split at depth ${at.splitDepth}): ${formatCount(at.done)} of ${formatCount(at.subtrees)} subtrees done`;
    const foundIn = result?.foundIn;
    const root = foundIn === undefined ? '' : foundIn.path.length === 0 ? 'the start' : `after ${foundIn.path.join(' ')}`;
    const found = foundIn === undefined ? '' : ` Found in iteration ${foundIn.iteration}, subtree ${formatCount(foundIn.subtree + 1)} (its root ${root}).`;
    parallel.textContent = `Parallel IDA* on up to ${workers} workers, ${where}; subtrees ran on ${used.size} worker${used.size === 1 ? '' : 's'}, ${inFlight} in flight.${found}`;
    Object.assign(parallel.dataset, {
      iteration: String(at?.iteration ?? ''),
      threshold: String(at?.threshold ?? ''),
      done: String(at?.done ?? ''),
      subtrees: String(at?.subtrees ?? ''),
      workersUsed: String(used.size),
      inFlight: String(inFlight),
      foundIn: foundIn === undefined ? '' : String(foundIn.subtree + 1),
    });
  }

  cancel(): void {
    if (!this.lab.board.locked) return;
    const building = !this.lab.ui.pdbBuild.hidden;
    this.cancelled = this.signal;
    this.lab.jobs.stop();
    this.lab.setBusy(null);
    this.showBuild(null);
    setStatus(
      this.lab.ui.status,
      'cancelled',
      building ? 'Cancelled while the pattern databases were being built (the next solve finishes them).' : 'Cancelled: the search was stopped.',
    );
  }

  private finish(result: SolveResult, settings: FormSettings, task: SolveTask, buildMs?: number, cancelled = false): void {
    const { ui } = this.lab;
    if (result.parallel !== undefined && this.parallel !== undefined) {
      this.parallel.result = result.parallel;
      this.showParallel();
    }
    this.showStats(result.stats, result.algorithm, { length: result.length, backend: result.backend, bound: result.bound, lowerBound: result.lowerBound });
    this.trace.tick(result.stats.timeMs);
    switch (result.status) {
      case 'solved': {
        const moves = result.moves ?? [];
        this.showSolution(moves);
        this.showTrace(task, moves, settings);
        const korf = korfMatch(task.start, task.goal);
        // Why a solved search stopped early (anytime: at a limit, or cancelled, which the status says already).
        const reason =
          result.reason === undefined || cancelled ? undefined : withoutPrefix(result.reason).replace(/\b\d{4,}\b/g, (n) => formatCount(Number(n)));
        const stopped = reason !== undefined && (reason.startsWith('stopped') ? `It ${reason}.` : reason);
        const notes = [
          boundsNote(result),
          stopped,
          korf && `Korf's #${korf.id}: published optimum ${korf.optimal} moves.`,
          buildMs !== undefined && `Pattern databases built in ${formatTime(buildMs)} (kept for the next solves, and stored in this browser).`,
        ]
          .filter(Boolean)
          .join(' ');
        const found =
          moves.length === 0
            ? 'Already solved.'
            : cancelled
              ? `Cancelled: kept the best solution found, ${formatCount(moves.length)} moves.`
              : `Found a solution of ${formatCount(moves.length)} moves in ${formatTime(result.stats.timeMs)}.`;
        setStatus(ui.status, cancelled ? 'cancelled' : 'done', `${found}${notes && ` ${notes}`}`);
        this.lab.animator.play(moves);
        break;
      }
      case 'unsolvable':
        setStatus(ui.status, 'unsolvable', `Unsolvable: ${withoutPrefix(result.reason ?? 'the goal cannot be reached from this board')}`);
        break;
      case 'limit':
        setStatus(
          ui.status,
          'limit',
          limitMessage(result.reason, result.stats.expanded, {
            maxNodes: settings.maxNodes ?? Infinity,
            algorithm: settings.algorithm,
            heuristic: settings.heuristic,
            pdb: PDB_NAMES.filter((name) => pdbUsable(name, task.start.width, task.start.height))
              .map((name) => HEURISTIC_LABEL[name])
              .at(-1), // the strongest
          }),
        );
        if (result.reason?.startsWith('node limit')) ui.maxNodesLabel.classList.add('attention');
        break;
      case 'aborted':
        setStatus(ui.status, 'cancelled', 'Cancelled.');
        break;
    }
  }

  /** The build's progress bar (null hides it). */
  private showBuild(p: PdbProgress | null, heuristic?: HeuristicChoice): void {
    const { pdbBuild, pdbLabel, pdbProgress, status } = this.lab.ui;
    pdbBuild.hidden = p === null;
    if (p === null) return;
    const fraction = buildFraction(p, heuristic);
    pdbProgress.value = fraction;
    const what = isPdbName(heuristic) ? `the ${pdbSplit(heuristic)} pattern databases` : 'the pattern databases';
    pdbLabel.textContent = `Building ${what}: table ${p.pattern + 1} of ${p.patterns}, ${Math.floor(fraction * 100)} %`;
    setStatus(status, 'running', 'Building the pattern databases once (then kept in this browser)…');
  }

  private showStats(
    stats: SearchStats | null,
    algorithm?: Algorithm,
    extra: { length?: number; backend?: string; bound?: number; lowerBound?: number } = {},
  ): void {
    const count = (n: number): [string, number] => [formatCount(n), n];
    const values: Record<string, [string, number | string]> = stats
      ? {
          length: extra.length === undefined ? ['–', ''] : count(extra.length),
          lowerBound: extra.lowerBound === undefined ? ['–', ''] : count(extra.lowerBound),
          bound: extra.bound === undefined || !Number.isFinite(extra.bound) ? ['–', ''] : [formatBound(extra.bound), extra.bound],
          expanded: count(stats.expanded),
          generated: count(stats.generated),
          unique: algorithm && NO_TABLE.has(algorithm) ? ['–', ''] : count(stats.unique),
          maxFrontier: count(stats.maxFrontier),
          iterations: count(stats.iterations),
          time: [formatTime(stats.timeMs), stats.timeMs],
          rate: [formatRate(stats.expanded, stats.timeMs), stats.timeMs > 0 ? Math.round((stats.expanded / stats.timeMs) * 1000) : ''],
          backend: [extra.backend ?? '–', extra.backend ?? ''],
        }
      : {};
    for (const dd of this.lab.ui.stats.querySelectorAll<HTMLElement>('dd[data-stat]')) {
      const [text, raw] = values[dd.dataset.stat!] ?? ['–', ''];
      dd.textContent = text;
      dd.dataset.value = String(raw);
    }
  }

  /**
   * The solution's g, h and f state by state (the CLI's --trace), with the solve's heuristic (a
   * pattern database's h is not recomputed here: Manhattan distance stands in, and the note says so).
   */
  private showTrace(task: SolveTask, moves: readonly Move[], settings: FormSettings): void {
    const { trace, traceNote, traceTable } = this.lab.ui;
    const { start, goal } = task;
    trace.hidden = moves.length > TRACE_MAX_MOVES || start.width * start.height > TRACE_MAX_CELLS;
    if (trace.hidden) return;
    const basic = (HEURISTICS as readonly string[]).includes(settings.heuristic ?? '');
    const heuristic = basic ? (settings.heuristic as HeuristicName) : 'manhattan';
    traceNote.textContent = basic ? `h: ${heuristic}.` : `h: Manhattan distance (the solve used ${settings.heuristic}).`;
    const steps = traceMoves(start, goal, moves, normalizeOptions({ heuristic }));
    const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));
    traceTable.tBodies[0]!.replaceChildren(
      ...steps.map((step, i) => {
        const tr = document.createElement('tr');
        for (const text of [String(i), i === 0 ? 'start' : moves[i - 1]!, boardToText(step.board), num(step.g), num(step.h), num(step.f)]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
  }

  private showSolution(moves: readonly Move[]): void {
    const { solution } = this.lab.ui;
    solution.classList.remove('muted');
    if (moves.length === 0) {
      solution.replaceChildren('(already at the goal)');
      return;
    }
    const shown = moves.length > SHOWN_MOVES ? moves.slice(0, SHOWN_MOVES) : moves;
    solution.replaceChildren(
      ...shown.flatMap((m, i) => {
        const span = document.createElement('span');
        span.textContent = m;
        span.dataset.step = String(i);
        return i === 0 ? [span] : [' ', span];
      }),
      ...(shown.length < moves.length ? [` … and ${formatCount(moves.length - shown.length)} more`] : []),
    );
  }
}
