// Hill climbing one step at a time over a heat map of the numbers it chooses from: for every square,
// how many queens would attack its row's queen there (conflictMap). The run is the engine's TS
// reference (createTsQueensRun): a budget of N is exactly one steepest-descent step, so the moves
// shown are the solver's own. Plateaus, local minima, escapes and restarts are marked in the log.
import { attackingPairs, conflictMap, createTsQueensRun, normalizeQueensOptions, type QueensAlgorithm, type QueensRun } from '@searchlab/engine/queens';
import { setStatus } from '../shell/dom.js';

export const STEP_MAX_N = 16;
const LOG_MAX = 200;

interface Best {
  row: number;
  col: number;
  delta: number;
}

/** The move steepest descent takes (ties: the last in row-major order, as the contract says) and its change. */
function bestMove(pos: Int32Array, map: Int32Array): Best {
  const n = pos.length;
  let best: Best = { row: -1, col: -1, delta: Infinity };
  for (let r = 0; r < n; r++) {
    for (let x = 0; x < n; x++) {
      if (x === pos[r]) continue;
      const delta = map[r * n + x]! - map[r * n + pos[r]!]!;
      if (delta <= best.delta) best = { row: r, col: x, delta };
    }
  }
  return best;
}

export class QueensStepper {
  private run: QueensRun | null = null;
  private n = 0;
  private steps = 0;
  private done = false;

  constructor(private readonly $: <T extends HTMLElement = HTMLElement>(id: string) => T) {}

  start(n: number, seed: number): void {
    if (!Number.isInteger(n) || n < 4 || n > STEP_MAX_N) throw new Error(`stepping takes N from 4 to ${STEP_MAX_N}, got ${n}`);
    const algorithm = this.$<HTMLSelectElement>('q-step-algorithm').value as QueensAlgorithm;
    this.run = createTsQueensRun(normalizeQueensOptions(n, { algorithm, seed, backend: 'ts' }));
    this.n = n;
    this.steps = 0;
    this.done = false;
    this.$('q-step-log').replaceChildren();
    // The first call places the start (hill climbing: the main diagonal; restart: a random row each) and takes one step.
    this.step(1, 'start, then the first move');
  }

  /** `count` steps, each logged (what it did, and whether it found a plateau, a local minimum, an escape or a restart). */
  step(count: number, firstNote?: string): void {
    const run = this.run;
    if (run === null || this.done) return;
    for (let i = 0; i < count && !this.done; i++) {
      const before = run.positions();
      const started = this.steps > 0;
      const best = started ? bestMove(before, conflictMap(before)) : undefined;
      const prev = run.stats();
      const outcome = run.step(this.n);
      this.steps++;
      const stats = run.stats();
      const after = run.positions();
      let text: string;
      let kind = 'move';
      if (!started) text = firstNote ?? 'start';
      else if (stats.restarts > prev.restarts) {
        kind = 'restart';
        text = `${best!.delta === 0 ? 'plateau' : 'local minimum'} (best change +${best!.delta}): restart from a random board`;
      } else if (stats.escapes > prev.escapes) {
        kind = 'escape';
        text = `${best!.delta === 0 ? 'plateau' : 'local minimum'} (best change +${best!.delta}): escape by random moves`;
      } else text = `row ${best!.row + 1}: column ${before[best!.row]! + 1} to ${best!.col + 1} (${best!.delta} pairs)`;
      this.log(kind, `${text}; ${attackingPairs(after)} attacking pairs`);
      if (outcome !== null) this.done = true;
    }
    this.render();
  }

  private log(kind: string, text: string): void {
    const list = this.$('q-step-log');
    const li = document.createElement('li');
    li.className = kind;
    li.dataset.kind = kind;
    li.textContent = `Step ${this.steps}: ${text}`;
    list.prepend(li);
    while (list.children.length > LOG_MAX) list.lastElementChild!.remove();
  }

  private render(): void {
    const run = this.run!;
    const pos = run.positions();
    const n = this.n;
    const map = conflictMap(pos);
    const best = bestMove(pos, map);
    const max = Math.max(1, ...map);
    const heat = this.$('q-heat');
    heat.style.setProperty('--n', String(n));
    heat.dataset.positions = Array.from(pos).join(' ');
    const cells: HTMLElement[] = [];
    for (let r = 0; r < n; r++) {
      for (let x = 0; x < n; x++) {
        const v = map[r * n + x]!;
        const cell = document.createElement('span');
        cell.setAttribute('role', 'gridcell');
        cell.textContent = String(v);
        // White for 0 up to deep red for the most attacked square.
        cell.style.background = `hsl(4 80% ${Math.round(97 - 45 * (v / max))}%)`;
        if (pos[r] === x) cell.classList.add('queen');
        if (!this.done && best.delta < 0 && r === best.row && x === best.col) cell.classList.add('next');
        cell.dataset.row = String(r);
        cell.dataset.col = String(x);
        cells.push(cell);
      }
    }
    heat.replaceChildren(...cells);
    const pairs = attackingPairs(pos);
    const stats = run.stats();
    const state = this.done ? (pairs === 0 ? 'done' : 'limit') : 'idle';
    const where =
      best.delta < 0 ? `next: row ${best.row + 1} to column ${best.col + 1} (${best.delta})` : best.delta === 0 ? 'on a plateau' : 'at a local minimum';
    setStatus(
      this.$('q-step-status'),
      state,
      `Step ${this.steps}: ${pairs} attacking pairs, ${stats.escapes} escapes, ${stats.restarts} restarts${this.done ? (pairs === 0 ? '. Solved.' : '. Stopped.') : `; ${where}.`}`,
    );
  }
}
