// Plays a solution move by move; the speed select is re-read every step.
import type { Move } from '@searchlab/engine';
import type { Controls } from './controls.js';

export class Animator {
  private run: { timer: number; moves: readonly Move[]; next: number } | null = null;

  constructor(private readonly ui: Controls, private readonly step: (move: Move) => void) {}

  play(moves: readonly Move[]): void {
    this.stop();
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
