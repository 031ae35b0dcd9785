// The N-Queens view: solve with any algorithm in a worker (the board animated step by step for
// N ≤ 64, attacked queens in red, attacking pairs charted over the steps; statistics only for large
// N), and exact counts with the first solutions browsable. Settings live in the URL.
import { lineY, plot } from '@observablehq/plot';
import {
  FAST_FROM_N,
  QUEENS_ALGORITHMS,
  attackedRows,
  defaultAlgorithm,
  type CountResult,
  type QueensAlgorithm,
  type SolveTaskResult,
} from '@searchlab/engine/queens';
import { byId, errorMessage, fillSelect, formatCount, formatTime, setStatus } from '../shell/dom.js';
import { JobSlot, labPool } from '../shell/pool.js';
import type { View, ViewContext } from '../shell/view.js';
import template from './view.html';
import { QueensStepper } from './step.js';

/** Boards drawn up to this N; frames recorded for the animation. */
const DRAW_MAX = 64;
const FRAMES = 3000;
const BROWSE_MAX_N = 12;
const BROWSE_LIMIT = 500;

/** 'auto' picks by N as the CLI does: min-conflicts below FAST_FROM_N queens, fast from there on. */
type Choice = QueensAlgorithm | 'auto';
const CHOICES: readonly Choice[] = ['auto', ...QUEENS_ALGORITHMS];
const LABELS: Record<Choice, string> = {
  auto: `auto (by N: min-conflicts, fast from ${FAST_FROM_N.toLocaleString('en-US')})`,
  'hill-climbing': 'hill climbing (diagonal start, escapes)',
  restart: 'random-restart hill climbing',
  annealing: 'simulated annealing',
  'min-conflicts': 'min-conflicts (Minton et al.)',
  fast: 'fast (Sosic & Gu style, 10⁷ queens)',
  construct: 'construct (closed form, no search)',
};

export const queensView: View = {
  id: 'queens',
  title: 'N-Queens',
  mount(ctx) {
    ctx.root.innerHTML = template;
    new QueensView(ctx);
  },
};

class QueensView {
  private readonly $: ReturnType<typeof byId>;
  private readonly jobs = new JobSlot();
  private frames: number[][] = [];
  private conflicts: number[] = [];
  private solutions: number[][] = [];
  private solutionIndex = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly stepper: QueensStepper;

  constructor(private readonly ctx: ViewContext) {
    this.$ = byId(ctx.root);
    this.stepper = new QueensStepper(this.$);
    const p = ctx.params;
    const saved = p.get('algorithm') as Choice | null;
    fillSelect(this.$<HTMLSelectElement>('q-algorithm'), CHOICES, LABELS, saved !== null && CHOICES.includes(saved) ? saved : 'auto');
    if (p.get('n')) this.$<HTMLInputElement>('q-n').value = p.get('n')!;
    if (p.get('seed')) this.$<HTMLInputElement>('q-seed').value = p.get('seed')!;
    const on = (id: string, type: string, fn: () => void) => this.$(id).addEventListener(type, fn, { signal: ctx.signal });
    on('q-solve', 'click', () => void this.solve());
    on('q-count', 'click', () => void this.count());
    on('q-stop', 'click', () => this.stop('cancelled'));
    on('q-frame', 'input', () => this.show(Number(this.$<HTMLInputElement>('q-frame').value)));
    on('q-play', 'click', () => this.play());
    on('q-prev', 'click', () => this.browse(-1));
    on('q-next', 'click', () => this.browse(1));
    const stepping = (action: () => void) => () => {
      try {
        action();
      } catch (e) {
        setStatus(this.$('q-step-status'), 'error', errorMessage(e));
      }
    };
    on(
      'q-step-start',
      'click',
      stepping(() => {
        const { n, seed } = this.settings();
        this.stepper.start(n, seed);
      }),
    );
    on(
      'q-step-next',
      'click',
      stepping(() => this.stepper.step(1)),
    );
    on(
      'q-step-run',
      'click',
      stepping(() => this.stepper.step(20)),
    );
    ctx.signal.addEventListener('abort', () => this.stop('cancelled'));
  }

