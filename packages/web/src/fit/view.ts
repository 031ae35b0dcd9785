// The curve-fitting view: paste or load points, or generate seed 000's data; fit several degrees
// in a worker (the engine's fit/sweep task); draw the points, held-out points and fitted curves and
// the RMS against degree with the engine's Observable Plot charts; list the coefficients.
// Settings (and "seed data") live in the URL; pasted points do not (they may be large).
import { type Experiment, type Points, type Sweep, type SweepTask, parseDegrees, parsePoints } from '@searchlab/engine/fit';
import { curvesChart, residualsChart, rmsChart } from '@searchlab/engine/fit/charts';
import { byId, errorMessage, formatTime, setStatus } from '../shell/dom.js';
import { JobSlot, labPool } from '../shell/pool.js';
import type { View, ViewContext } from '../shell/view.js';
import template from './view.html';

export const fitView: View = {
  id: 'fit',
  title: 'Curve fitting',
  mount(ctx) {
    ctx.root.innerHTML = template;
    new FitView(ctx);
  },
};

const num = (v: number | undefined, digits = 6): string => (v === undefined ? '–' : Number.isFinite(v) ? String(Number(v.toPrecision(digits))) : String(v));

class FitView {
  private readonly el: ReturnType<typeof byId>;
  private readonly jobs = new JobSlot();
  /** Held-out points that came with the data (seed 000's second draw), until the text is edited. */
  private held: { x: number[]; y: number[] } | undefined;
  /** The true polynomial of synthetic data (seed 000's), until the text is edited. */
  private truth: number[] | undefined;
  private source: 'seed' | 'text' = 'text';

  constructor(private readonly ctx: ViewContext) {
    this.el = byId(ctx.root);
    const el = this.el;
    const p = ctx.params;
    for (const [id, key] of [
      ['fit-degrees', 'degrees'],
      ['fit-split', 'split'],
      ['fit-folds', 'folds'],
      ['fit-seed', 'seed'],
    ] as const) {
      const v = p.get(key);
      if (v !== null) el<HTMLInputElement>(id).value = v;
    }
    el<HTMLInputElement>('fit-map').checked = p.get('map') === '1';
    el('fit-run').addEventListener('click', () => void this.fit(), { signal: ctx.signal });
    el('fit-cancel').addEventListener('click', () => this.jobs.stop(), { signal: ctx.signal });
    el('fit-seed-data').addEventListener('click', () => void this.seedData(true), { signal: ctx.signal });
    el('fit-points').addEventListener('input', () => this.useText(), { signal: ctx.signal });
    el<HTMLInputElement>('fit-file').addEventListener('change', () => void this.loadFile(), { signal: ctx.signal });
    for (const id of ['fit-degrees', 'fit-split', 'fit-folds', 'fit-seed', 'fit-map']) {
      el(id).addEventListener('change', () => this.save(), { signal: ctx.signal });
    }
    ctx.signal.addEventListener('abort', () => this.jobs.stop());
    // Seed data by default (or when the URL says so): the view opens on the seed's experiment.
    if (p.get('data') !== 'text') void this.seedData(true);
  }

  private save(): void {
    const v = (id: string) => this.el<HTMLInputElement>(id).value;
    this.ctx.save({
      degrees: v('fit-degrees'),
      split: v('fit-split') === '0' ? undefined : v('fit-split'),
      folds: v('fit-folds') === '0' ? undefined : v('fit-folds'),
      seed: v('fit-seed'),
      map: this.el<HTMLInputElement>('fit-map').checked ? '1' : undefined,
      data: this.source === 'seed' ? undefined : 'text',
    });
  }

  private useText(): void {
    this.held = undefined;
    this.truth = undefined;
    this.source = 'text';
    this.el('fit-held').hidden = true;
    this.save();
  }

  private async loadFile(): Promise<void> {
    const file = this.el<HTMLInputElement>('fit-file').files?.[0];
    if (!file) return;
    this.el<HTMLTextAreaElement>('fit-points').value = await file.text();
    this.useText();
    await this.fit();
  }

  /** Seed 000's observations (training) and its second draw (held out), then fit. */
  private async seedData(fit: boolean): Promise<void> {
    const seed = Number(this.el<HTMLInputElement>('fit-seed').value);
    const status = this.el('fit-status');
    if (!Number.isSafeInteger(seed)) return setStatus(status, 'error', 'seed: an integer, please');
    const signal = this.jobs.start();
    try {
      const e = await labPool().run<Experiment>({ domain: 'fit', kind: 'experiment', payload: { seed, degrees: [1] } }, { signal });
      if (!this.jobs.current(signal)) return;
      this.el<HTMLTextAreaElement>('fit-points').value = `x,y\n${e.x.map((x, i) => `${x},${e.yTrain[i]}`).join('\n')}\n`;
      this.held = { x: e.x, y: e.yTest };
      this.truth = e.truth;
      this.source = 'seed';
      const held = this.el('fit-held');
      held.hidden = false;
      held.textContent = `The blog post's experiment: y = 3x² + 4x + 20 + noise (σ = ${e.sigma}), random seed ${seed}. Held out: the same x with fresh noise (hollow points).`;
      this.save();
      this.jobs.stop();
      if (fit) await this.fit();
    } catch (err) {
      if (!signal.aborted) setStatus(status, 'error', errorMessage(err));
    }
  }

