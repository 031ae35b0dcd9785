// The board: its state (board, goal, moves made), its grid on the page and its text form.
import {
  applyMoves,
  checkSolvable,
  heuristicBreakdown,
  legalMoves,
  renderBoard as boardAsGrid,
  type Board,
  type HeuristicName,
  type Move,
  type TileContribution,
} from '@searchlab/engine/puzzle';
import { errorMessage } from '../shell/dom.js';
import type { Controls } from './controls.js';

const DELTA: Record<Move, [number, number]> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/** Boards past this side are drawn on one canvas (the large-board mode) instead of W×H elements. */
export const LARGE_SIDE = 32;
export const isLarge = (b: Board): boolean => b.width > LARGE_SIDE || b.height > LARGE_SIDE;

export const sameCells = (a: Board, b: Board): boolean => a.width === b.width && a.height === b.height && a.cells.every((v, i) => v === b.cells[i]);

/** The engine's reasons start with "solvable:" / "unsolvable:"; the page says that already. */
export function withoutPrefix(reason: string): string {
  return reason.replace(/^(un)?solvable:\s*/i, '');
}

const H_KEY: Record<HeuristicName, string> = {
  misplaced: 'Misplaced tiles are marked: h counts them.',
  manhattan: "Each tile's corner shows its row + column distance to its goal cell; h is their sum.",
  euclidean: "Each tile's corner shows its straight-line distance to its goal cell; h is their sum.",
  'linear-conflict': 'Manhattan distance per tile, plus 2 for each tile (outlined) that must leave its goal row or column to let another pass.',
};

/** A tile's part in h as its corner shows it ('' for none). */
function tilePart(t: TileContribution, name: HeuristicName): string {
  switch (name) {
    case 'misplaced':
      return t.misplaced ? '1' : '';
    case 'manhattan':
      return t.manhattan > 0 ? String(t.manhattan) : '';
    case 'euclidean':
      return t.euclidean > 0 ? t.euclidean.toFixed(1) : '';
    case 'linear-conflict': {
      const part = t.manhattan + 2 * (Number(t.leavesRow) + Number(t.leavesColumn));
      return part > 0 ? String(part) : '';
    }
  }
}

export class BoardView {
  board: Board;
  goal: Board;
  moveCount = 0;
  /** True while a solve runs: the board is locked so the answer still fits it. */
  locked = false;
  /** Large-board mode: the cells as last drawn on the canvas (only changed cells are redrawn). */
  private drawn: number[] | undefined;
  /** The user edited the text form: moves must not overwrite what they typed. */
  private textEdited = false;

  constructor(
    private readonly ui: Controls,
    start: Board,
    private readonly onChange: () => void,
  ) {
    this.board = start;
    this.goal = start;
    ui.boardText.addEventListener('input', () => (this.textEdited = true));
    // Focused, the field is the user's even before a keystroke (a select-all, then typing): moves
    // leave it alone until it loses the focus, then show the board unless it was edited.
    ui.boardText.addEventListener('blur', () => {
      if (!this.textEdited) this.showText();
    });
  }

  /** Whether moves may rewrite the text form: not once the user edited it, nor while it has the focus. */
  private textFollowsBoard(): boolean {
    return !this.textEdited && document.activeElement !== this.ui.boardText;
  }

  get solved(): boolean {
    return sameCells(this.board, this.goal);
  }

  /** Replace board and goal (shuffle, reset, load, size or goal change). */
  set(board: Board, goal: Board): void {
    this.board = board;
    this.goal = goal;
    this.drawn = undefined;
    this.moveCount = 0;
    this.textEdited = false;
    this.render();
    if (!this.textFollowsBoard()) this.showText(); // render left a focused field alone: a new board replaces its text anyway
    this.renderSolvability();
    this.onChange();
  }

