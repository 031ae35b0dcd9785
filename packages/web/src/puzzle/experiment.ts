// The Experiment panel: Russell & Norvig's table (mean nodes generated and b* per solution depth)
// for the current board's size and goal, run on the lab's worker pool with progress and Cancel,
// and the engine's chart of cost against depth (the same chart as the CLI's --plot).
import { columnName, parseDepths, runExperiment, type ExperimentColumn, type ExperimentResult } from '@searchlab/engine/puzzle';
import { experimentChart } from '@searchlab/engine/puzzle/charts';
import { labPool } from '../shell/pool.js';
import { errorMessage, formatCount, setStatus } from '../shell/dom.js';
import { MAX_SEED, readPositiveInt } from './controls.js';
import type { Lab } from './lab.js';
import { forWeb } from './messages.js';

export class ExperimentPanel {
  /** The run the user cancelled: its partial table is still shown. */
  private cancelled: AbortSignal | undefined;
  private running: AbortSignal | undefined;

  constructor(private readonly lab: Lab) {}

  private columns(): ExperimentColumn[] {
    const { ui } = this.lab;
    const columns: ExperimentColumn[] = [];
    if (ui.expIddfs.checked) columns.push({ algorithm: 'iddfs' });
    if (ui.expMisplaced.checked) columns.push({ algorithm: 'astar', heuristic: 'misplaced' });
    if (ui.expManhattan.checked) columns.push({ algorithm: 'astar', heuristic: 'manhattan' });
    if (ui.expLinearConflict.checked) columns.push({ algorithm: 'astar', heuristic: 'linear-conflict' });
    if (columns.length === 0) throw new Error('choose at least one column (IDS or an A* heuristic)');
    return columns;
  }

  run(): void {
    const { ui, jobs, board } = this.lab;
    if (ui.expRun.disabled) return;
    let spec;
    try {
      const seedText = ui.expSeed.value.trim();
      const seed = Number(seedText);
      if (!/^\d+$/.test(seedText) || seed > MAX_SEED) throw new Error(`seed must be a whole number from 0 to ${MAX_SEED}, got "${seedText}"`);
      spec = {
        goal: board.goal,
        depths: parseDepths(ui.expDepths.value, 'depths'),
        perDepth: readPositiveInt(ui.expPerDepth, 'boards per depth'),
        cap: readPositiveInt(ui.expCap, 'the cap'),
        columns: this.columns(),
        seed,
      };
    } catch (err) {
      setStatus(ui.expStatus, 'error', errorMessage(err));
      return;
    }
    const signal = jobs.start();
    this.running = signal;
    this.lab.setBusy('experiment');
    ui.expProgress.hidden = false;
    ui.expProgress.value = 0;
    ui.expTable.dataset.run = 'running';
    setStatus(ui.expStatus, 'running', 'Drawing the boards at each depth…');
    runExperiment(spec, {
      runner: labPool(),
      signal,
      onProgress: (done, total) => {
        if (!jobs.current(signal)) return;
        ui.expProgress.value = done / total;
        setStatus(ui.expStatus, 'running', `Running: ${formatCount(done)} of ${formatCount(total)} searches…`);
      },
    }).then(
      (result) => {
        if (!jobs.current(signal) && signal !== this.cancelled) return;
        this.lab.setBusy(null);
        ui.expProgress.hidden = true;
        this.render(result);
        const how =
          result.method === 'uniform' ? 'drawn uniformly from all boards at each depth' : 'random walks kept when an optimal solve gives d (not uniform)';
        setStatus(
          ui.expStatus,
          result.complete ? 'done' : 'cancelled',
          result.complete ? `Done: ${result.perDepth} boards per depth, ${how}.` : 'Cancelled: the table shows the runs that finished.',
        );
      },
      (err: unknown) => {
        if (!jobs.current(signal)) return;
        this.lab.setBusy(null);
        ui.expProgress.hidden = true;
        setStatus(ui.expStatus, 'error', forWeb(errorMessage(err)));
      },
    );
  }

  cancel(): void {
    if (this.lab.ui.expCancel.disabled) return;
    this.cancelled = this.running;
    this.lab.jobs.stop();
    this.lab.setBusy(null);
  }

  /** The book's layout: d, the cost per column, b* per column; "–" where a run passed the cap. */
  private render(r: ExperimentResult): void {
    const { ui } = this.lab;
    const names = r.columns.map(columnName);
    const head = document.createElement('tr');
    for (const text of ['d', ...names.map((n) => `${n} nodes`), ...names.map((n) => `${n} b*`)]) {
      const th = document.createElement('th');
      th.textContent = text;
      head.append(th);
    }
    ui.expTable.tHead!.replaceChildren(head);
    ui.expTable.tBodies[0]!.replaceChildren(
      ...r.depths.map((d, di) => {
        const tr = document.createElement('tr');
        tr.dataset.depth = String(d);
        const cells = r.cells[di]!;
        const texts = [
          String(d),
          ...cells.map((c) =>
            c.meanGenerated === undefined ? (c.runs < r.perDepth && c.capped === 0 ? `${c.runs}/${r.perDepth} runs` : '–') : formatCount(c.meanGenerated),
          ),
          ...cells.map((c) => (c.ebf === undefined ? '–' : c.ebf.toFixed(2))),
        ];
        texts.forEach((text, k) => {
          const td = document.createElement('td');
          td.textContent = text;
          if (k > 0 && k <= cells.length) td.dataset.generated = String(cells[k - 1]!.meanGenerated ?? '');
          tr.append(td);
        });
        return tr;
      }),
    );
    ui.expTable.dataset.run = r.complete ? 'done' : 'partial';
    const width = Math.max(300, Math.min(760, ui.expChart.clientWidth || 640));
    ui.expChart.replaceChildren(experimentChart(r, { width, height: Math.round(width * 0.55) }));
  }
}
