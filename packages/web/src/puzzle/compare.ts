// The "Compare heuristics" panel: every heuristic on the same boards, as a table and a chart.
import {
  HEURISTICS,
  compareHeuristics,
  heuristicInfo,
  randomSolvable,
  randomWalk,
  summarise,
  type Algorithm,
  type Board,
  type CompareVariant,
  type Comparison,
  type SolveResult,
  type VariantSummary,
} from '@searchlab/engine/puzzle';
import { labPool } from '../shell/pool.js';
import { errorMessage, formatCount, formatRate, formatTime, setStatus } from '../shell/dom.js';
import { expandedChart } from './chart.js';
import { ALGORITHM_LABEL, MAX_SEED, readPositiveInt, readSeed, readWalk, type Controls } from './controls.js';
import type { Lab } from './lab.js';
import { forWeb } from './messages.js';

const COLUMNS = ['heuristic', 'admissible', 'solved', 'length', 'expanded', 'ebf', 'maxFrontier', 'time', 'rate'] as const;

const variantLabel = (v: CompareVariant): string => `${v.heuristic}${v.countBlank === true ? ' + blank' : ''}`;

/** A shuffled board from `goal` with the shuffle controls' mode and K, and the given seed. */
export function shuffled(ui: Controls, goal: Board, seed: number): Board {
  return ui.shuffleMode.value === 'walk' ? randomWalk(goal, readWalk(ui), seed).board : randomSolvable(goal, seed);
}

export class ComparePanel {
  /** The comparison so far (the engine's summary: means over the boards every variant solved). */
  private comparison: Comparison | null = null;
  private boardCount = 0;

  constructor(private readonly lab: Lab) {}

  run(): void {
    const { ui, board, jobs } = this.lab;
    if (ui.compare.disabled) return;
    let boards: Board[];
    let maxNodes: number;
    try {
      boards = this.boards();
      maxNodes = readPositiveInt(ui.compareMaxNodes, 'the node limit');
    } catch (err) {
      this.comparison = null; // the last comparison's table does not answer these settings
      this.render();
      setStatus(ui.compareStatus, 'error', errorMessage(err));
      return;
    }
    const algorithm = ui.compareAlgorithm.value as Algorithm;
    const variants = this.variants();
    this.comparison = null;
    this.boardCount = boards.length;
    this.render();
    ui.compareTable.dataset.boards = String(boards.length);
    ui.compareTable.dataset.algorithm = algorithm;
    this.lab.setBusy('compare');
    const what = boards.length === 1 ? 'the current board' : `${boards.length} boards`;
    setStatus(ui.compareStatus, 'running', `Running ${ALGORITHM_LABEL[algorithm]} with ${variants.length} heuristics on ${what}…`);
    const fail = (message: string): void => {
      this.lab.setBusy(null);
      setStatus(ui.compareStatus, 'error', message);
    };
    const signal = jobs.start();
    const results: SolveResult[][] = boards.map(() => []);
    const instances = boards.map((start) => ({ start, goal: board.goal }));
    compareHeuristics(
      instances,
      variants,
      { algorithm, maxNodes },
      {
        runner: labPool(),
        signal,
        onProgress: (i, v, stats) => {
          if (!jobs.current(signal)) return;
          const label = `${variantLabel(variants[v]!)}, board ${i + 1}/${boards.length}`;
          setStatus(ui.compareStatus, 'running', `Running ${label}: ${formatCount(stats.expanded)} nodes expanded…`);
        },
        onResult: (i, v, result) => {
          if (!jobs.current(signal)) return;
          results[i]![v] = result;
          this.comparison = summarise(results, variants);
          this.render();
        },
      },
    ).then(
      (comparison) => {
        if (!jobs.current(signal)) return;
        this.comparison = comparison;
        this.render();
        this.lab.setBusy(null);
        const limited = comparison.summary.some((s) => s.unsolved.limit);
        const advice = limited ? ' Some runs hit the node limit: raise "Node limit" above to let them finish.' : '';
        setStatus(ui.compareStatus, 'done', `Done: ${ALGORITHM_LABEL[algorithm]} on ${what}, node limit ${formatCount(maxNodes)}.${advice}`);
      },
      (err: unknown) => {
        if (jobs.current(signal)) fail(forWeb(errorMessage(err)));
      },
    );
  }

