// What the puzzle view's parts share: the controls, the board, the worker and the animation.
import type { Animator } from './animation.js';
import type { BoardView } from './board.js';
import type { Controls } from './controls.js';
import type { SearchWorker } from './worker-client.js';

export interface Lab {
  ui: Controls;
  board: BoardView;
  worker: SearchWorker;
  animator: Animator;
  /** Enable/disable controls for the job kind running now (null: nothing runs). */
  setBusy(kind: 'solve' | 'compare' | null): void;
}
