// The board: its state (board, goal, moves made), its grid on the page and its text form.
import { applyMoves, checkSolvable, legalMoves, renderBoard as boardAsGrid, type Board, type Move } from '@searchlab/engine';
import { errorMessage } from '../shell/dom.js';
import type { Controls } from './controls.js';

const DELTA: Record<Move, [number, number]> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

export const sameCells = (a: Board, b: Board): boolean =>
  a.width === b.width && a.height === b.height && a.cells.every((v, i) => v === b.cells[i]);

/** The engine's reasons start with "solvable:" / "unsolvable:"; the page says that already. */
export function withoutPrefix(reason: string): string {
  return reason.replace(/^(un)?solvable:\s*/i, '');
}

export class BoardView {
  board: Board;
  goal: Board;
  moveCount = 0;
  /** True while a solve runs: the board is locked so the answer still fits it. */
  locked = false;
  /** The user edited the text form: moves must not overwrite what they typed. */
  private textEdited = false;

  constructor(private readonly ui: Controls, start: Board, private readonly onChange: () => void) {
    this.board = start;
    this.goal = start;
    ui.boardText.addEventListener('input', () => (this.textEdited = true));
  }

  get solved(): boolean {
    return sameCells(this.board, this.goal);
  }

  /** Replace board and goal (shuffle, reset, load, size or goal change). */
  set(board: Board, goal: Board): void {
    this.board = board;
    this.goal = goal;
    this.moveCount = 0;
    this.textEdited = false;
    this.render();
    this.renderSolvability();
    this.onChange();
  }

  /** A new goal for the same tiles (the solvability verdict changes, the board does not). */
  setGoal(goal: Board): void {
    this.goal = goal;
    this.render();
    this.renderSolvability();
    this.onChange();
  }

  /** One move of the blank, from the player or the animation. Returns false when illegal. */
  move(move: Move): boolean {
    if (!legalMoves(this.board).includes(move)) return false;
    const from = this.board.cells.indexOf(0);
    this.board = applyMoves(this.board, [move]);
    this.moveCount++;
    // The tile that slid now sits where the blank was.
    this.render(from);
    this.onChange();
    return true;
  }

  render(justMoved = -1): void {
    const { board, goal, ui } = this;
    const el = ui.board;
    const solved = this.solved;
    const blank = board.cells.indexOf(0);
    const movable = new Map<number, Move>();
    if (!this.locked) {
      for (const m of legalMoves(board)) {
        const [dr, dc] = DELTA[m];
        movable.set(blank + dr * board.width + dc, m);
      }
    }
    // CSS sizes the cells from these so any board fits its card (see style.css #board).
    el.style.setProperty('--w', String(board.width));
    el.style.setProperty('--h', String(board.height));
    el.dataset.width = String(board.width);
    el.dataset.height = String(board.height);
    el.dataset.cells = board.cells.join(' ');
    el.dataset.solved = String(solved);
    el.replaceChildren(...board.cells.map((v, i) => this.cell(v, i, movable.get(i), i === justMoved)));
    ui.moves.value = String(this.moveCount);
    ui.moves.textContent = String(this.moveCount);
    ui.solved.hidden = !solved;
    if (!this.textEdited) this.showText();
  }

  private cell(v: number, i: number, move: Move | undefined, justMoved: boolean): HTMLElement {
    const { width } = this.board;
    let cell: HTMLElement;
    if (v > 0) {
      const button = document.createElement('button');
      button.type = 'button';
      button.tabIndex = -1;
      button.className = 'cell tile';
      button.textContent = String(v);
      if (move) {
        button.classList.add('movable');
        button.dataset.move = move;
      }
      if (this.goal.cells[i] === v) button.classList.add('home');
      if (justMoved) button.classList.add('just-moved');
      button.setAttribute('aria-label', `tile ${v}, row ${Math.floor(i / width) + 1}, column ${(i % width) + 1}`);
      cell = button;
    } else {
      cell = document.createElement('div');
      cell.className = v === 0 ? 'cell blank' : 'cell wall';
      cell.setAttribute('aria-label', v === 0 ? 'blank' : 'wall');
    }
    cell.setAttribute('role', 'gridcell');
    cell.dataset.index = String(i);
    cell.dataset.value = String(v);
    return cell;
  }

  private renderSolvability(): void {
    const el = this.ui.solvability;
    try {
      const s = checkSolvable(this.board, this.goal);
      el.textContent = s.solvable ? 'Solvable.' : `Not solvable: ${withoutPrefix(s.reason)}`;
      el.title = `${withoutPrefix(s.reason)} (method: ${s.method})`;
    } catch (err) {
      el.textContent = errorMessage(err);
    }
  }

  /** The board as an editable grid (one line per row, `_` blank, `#` wall), read back by parseBoard. */
  private showText(): void {
    this.ui.boardText.value = boardAsGrid(this.board);
    this.ui.boardText.rows = Math.max(3, this.board.height + 1);
  }
}
