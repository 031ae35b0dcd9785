// The "Play & solve" panel: run a search in the lab's worker pool, show its statistics and animate the answer.
import type { Algorithm, Move, SearchStats, SolveResult, SolveTask } from '@searchlab/engine';
import { labPool } from '../shell/pool.js';
import { errorMessage, formatCount, formatRate, formatTime, setStatus } from '../shell/dom.js';
import { withoutPrefix } from './board.js';
import { ALGORITHM_LABEL, solveSettings, type FormSettings } from './controls.js';
import type { Lab } from './lab.js';
import { forWeb, limitMessage } from './messages.js';

/** Algorithms that keep no table of reached states: their "unique states" is not a count. */
const NO_TABLE = new Set<Algorithm>(['dfs', 'iddfs', 'idastar']);

export class SolvePanel {
  constructor(private readonly lab: Lab) {}

  /** Forget the last search: a new board makes its statistics and moves meaningless. */
  clear(): void {
    this.showStats(null);
    this.lab.ui.solution.replaceChildren('–');
    this.lab.ui.solution.classList.add('muted');
    this.lab.ui.maxNodesLabel.classList.remove('attention');
  }

  solve(): void {
    const { ui, board, jobs, animator } = this.lab;
    if (ui.solve.disabled) return;
    let settings: FormSettings;
    try {
      settings = solveSettings(ui);
    } catch (err) {
      setStatus(ui.status, 'error', errorMessage(err));
      return;
    }
    animator.stop();
    this.clear();
    this.lab.setBusy('solve');
    const started = performance.now();
    setStatus(ui.status, 'running', `Searching with ${ALGORITHM_LABEL[settings.algorithm]}…`);
    const signal = jobs.start();
    const task: SolveTask = { start: board.board, goal: board.goal, settings };
    labPool().run<SolveResult>({ domain: 'puzzle', kind: 'solve', payload: task }, {
      signal,
      onProgress: (payload) => {
        if (!jobs.current(signal)) return;
        const stats = payload as SearchStats;
        this.showStats(stats, settings.algorithm);
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        setStatus(ui.status, 'running', `Searching… ${formatCount(stats.expanded)} nodes expanded (${secs} s).`);
      },
    }).then(
      (result) => {
        if (!jobs.current(signal)) return; // cancelled or replaced: its answer is stale
        this.lab.setBusy(null);
        this.finish(result, settings);
      },
      (err: unknown) => {
        if (!jobs.current(signal)) return;
        this.lab.setBusy(null);
        setStatus(ui.status, 'error', forWeb(errorMessage(err)));
      },
    );
  }

  cancel(): void {
    if (!this.lab.board.locked) return;
    this.lab.jobs.stop();
    this.lab.setBusy(null);
    setStatus(this.lab.ui.status, 'cancelled', 'Cancelled: the search was stopped.');
  }

  private finish(result: SolveResult, settings: FormSettings): void {
    const { ui } = this.lab;
    this.showStats(result.stats, result.algorithm, { length: result.length, backend: result.backend });
    switch (result.status) {
      case 'solved': {
        const moves = result.moves ?? [];
        this.showSolution(moves);
        setStatus(ui.status, 'done', moves.length === 0 ? 'Already solved.' : `Found a solution of ${moves.length} moves.`);
        this.lab.animator.play(moves);
        break;
      }
      case 'unsolvable':
        setStatus(ui.status, 'unsolvable', `Unsolvable: ${withoutPrefix(result.reason ?? 'the goal cannot be reached from this board')}`);
        break;
      case 'limit':
        setStatus(ui.status, 'limit', limitMessage(result.reason, result.stats.expanded, settings.maxNodes ?? Infinity));
        if (result.reason?.startsWith('node limit')) ui.maxNodesLabel.classList.add('attention');
        break;
      case 'aborted':
        setStatus(ui.status, 'cancelled', 'Cancelled.');
        break;
    }
  }

  private showStats(stats: SearchStats | null, algorithm?: Algorithm, extra: { length?: number; backend?: string } = {}): void {
    const count = (n: number): [string, number] => [formatCount(n), n];
    const values: Record<string, [string, number | string]> = stats
      ? {
          length: extra.length === undefined ? ['–', ''] : count(extra.length),
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

  private showSolution(moves: readonly Move[]): void {
    const { solution } = this.lab.ui;
    solution.classList.remove('muted');
    if (moves.length === 0) {
      solution.replaceChildren('(already at the goal)');
      return;
    }
    solution.replaceChildren(
      ...moves.flatMap((m, i) => {
        const span = document.createElement('span');
        span.textContent = m;
        span.dataset.step = String(i);
        return i === 0 ? [span] : [' ', span];
      }),
    );
  }
}
