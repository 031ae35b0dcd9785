// What the puzzle view's parts share: the controls, the board, the running job and the animation.
import type { Animator } from './animation.js';
import type { BoardView } from './board.js';
import type { Controls } from './controls.js';
import type { JobSlot } from '../shell/pool.js';

export interface Lab {
  ui: Controls;
  board: BoardView;
  /** The job running in the lab's worker pool (a solve or a comparison), cancelled by its signal. */
  jobs: JobSlot;
  animator: Animator;
  /** Enable/disable controls for the job kind running now (null: nothing runs). */
  setBusy(kind: BusyKind | null): void;
}

export type BusyKind = 'solve' | 'compare' | 'experiment';