  private settings(): { n: number; algorithm: QueensAlgorithm; seed: number; maxSteps?: number } {
    const n = Number(this.$<HTMLInputElement>('q-n').value);
    const choice = this.$<HTMLSelectElement>('q-algorithm').value as Choice;
    const seed = Number(this.$<HTMLInputElement>('q-seed').value || '1');
    const max = this.$<HTMLInputElement>('q-max-steps').value;
    this.ctx.save({ n: String(n), algorithm: choice === 'auto' ? undefined : choice, seed: String(seed) });
    const algorithm = choice === 'auto' && Number.isInteger(n) && n >= 1 ? defaultAlgorithm(n) : choice === 'auto' ? 'min-conflicts' : choice;
    return { n, algorithm, seed, maxSteps: max === '' ? undefined : Number(max) };
  }

  /** A new run: nothing of the last one (board, chart, statistics, count) stays on screen. */
  private clearResults(): void {
    this.pause();
    this.frames = [];
    this.conflicts = [];
    this.solutions = [];
    this.$('q-board-panel').hidden = true;
    this.$('q-chart').replaceChildren();
    this.$('q-stats').replaceChildren();
    this.$('q-count-panel').hidden = true;
    this.$('q-count-result').textContent = '';
    this.$('q-browse').hidden = true;
  }

  private status(state: Parameters<typeof setStatus>[1], text: string): void {
    setStatus(this.$('q-status'), state, text);
  }

  private stop(state: 'cancelled' | 'idle'): void {
    this.jobs.stop();
    this.pause();
    if (state === 'cancelled' && this.$('q-status').dataset.state === 'running') this.status('cancelled', 'Stopped.');
  }

  private async solve(): Promise<void> {
    const s = this.settings();
    const signal = this.jobs.start();
    this.clearResults();
    const began = performance.now();
    this.status('running', `Solving ${formatCount(s.n)} queens with ${s.algorithm} in a worker…`);
    try {
      const r = await labPool().run<SolveTaskResult>(
        { domain: 'queens', kind: 'solve', payload: { ...s, frames: s.n <= DRAW_MAX ? FRAMES : 0 } },
        {
          signal,
          onProgress: (p) => {
            const { steps, conflicts } = p as { steps: number; conflicts: number };
            const secs = ((performance.now() - began) / 1000).toFixed(1);
            if (this.jobs.current(signal))
              this.status(
                'running',
                `Solving ${formatCount(s.n)} queens with ${s.algorithm}: ${formatCount(steps)} steps, ${formatCount(conflicts)} attacking pairs left (${secs} s)…`,
              );
          },
        },
      );
      if (!this.jobs.current(signal)) return;
      const state = r.status === 'solved' ? 'done' : r.status === 'unsolvable' ? 'unsolvable' : 'limit';
      this.status(
        state,
        `${r.status}: ${formatCount(r.conflicts)} attacking pairs after ${formatCount(r.steps)} steps, ${formatTime(r.timeMs)} (${r.backend}).`,
      );
      this.stats([
        ['status', r.status],
        ['steps', formatCount(r.steps)],
        ['moves', formatCount(r.moves)],
        ['escapes', formatCount(r.escapes)],
        ['restarts', formatCount(r.restarts)],
        ['attacking pairs', formatCount(r.conflicts)],
        ['time', formatTime(r.timeMs)],
        ['algorithm', r.algorithm],
        ['first columns', r.status === 'unsolvable' ? '(no placement exists)' : r.positions.slice(0, 20).join(' ') + (r.n > 20 ? ' …' : '')],
      ]);
      this.frames = r.trace.frames;
      this.conflicts = r.trace.conflicts;
      const panel = this.$('q-board-panel');
      panel.hidden = r.n > DRAW_MAX || this.frames.length === 0;
      if (!panel.hidden) {
        const slider = this.$<HTMLInputElement>('q-frame');
        slider.max = String(this.frames.length - 1);
        this.chart();
        this.show(this.frames.length - 1);
      }
    } catch (e) {
      if (this.jobs.current(signal)) this.status(signal.aborted ? 'cancelled' : 'error', signal.aborted ? 'Stopped.' : errorMessage(e));
    }
  }