  private async fit(): Promise<void> {
    const el = this.el;
    const status = el('fit-status');
    let points: Points;
    let task: SweepTask;
    try {
      points = parsePoints(el<HTMLTextAreaElement>('fit-points').value, {}, 'points');
      const split = Number(el<HTMLInputElement>('fit-split').value);
      const folds = Number(el<HTMLInputElement>('fit-folds').value);
      task = {
        x: points.x,
        y: points.y,
        degrees: parseDegrees(el<HTMLInputElement>('fit-degrees').value),
        seed: Number(el<HTMLInputElement>('fit-seed').value) || 0,
        mapDomain: el<HTMLInputElement>('fit-map').checked,
        ...(this.held ? { test: this.held } : split > 0 ? { split } : {}),
        ...(folds >= 2 ? { folds } : {}),
      };
    } catch (err) {
      this.clear();
      return setStatus(status, 'error', errorMessage(err));
    }
    const signal = this.jobs.start();
    this.clear(); // the last fit's charts and table do not answer these points
    this.busy(true);
    setStatus(status, 'running', `fitting ${points.n} points…`);
    try {
      const sweep = await labPool().run<Sweep>({ domain: 'fit', kind: 'sweep', payload: task }, { signal });
      if (!this.jobs.current(signal)) return;
      this.show(points, sweep, task);
      const ms = sweep.degrees.reduce((t, d) => t + d.timeMs, 0);
      setStatus(
        status,
        'done',
        `${points.n} points, ${sweep.degrees.length} degree${sweep.degrees.length > 1 ? 's' : ''} in ${ms < 0.1 ? '< 0.1 ms' : formatTime(ms)}` +
          (sweep.recommended !== undefined
            ? ` · recommended degree ${sweep.recommended} (${sweep.criterion === 'cv' ? 'cross-validation, one-SE rule' : 'lowest test RMS'})`
            : ''),
      );
    } catch (err) {
      setStatus(status, signal.aborted ? 'cancelled' : 'error', signal.aborted ? 'cancelled' : errorMessage(err));
    } finally {
      if (this.jobs.current(signal)) this.busy(false);
    }
  }

  private clear(): void {
    for (const id of ['fit-curves', 'fit-rms', 'fit-table', 'fit-warnings']) this.el(id).replaceChildren();
  }

  private busy(on: boolean): void {
    this.el<HTMLButtonElement>('fit-run').disabled = on;
    this.el<HTMLButtonElement>('fit-cancel').disabled = !on;
    document.body.dataset.busy = on ? 'fit' : '';
  }

  private show(points: Points, sweep: Sweep, task: SweepTask): void {
    const el = this.el;
    const width = Math.max(320, Math.min(900, el('fit-curves').clientWidth || 720));
    const pick = (idx: ArrayLike<number>) => ({ x: Array.from(idx, (i) => points.x[i]!), y: Array.from(idx, (i) => points.y[i]!) });
    const train = sweep.split ? pick(sweep.split.train) : points;
    const test = task.test ?? (sweep.split ? pick(sweep.split.test) : undefined);
    el('fit-curves').replaceChildren(curvesChart({ train, test, fits: sweep.degrees, truth: this.truth }, { width, title: 'Points and fitted curves' }));
    el('fit-residuals').replaceChildren(residualsChart({ train, test, fits: sweep.degrees }, { width, height: 300, title: 'Residuals (y − fitted value)' }));
    el('fit-rms').replaceChildren(...(sweep.degrees.length > 1 ? [rmsChart(sweep.degrees, { width, height: 300, title: 'RMS error against degree' })] : []));
    const cv = sweep.degrees.some((d) => d.cvRms !== undefined);
    const head = ['degree', 'train RMS', 'test RMS', ...(cv ? ['CV RMS'] : []), 'R²', 'rank', 'condition', 'coefficients (highest power first)'];
    const table = el<HTMLTableElement>('fit-table');
    table.replaceChildren();
    const tr = table.createTHead().insertRow();
    for (const h of head) tr.appendChild(document.createElement('th')).textContent = h;
    const body = table.createTBody();
    for (const d of sweep.degrees) {
      const row = body.insertRow();
      if (d.degree === sweep.recommended) row.className = 'recommended';
      for (const cell of [
        `${d.degree}${d.degree === sweep.recommended ? ' (best)' : ''}`,
        num(d.trainRms),
        num(d.testRms),
        ...(cv ? [num(d.cvRms)] : []),
        num(d.r2, 4),
        String(d.rank),
        num(d.condition, 3),
        d.coefficients.map((c) => num(c)).join('  '),
      ]) {
        row.insertCell().textContent = cell;
      }
    }
    const warnings = el('fit-warnings');
    warnings.replaceChildren(
      ...sweep.degrees.flatMap((d) =>
        d.warnings.map((w) => {
          const li = document.createElement('li');
          li.textContent = `degree ${d.degree}: ${w}`;
          return li;
        }),
      ),
    );
  }
}