  cancel(): void {
    if (this.lab.ui.compareCancel.disabled) return;
    this.lab.jobs.stop();
    this.lab.setBusy(null);
    setStatus(this.lab.ui.compareStatus, 'cancelled', 'Cancelled: the comparison was stopped.');
  }

  private variants(): CompareVariant[] {
    const variants: CompareVariant[] = HEURISTICS.map((heuristic) => ({ heuristic, countBlank: false }));
    if (this.lab.ui.compareBlank.checked) {
      // linear-conflict has no blank-counting variant (the contract forbids it).
      for (const heuristic of HEURISTICS) if (heuristic !== 'linear-conflict') variants.push({ heuristic, countBlank: true });
    }
    return variants;
  }

  private boards(): Board[] {
    const { ui, board } = this.lab;
    if (ui.compareSource.value === 'current') return [board.board];
    const n = Number(ui.compareCount.value);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`N must be a whole number from 1 to 1000, got "${ui.compareCount.value}"`);
    const seed = readSeed(ui);
    return Array.from({ length: n }, (_, i) => shuffled(ui, board.goal, (seed + i) % (MAX_SEED + 1)));
  }

  /** Table, note and chart from the results so far (the common set of solved boards grows as they arrive). */
  private render(): void {
    const { ui } = this.lab;
    const boards = this.boardCount;
    const summary = this.comparison?.summary.filter((s) => s.solved + Object.values(s.unsolved).reduce((a, b) => a + b, 0) > 0) ?? [];
    const common = this.comparison?.commonSolved ?? 0;
    const head = ui.compareTable.tHead!.rows[0]!.cells;
    head[3]!.textContent = boards > 1 ? 'length (mean over boards solved by all)' : 'length';
    head[4]!.textContent = boards > 1 ? 'expanded (mean)' : 'expanded';
    ui.compareTable.tBodies[0]!.replaceChildren(...summary.map((s) => this.rowElement(s, boards)));
    ui.compareNote.textContent =
      boards > 1 ? `Mean length over the ${common} of ${boards} boards that every heuristic solved; expanded is the mean over all ${boards}.` : '';
    const chart = ui.compareChart;
    chart.replaceChildren();
    if (summary.length === 0) return;
    const bars = summary.map((s) => ({ label: variantLabel(s.variant), expanded: s.expanded / boards }));
    chart.append(expandedChart(bars, Math.max(280, Math.min(720, chart.clientWidth || 600))));
  }

  private rowElement(s: VariantSummary, boards: number): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.heuristic = s.variant.heuristic;
    tr.dataset.countBlank = String(s.variant.countBlank === true);
    const info = heuristicInfo(s.variant.heuristic, s.variant.countBlank === true);
    tr.title = info.description;
    const unsolved = Object.entries(s.unsolved)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    const admissible = info.admissible ? 'yes' : 'no';
    const texts: Record<(typeof COLUMNS)[number], string> = {
      heuristic: variantLabel(s.variant),
      admissible,
      solved: `${s.solved}/${boards}${unsolved ? ` (${unsolved})` : ''}`,
      length: s.meanLength === undefined ? '–' : boards === 1 ? String(s.meanLength) : s.meanLength.toFixed(1),
      expanded: formatCount(s.expanded / boards),
      ebf: s.meanEbf === undefined ? '–' : s.meanEbf.toFixed(2),
      maxFrontier: formatCount(s.maxFrontier),
      time: formatTime(s.timeMs),
      rate: formatRate(s.expanded, s.timeMs),
    };
    for (const col of COLUMNS) {
      const td = document.createElement('td');
      td.textContent = texts[col];
      td.dataset.col = col;
      if (col === 'admissible') td.className = admissible;
      tr.append(td);
    }
    return tr;
  }
}