  private async count(): Promise<void> {
    const { n } = this.settings();
    const signal = this.jobs.start();
    this.clearResults();
    this.status('running', `Counting Q(${n}) in a worker…`);
    this.$('q-count-panel').hidden = false;
    try {
      if (n > 17) throw new Error('the lab counts up to N = 17 (use the CLI with --jobs for more)');
      const r = await labPool().run<CountResult>(
        { domain: 'queens', kind: 'countAll', payload: { n } },
        {
          signal,
          onProgress: (p) => {
            const { done, total, nodes } = p as { done: number; total: number; nodes: number };
            if (this.jobs.current(signal)) this.status('running', `Counting Q(${n}): ${done}/${total} subproblems, ${formatCount(nodes)} nodes…`);
          },
        },
      );
      if (!this.jobs.current(signal)) return;
      this.$('q-count-result').textContent =
        `Q(${n}) = ${formatCount(BigInt(r.solutions))} solutions (${formatCount(r.nodes)} nodes, ${r.tasks} subproblems, ${formatTime(r.timeMs)})`;
      this.status('done', `Counted Q(${n}).`);
      if (n <= BROWSE_MAX_N) {
        this.solutions = await labPool().run<number[][]>({ domain: 'queens', kind: 'enumerate', payload: { n, limit: BROWSE_LIMIT } }, { signal });
        this.solutionIndex = 0;
        this.$('q-browse').hidden = this.solutions.length === 0;
        this.browse(0);
      }
    } catch (e) {
      if (this.jobs.current(signal)) this.status(signal.aborted ? 'cancelled' : 'error', signal.aborted ? 'Stopped.' : errorMessage(e));
    }
  }

  private browse(delta: number): void {
    if (this.solutions.length === 0) return;
    this.solutionIndex = (this.solutionIndex + delta + this.solutions.length) % this.solutions.length;
    const s = this.solutions[this.solutionIndex]!;
    this.$('q-sol-index').textContent = `solution ${this.solutionIndex + 1} of the first ${this.solutions.length}: ${s.join(' ')}`;
    this.$('q-board-panel').hidden = false;
    this.frames = [s];
    this.conflicts = [0];
    this.$<HTMLInputElement>('q-frame').max = '0';
    this.$('q-chart').replaceChildren();
    this.show(0);
  }

  private stats(rows: [string, string][]): void {
    this.$('q-stats').replaceChildren(
      ...rows.flatMap(([k, v]) => {
        const dt = document.createElement('dt');
        dt.textContent = k;
        const dd = document.createElement('dd');
        dd.textContent = v;
        return [dt, dd];
      }),
    );
  }

  private chart(): void {
    const data = this.conflicts.map((c, step) => ({ step, c }));
    this.$('q-chart').replaceChildren(
      plot({
        width: 512,
        height: 160,
        x: { label: 'step', labelArrow: 'none' },
        y: { label: 'attacking pairs', labelArrow: 'none', grid: true },
        marks: [lineY(data, { x: 'step', y: 'c', stroke: '#2f6fde' })],
      }),
    );
  }

  private show(i: number): void {
    const p = this.frames[i];
    if (p === undefined) return;
    this.$<HTMLInputElement>('q-frame').value = String(i);
    this.$('q-frame-label').textContent = `${i} / ${this.frames.length - 1}: ${this.conflicts[i] ?? 0} attacking pairs`;
    drawBoard(this.$<HTMLCanvasElement>('q-board'), p);
  }

  private play(): void {
    if (this.timer !== undefined) return this.pause();
    let i = Number(this.$<HTMLInputElement>('q-frame').value);
    if (i >= this.frames.length - 1) i = 0;
    this.$('q-play').textContent = 'Pause';
    this.timer = setInterval(
      () => {
        this.show(i++);
        if (i >= this.frames.length) this.pause();
      },
      Math.max(10, Math.min(200, 6000 / this.frames.length)),
    );
  }

  private pause(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.ctx.root.isConnected) this.$('q-play').textContent = 'Play';
  }
}

/** The board: light and dark squares, safe queens dark, attacked queens red. */
function drawBoard(canvas: HTMLCanvasElement, positions: readonly number[]): void {
  const n = positions.length;
  const g = canvas.getContext('2d');
  if (g === null) return;
  const cell = canvas.width / n;
  const attacked = attackedRows(positions);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      g.fillStyle = (r + c) % 2 === 0 ? '#f0e6d2' : '#c8b38e';
      g.fillRect(c * cell, r * cell, cell, cell);
    }
    g.fillStyle = attacked[r] === 1 ? '#d62828' : '#1d1d1d';
    g.beginPath();
    g.arc((positions[r]! + 0.5) * cell, (r + 0.5) * cell, cell * 0.35, 0, 2 * Math.PI);
    g.fill();
  }
}