  /** A new goal for the same tiles (the solvability verdict changes, the board does not). */
  setGoal(goal: Board): void {
    this.goal = goal;
    this.drawn = undefined;
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

  /** Many moves at once (a large board's animation): one copy of the board and one drawing. */
  moveMany(moves: readonly Move[]): void {
    if (moves.length === 0) return;
    this.board = applyMoves(this.board, moves);
    this.moveCount += moves.length;
    this.render();
    this.onChange();
  }

  render(justMoved = -1): void {
    const { board, goal, ui } = this;
    const el = ui.board;
    const solved = this.solved;
    if (isLarge(board)) {
      this.renderLarge();
      return;
    }
    delete el.dataset.mode;
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
    this.renderH(el);
    ui.moves.value = String(this.moveCount);
    ui.moves.textContent = String(this.moveCount);
    ui.solved.hidden = !solved;
    if (this.textFollowsBoard()) this.showText();
  }

  /** The large-board mode: the same data attributes, the cells drawn on a canvas (tiles at home in green). */
  private renderLarge(): void {
    const { board, goal, ui } = this;
    const el = ui.board;
    el.style.setProperty('--w', String(board.width));
    el.style.setProperty('--h', String(board.height));
    el.dataset.mode = 'canvas';
    el.dataset.width = String(board.width);
    el.dataset.height = String(board.height);
    el.dataset.cells = board.cells.join(' ');
    el.dataset.solved = String(this.solved);
    let canvas = el.firstElementChild;
    if (!(canvas instanceof HTMLCanvasElement)) {
      canvas = document.createElement('canvas');
      (canvas as HTMLCanvasElement).className = 'board-canvas';
      (canvas as HTMLCanvasElement).setAttribute('role', 'img');
      el.replaceChildren(canvas);
    }
    const c = canvas as HTMLCanvasElement;
    // Cells wide enough for their numbers (up to 5 digits) at a readable size; the card scrolls.
    const digits = String(board.cells.length).length;
    const px = Math.max(24, 7 * digits + 4);
    if (c.width !== board.width * px || c.height !== board.height * px) {
      c.width = board.width * px;
      c.height = board.height * px;
      this.drawn = undefined;
    }
    const drawn = this.drawn?.length === board.cells.length ? this.drawn : undefined;
    c.setAttribute('aria-label', `${board.width} by ${board.height} board${this.solved ? ', solved' : ''}`);
    const g = c.getContext('2d');
    if (g !== null) {
      if (drawn === undefined) {
        g.fillStyle = '#cfd6e0';
        g.fillRect(0, 0, c.width, c.height);
      }
      const inset = px >= 6 ? 1 : 0;
      g.font = `${Math.min(Math.floor(px * 0.45), Math.floor((px - 4) / (0.6 * digits)))}px sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      board.cells.forEach((v, i) => {
        if (drawn !== undefined && drawn[i] === v) return;
        const x = (i % board.width) * px;
        const y = Math.floor(i / board.width) * px;
        if (drawn !== undefined) {
          g.fillStyle = '#cfd6e0';
          g.fillRect(x, y, px, px);
        }
        if (v <= 0) return;
        g.fillStyle = goal.cells[i] === v ? '#9fd3ae' : '#ffffff';
        g.fillRect(x + inset, y + inset, px - 2 * inset, px - 2 * inset);
        g.fillStyle = '#1d2733';
        g.fillText(String(v), x + px / 2, y + px / 2);
      });
      this.drawn = board.cells.slice();
    }
    ui.moves.value = String(this.moveCount);
    ui.moves.textContent = String(this.moveCount);
    ui.solved.hidden = !this.solved;
    this.renderH(null);
    if (this.textFollowsBoard()) this.showText();
  }

  /**
   * h of the board for the heuristic chosen beside it, and each tile's part on the tile itself
   * (a small number in its corner; misplaced tiles and tiles linear conflict sends out of their line
   * marked). `grid`: the tile elements to annotate (none on the large-board canvas).
   */
  private renderH(grid: HTMLElement | null): void {
    const { ui, board, goal } = this;
    const name = ui.hHeuristic.value as HeuristicName;
    let h: number;
    let tiles: TileContribution[];
    try {
      ({ h, tiles } = heuristicBreakdown(board, goal, name));
    } catch {
      ui.hValue.textContent = '';
      return;
    }
    const shown = Number.isInteger(h) ? String(h) : h.toFixed(2);
    ui.hValue.textContent = `h = ${shown}`;
    ui.hValue.dataset.value = String(h);
    ui.hKey.textContent = H_KEY[name];
    if (grid === null) return;
    for (const t of tiles) {
      const el = grid.children[t.cell] as HTMLElement | undefined;
      if (el === undefined) continue;
      const part = tilePart(t, name);
      if (part !== '') el.dataset.h = part;
      el.classList.toggle('misplaced', t.misplaced);
      el.classList.toggle('conflict', name === 'linear-conflict' && (t.leavesRow || t.leavesColumn));
    }
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
