// Plays a solution move by move; the speed select is re-read every step. Lists longer than BULK
// (a large board's constructive solution) play in about CHUNKS chunks instead, one drawing each.
import type { Move } from '@searchlab/engine/puzzle';
import type { Controls } from './controls.js';

const BULK = 5000;
const CHUNKS = 200;

export class Animator {
  private run: { timer: number; moves: readonly Move[]; next: number } | null = null;

  constructor(
    private readonly ui: Controls,
    private readonly step: (move: Move) => void,
    private readonly stepMany: (moves: readonly Move[]) => void,
  ) {}

  play(moves: readonly Move[]): void {
    this.stop();
    if (moves.length > BULK) {
      this.playChunks(moves);
      return;
    }
    if (Number(this.ui.speed.value) === 0) {
      for (const m of moves) this.step(m);
      return;
    }
    const run = { timer: 0, moves, next: 0 };
    this.run = run;
    this.ui.stopAnimation.disabled = false;
    this.ui.board.dataset.animating = 'true';
    const tick = (): void => {
      if (this.run !== run) return;
      // Switching to "instant" mid-way finishes at once.
      const delay = Number(this.ui.speed.value);
      do {
        this.highlight(run.next);
        this.step(run.moves[run.next++]!);
      } while (delay === 0 && run.next < run.moves.length);
      if (run.next >= run.moves.length) this.stop();
      else run.timer = window.setTimeout(tick, delay);
    };
    run.timer = window.setTimeout(tick, Number(this.ui.speed.value));
  }

  private playChunks(moves: readonly Move[]): void {
    const run = { timer: 0, moves, next: 0 };
    this.run = run;
    this.ui.stopAnimation.disabled = false;
    this.ui.board.dataset.animating = 'true';
    const chunk = Math.ceil(moves.length / CHUNKS);
    const tick = (): void => {
      if (this.run !== run) return;
      const end = Number(this.ui.speed.value) === 0 ? moves.length : Math.min(moves.length, run.next + chunk);
      this.stepMany(moves.slice(run.next, end));
      run.next = end;
      if (run.next >= moves.length) this.stop();
      else run.timer = window.setTimeout(tick, 16);
    };
    run.timer = window.setTimeout(tick, 0);
  }

  stop(): void {
    if (!this.run) return;
    clearTimeout(this.run.timer);
    this.run = null;
    this.ui.stopAnimation.disabled = true;
    this.ui.board.dataset.animating = 'false';
  }

  private highlight(i: number): void {
    for (const span of this.ui.solution.querySelectorAll('span')) span.classList.toggle('current', span.dataset.step === String(i));
  }
}
