// An anytime solve's live chart: every improvement and every rise of the proven lower bound that the
// worker streams, drawn over time. Redraws are coalesced to one per animation frame, so a burst of
// messages never blocks the page.
import type { Improvement } from '@searchlab/engine/puzzle';
import { anytimeChart, type AnytimePoint } from './chart.js';

const DEFAULT_WIDTH = 560;
const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;

export class AnytimeTrace {
  private points: AnytimePoint[] = [];
  private best?: number;
  private lower?: number;
  private now = 0;
  private frame: number | undefined;

  constructor(private readonly figure: HTMLElement) {}

  /** Start a new trace (shown) or hide the chart (a solve that is not anytime, or a new board). */
  reset(show: boolean): void {
    this.points = [];
    this.best = this.lower = undefined;
    this.now = 0;
    this.figure.hidden = !show;
    this.figure.replaceChildren();
    this.publish();
  }

  improvement(i: Omit<Improvement, 'moves'>): void {
    this.best = i.length;
    if (i.lowerBound > 0) this.lower = Math.max(this.lower ?? 0, i.lowerBound);
    this.add(i.stats.timeMs, true);
  }

  lowerBound(lowerBound: number, timeMs: number): void {
    this.lower = Math.max(this.lower ?? 0, lowerBound);
    this.add(timeMs, false);
  }

  /** The search is still running at `timeMs`: the step lines reach it. */
  tick(timeMs: number): void {
    if (timeMs <= this.now) return;
    this.now = timeMs;
    this.schedule();
  }

  /** "best 136 moves, proven lower bound 112 (gap ≤ 21.4 %)", or undefined before any event. */
  summary(): string | undefined {
    if (this.best === undefined) return this.lower === undefined ? undefined : `no solution yet, proven lower bound ${this.lower}`;
    if (this.lower === undefined) return `best ${this.best} moves`;
    return this.lower >= this.best
      ? `best ${this.best} moves, proven optimal`
      : `best ${this.best} moves, proven lower bound ${this.lower} (within ${percent(this.best / this.lower - 1)} of optimal)`;
  }

  private add(timeMs: number, improved: boolean): void {
    this.now = Math.max(this.now, timeMs);
    this.points.push({ t: timeMs / 1000, length: this.best, lowerBound: this.lower, ...(improved && { improved }) });
    this.schedule();
  }

  private schedule(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.draw();
    });
  }

  private draw(): void {
    if (this.figure.hidden || this.points.length === 0) return;
    const last = this.points.at(-1)!;
    // The current state held until now, so the steps run to the present.
    const points = this.now / 1000 > last.t ? [...this.points, { ...last, t: this.now / 1000, improved: false }] : this.points;
    this.figure.replaceChildren(anytimeChart(points, this.figure.clientWidth || DEFAULT_WIDTH));
    this.publish();
  }

  /** What the chart shows, as data attributes (for tests and scripts). */
  private publish(): void {
    const d = this.figure.dataset;
    d.improvements = String(this.points.filter((p) => p.improved).length);
    d.lowerBounds = String(new Set(this.points.flatMap((p) => (p.lowerBound === undefined ? [] : [p.lowerBound]))).size);
    d.best = this.best === undefined ? '' : String(this.best);
    d.lowerBound = this.lower === undefined ? '' : String(this.lower);
  }
}
