// The "Compare heuristics" panel: every heuristic on the same boards, as a table and a chart.
import { HEURISTICS, heuristicInfo, randomSolvable, randomWalk, type Algorithm, type Board } from '@searchlab/engine';
import { errorMessage, formatCount, formatRate, formatTime, setStatus } from '../shell/dom.js';
import { expandedChart } from './chart.js';
import { ALGORITHM_LABEL, MAX_SEED, readPositiveInt, readSeed, readWalk, type Controls } from './controls.js';
import type { Lab } from './lab.js';
import { forWeb } from './messages.js';
import type { CompareRow, CompareVariant } from './protocol.js';

const COLUMNS = ['heuristic', 'admissible', 'solved', 'length', 'expanded', 'maxFrontier', 'time', 'rate'] as const;

const variantLabel = (row: CompareVariant): string => `${row.heuristic}${row.countBlank ? ' + blank' : ''}`;

/** A shuffled board from `goal` with the shuffle controls' mode and K, and the given seed. */
export function shuffled(ui: Controls, goal: Board, seed: number): Board {
  return ui.shuffleMode.value === 'walk' ? randomWalk(goal, readWalk(ui), seed).board : randomSolvable(goal, seed);
}

/** Boards solved by every variant so far: a mean length over any other set compares unlike things. */
function solvedByAll(rows: readonly CompareRow[]): number[] {
  const boards = rows[0]?.lengths.length ?? 0;
  return Array.from({ length: boards }, (_, i) => i).filter((i) => rows.every((r) => r.lengths[i] !== null));
}

export class ComparePanel {
  private rows: CompareRow[] = [];

  constructor(private readonly lab: Lab) {}

  run(): void {
    const { ui, board, worker } = this.lab;
    if (ui.compare.disabled) return;
    let boards: Board[];
    let maxNodes: number;
    try {
      boards = this.boards();
      maxNodes = readPositiveInt(ui.compareMaxNodes, 'the node limit');
    } catch (err) {
      setStatus(ui.compareStatus, 'error', errorMessage(err));
      return;
    }
    const algorithm = ui.compareAlgorithm.value as Algorithm;
    const variants = this.variants();
    this.rows = [];
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
    worker.run(
      { type: 'compare', boards, goal: board.goal, variants, settings: { algorithm, maxNodes } },
      (reply) => {
        if (reply.type === 'progress') {
          setStatus(ui.compareStatus, 'running', `Running ${reply.label ?? ''}: ${formatCount(reply.stats.expanded)} nodes expanded…`);
        } else if (reply.type === 'compare-row') {
          this.rows.push(reply.row);
          this.render();
        } else if (reply.type === 'compare-done') {
          this.lab.setBusy(null);
          const limited = this.rows.some((r) => r.unsolved.limit);
          const advice = limited ? ' Some runs hit the node limit: raise "Node limit" above to let them finish.' : '';
          setStatus(ui.compareStatus, 'done', `Done: ${ALGORITHM_LABEL[algorithm]} on ${what}, node limit ${formatCount(maxNodes)}.${advice}`);
        } else if (reply.type === 'error') {
          fail(forWeb(reply.message));
        }
      },
      (message) => fail(`Search worker error: ${message}`),
    );
  }

  cancel(): void {
    if (this.lab.ui.compareCancel.disabled) return;
    this.lab.worker.stop();
    this.lab.setBusy(null);
    setStatus(this.lab.ui.compareStatus, 'cancelled', 'Cancelled: the search worker was stopped.');
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

  /** Table, note and chart from the rows so far (the common set of solved boards changes as rows arrive). */
  private render(): void {
    const { ui } = this.lab;
    const boards = this.rows[0]?.boards ?? 0;
    const common = solvedByAll(this.rows);
    const head = ui.compareTable.tHead!.rows[0]!.cells;
    head[3]!.textContent = boards > 1 ? 'length (mean over boards solved by all)' : 'length';
    head[4]!.textContent = boards > 1 ? 'expanded (mean)' : 'expanded';
    ui.compareTable.tBodies[0]!.replaceChildren(...this.rows.map((row) => this.rowElement(row, common)));
    ui.compareNote.textContent = boards > 1
      ? `Mean length over the ${common.length} of ${boards} boards that every heuristic solved; expanded is the mean over all ${boards}.`
      : '';
    const chart = ui.compareChart;
    chart.replaceChildren();
    if (this.rows.length === 0) return;
    const bars = this.rows.map((row) => ({ label: variantLabel(row), expanded: row.expanded / row.boards }));
    chart.append(expandedChart(bars, Math.max(280, Math.min(720, chart.clientWidth || 600))));
  }

  private rowElement(row: CompareRow, common: readonly number[]): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.heuristic = row.heuristic;
    tr.dataset.countBlank = String(row.countBlank);
    const info = heuristicInfo(row.heuristic, row.countBlank);
    tr.title = info.description;
    const solved = row.lengths.filter((l) => l !== null).length;
    const unsolved = Object.entries(row.unsolved).map(([status, n]) => `${n} ${status}`).join(', ');
    const lengthSum = common.reduce((sum, i) => sum + row.lengths[i]!, 0);
    const admissible = info.admissible ? 'yes' : 'no';
    const texts: Record<(typeof COLUMNS)[number], string> = {
      heuristic: variantLabel(row),
      admissible,
      solved: `${solved}/${row.boards}${unsolved ? ` (${unsolved})` : ''}`,
      length: common.length === 0 ? '–' : row.boards === 1 ? String(lengthSum) : (lengthSum / common.length).toFixed(1),
      expanded: formatCount(row.expanded / row.boards),
      maxFrontier: formatCount(row.maxFrontier),
      time: formatTime(row.timeMs),
      rate: formatRate(row.expanded, row.timeMs),
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
