// The lab page: board state, play, shuffle, and the UI around the search worker.
// All searching happens in worker.ts; this file only validates input, renders and animates.
import {
  ALGORITHMS,
  HEURISTICS,
  WASM_ALGORITHMS,
  applyMoves,
  checkSolvable,
  goalBoard,
  goalLike,
  heuristicInfo,
  legalMoves,
  parseBoard,
  randomSolvable,
  randomWalk,
  renderBoard as boardAsGrid,
  type Algorithm,
  type Backend,
  type Board,
  type GoalPreset,
  type HeuristicName,
  type Move,
  type SearchStats,
  type SolveResult,
} from '@searchlab/engine';
import type { CompareRow, CompareVariant, SolveSettings, WorkerReply, WorkerRequest } from './protocol.js';

// ---------------------------------------------------------------------------------------------
// DOM helpers

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

const ui = {
  size: $<HTMLSelectElement>('size'),
  customSize: $('custom-size'),
  customW: $<HTMLInputElement>('custom-w'),
  customH: $<HTMLInputElement>('custom-h'),
  goal: $<HTMLSelectElement>('goal'),
  reset: $<HTMLButtonElement>('reset'),
  shuffleMode: $<HTMLSelectElement>('shuffle-mode'),
  walkLabel: $('walk-label'),
  walk: $<HTMLInputElement>('walk'),
  seed: $<HTMLInputElement>('seed'),
  shuffle: $<HTMLButtonElement>('shuffle'),
  newSeed: $<HTMLButtonElement>('new-seed'),
  board: $('board'),
  moves: $<HTMLOutputElement>('moves'),
  solved: $('solved'),
  solvability: $('solvability'),
  boardText: $<HTMLTextAreaElement>('board-text'),
  load: $<HTMLButtonElement>('load'),
  tabPlay: $<HTMLButtonElement>('tab-play'),
  tabCompare: $<HTMLButtonElement>('tab-compare'),
  panelPlay: $('panel-play'),
  panelCompare: $('panel-compare'),
  algorithm: $<HTMLSelectElement>('algorithm'),
  heuristicLabel: $('heuristic-label'),
  heuristic: $<HTMLSelectElement>('heuristic'),
  weightLabel: $('weight-label'),
  weight: $<HTMLInputElement>('weight'),
  backend: $<HTMLSelectElement>('backend'),
  maxNodes: $<HTMLInputElement>('max-nodes'),
  solve: $<HTMLButtonElement>('solve'),
  cancel: $<HTMLButtonElement>('cancel'),
  speed: $<HTMLSelectElement>('speed'),
  stopAnimation: $<HTMLButtonElement>('stop-animation'),
  status: $('status'),
  stats: $('stats'),
  solution: $('solution'),
  compareAlgorithm: $<HTMLSelectElement>('compare-algorithm'),
  compareSource: $<HTMLSelectElement>('compare-source'),
  compareCountLabel: $('compare-count-label'),
  compareCount: $<HTMLInputElement>('compare-count'),
  compareMaxNodes: $<HTMLInputElement>('compare-max-nodes'),
  compareBlank: $<HTMLInputElement>('compare-blank'),
  compare: $<HTMLButtonElement>('compare'),
  compareCancel: $<HTMLButtonElement>('compare-cancel'),
  compareStatus: $('compare-status'),
  compareTable: $<HTMLTableElement>('compare-table'),
};

type StatusState = 'idle' | 'running' | 'done' | 'limit' | 'cancelled' | 'unsolvable' | 'error';

function setStatus(el: HTMLElement, state: StatusState, text: string): void {
  el.dataset.state = state;
  el.textContent = text;
}

const fmt = new Intl.NumberFormat('en-US');
const formatCount = (n: number): string => fmt.format(Math.round(n));
function formatTime(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}
function formatRate(expanded: number, ms: number): string {
  return ms > 0 ? formatCount((expanded / ms) * 1000) : '–';
}
/** The engine's reasons start with "solvable:" / "unsolvable:"; the page says that already. */
function withoutPrefix(reason: string): string {
  return reason.replace(/^(un)?solvable:\s*/i, '');
}
function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// ---------------------------------------------------------------------------------------------
// Names shown in the selects

const ALGORITHM_LABEL: Record<Algorithm, string> = {
  bfs: 'BFS (breadth-first)',
  dfs: 'DFS (depth-limited)',
  iddfs: 'IDDFS (iterative deepening)',
  ucs: 'UCS (uniform cost)',
  dijkstra: 'Dijkstra (full sweep)',
  greedy: 'greedy best-first',
  astar: 'A*',
  wastar: 'weighted A*',
  idastar: 'IDA*',
};
const INFORMED = new Set<Algorithm>(['greedy', 'astar', 'wastar', 'idastar']);
const HEURISTIC_LABEL: Record<HeuristicName, string> = {
  misplaced: 'misplaced tiles',
  manhattan: 'Manhattan distance',
  euclidean: 'Euclidean distance',
  'linear-conflict': 'linear conflict',
};
function fillSelect<T extends string>(select: HTMLSelectElement, values: readonly T[], labels: Record<T, string>, selected: T): void {
  select.replaceChildren(
    ...values.map((v) => {
      const opt = document.createElement('option');
      opt.value = v;
      opt.textContent = labels[v] ?? v;
      opt.selected = v === selected;
      return opt;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Board state

const DELTA: Record<Move, [number, number]> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
const KEY_MOVE: Record<string, Move> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

const state = {
  board: goalBoard(3, 3, 'blank-last') as Board,
  goal: goalBoard(3, 3, 'blank-last') as Board,
  moveCount: 0,
  /** True while a solve runs: the board is locked so the answer still fits it. */
  solving: false,
};

const sameCells = (a: Board, b: Board): boolean =>
  a.width === b.width && a.height === b.height && a.cells.every((v, i) => v === b.cells[i]);

function preset(): GoalPreset {
  return ui.goal.value as GoalPreset;
}

/** Width and height chosen in the size controls (validated for custom sizes). */
function chosenSize(): { w: number; h: number } {
  if (ui.size.value !== 'custom') {
    const [w, h] = ui.size.value.split('x').map(Number) as [number, number];
    return { w, h };
  }
  const w = Number(ui.customW.value);
  const h = Number(ui.customH.value);
  // The engine checks the range; here only that the fields hold whole numbers.
  if (!Number.isInteger(w) || !Number.isInteger(h)) throw new Error(`W and H must be whole numbers, got "${ui.customW.value}" × "${ui.customH.value}"`);
  return { w, h };
}

function renderBoard(justMoved = -1): void {
  const { board, goal } = state;
  const el = ui.board;
  const solved = sameCells(board, goal);
  const blank = board.cells.indexOf(0);
  const movable = new Map<number, Move>();
  if (!state.solving) {
    for (const m of legalMoves(board)) {
      const [dr, dc] = DELTA[m];
      movable.set(blank + dr * board.width + dc, m);
    }
  }
  const cellPx = Math.max(24, Math.min(72, Math.floor(320 / Math.max(board.width, board.height))));
  el.style.setProperty('--w', String(board.width));
  el.style.setProperty('--cell', `${cellPx}px`);
  el.dataset.width = String(board.width);
  el.dataset.height = String(board.height);
  el.dataset.cells = board.cells.join(' ');
  el.dataset.solved = String(solved);
  el.replaceChildren(
    ...board.cells.map((v, i) => {
      const row = Math.floor(i / board.width) + 1;
      const col = (i % board.width) + 1;
      let cell: HTMLElement;
      if (v > 0) {
        cell = document.createElement('button');
        cell.className = 'cell tile';
        cell.textContent = String(v);
        (cell as HTMLButtonElement).type = 'button';
        cell.tabIndex = -1;
        const move = movable.get(i);
        if (move) {
          cell.classList.add('movable');
          cell.dataset.move = move;
        }
        if (goal.cells[i] === v) cell.classList.add('home');
        if (i === justMoved) cell.classList.add('just-moved');
        cell.setAttribute('aria-label', `tile ${v}, row ${row}, column ${col}`);
      } else {
        cell = document.createElement('div');
        cell.className = v === 0 ? 'cell blank' : 'cell wall';
        cell.setAttribute('aria-label', v === 0 ? 'blank' : 'wall');
      }
      cell.setAttribute('role', 'gridcell');
      cell.dataset.index = String(i);
      cell.dataset.value = String(v);
      return cell;
    }),
  );
  ui.moves.value = String(state.moveCount);
  ui.moves.textContent = String(state.moveCount);
  ui.solved.hidden = !solved;
}

function renderSolvability(): void {
  try {
    const s = checkSolvable(state.board, state.goal);
    ui.solvability.textContent = s.solvable ? 'Solvable.' : `Not solvable: ${withoutPrefix(s.reason)}`;
    ui.solvability.title = `${withoutPrefix(s.reason)} (method: ${s.method})`;
  } catch (err) {
    ui.solvability.textContent = errorMessage(err);
  }
}

/** The board as an editable grid (one line per row, `_` blank, `#` wall), read back by parseBoard. */
function showBoardText(board: Board): void {
  ui.boardText.value = boardAsGrid(board);
  ui.boardText.rows = Math.max(3, board.height + 1);
}

/** Replace the board (and goal) after a shuffle, reset, load or size change. */
function setBoard(board: Board, goal: Board): void {
  stopAnimation();
  state.board = board;
  state.goal = goal;
  state.moveCount = 0;
  showBoardText(board);
  clearSolution();
  renderBoard();
  renderSolvability();
}

/** One move of the blank, from the player or the animation. Returns false when illegal. */
function moveBlank(move: Move): boolean {
  if (!legalMoves(state.board).includes(move)) return false;
  const from = state.board.cells.indexOf(0);
  state.board = applyMoves(state.board, [move]);
  state.moveCount++;
  // The tile that slid now sits where the blank was.
  renderBoard(from);
  showBoardText(state.board);
  return true;
}

function playerMove(move: Move): void {
  if (state.solving) {
    setStatus(ui.status, 'running', 'The board is locked while the solver runs (Cancel to stop it).');
    return;
  }
  stopAnimation();
  if (moveBlank(move)) clearSolution();
}

function rebuildGoalBoard(): void {
  try {
    const { w, h } = chosenSize();
    const goal = goalBoard(w, h, preset());
    setBoard(goal, goal);
    setStatus(ui.status, 'idle', `${w} × ${h} board at its goal. Shuffle to start.`);
  } catch (err) {
    setStatus(ui.status, 'error', errorMessage(err));
  }
}

const MAX_SEED = 0xffff_ffff;

function readSeed(): number {
  const text = ui.seed.value.trim();
  if (text === '') {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0]!;
    ui.seed.value = String(seed);
    return seed;
  }
  const seed = Number(text);
  if (!/^\d+$/.test(text) || seed > MAX_SEED) throw new Error(`seed must be a whole number from 0 to ${MAX_SEED}, got "${text}"`);
  return seed;
}

function readWalk(): number {
  const k = Number(ui.walk.value);
  if (!Number.isInteger(k) || k < 0 || k > 100_000) throw new Error(`K must be a whole number from 0 to 100000, got "${ui.walk.value}"`);
  return k;
}

/** A shuffled board from the current goal with the shuffle settings and the given seed. */
function shuffled(seed: number): Board {
  return ui.shuffleMode.value === 'walk' ? randomWalk(state.goal, readWalk(), seed).board : randomSolvable(state.goal, seed);
}

function shuffle(): void {
  if (state.solving) return;
  try {
    const seed = readSeed();
    const board = shuffled(seed);
    setBoard(board, state.goal);
    const how = ui.shuffleMode.value === 'walk' ? `random walk of ${readWalk()} moves` : 'uniformly random solvable board';
    setStatus(ui.status, 'idle', `Shuffled: ${how}, seed ${seed}.`);
  } catch (err) {
    setStatus(ui.status, 'error', errorMessage(err));
  }
}

function loadFromText(): void {
  if (state.solving) return;
  try {
    const board = parseBoard(ui.boardText.value);
    const goal = goalLike(board, preset());
    const square = board.width === board.height && [3, 4, 5].includes(board.width) && !board.cells.includes(-1);
    ui.size.value = square ? `${board.width}x${board.height}` : 'custom';
    ui.customW.value = String(board.width);
    ui.customH.value = String(board.height);
    ui.customSize.hidden = ui.size.value !== 'custom';
    setBoard(board, goal);
    setStatus(ui.status, 'idle', `Loaded a ${board.width} × ${board.height} board.`);
  } catch (err) {
    setStatus(ui.status, 'error', `Cannot load the board: ${errorMessage(err)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The worker: one job at a time (a solve or a comparison); Cancel terminates it.

let worker: Worker | null = null;
let jobId = 0;
let onReply: ((reply: WorkerReply) => void) | null = null;
let onCrash: ((message: string) => void) | null = null;

function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'searchlab-search' });
  w.onmessage = (e: MessageEvent<WorkerReply>) => {
    const reply = e.data;
    if (reply.id !== jobId) return;
    onReply?.(reply);
  };
  w.onerror = (e) => {
    e.preventDefault();
    const crash = onCrash;
    killWorker();
    crash?.(e.message || 'the search worker failed to start');
  };
  worker = w;
  return w;
}

function killWorker(): void {
  worker?.terminate();
  worker = null;
  onReply = null;
  onCrash = null;
  setBusy(null);
}

function startJob(request: WorkerRequest, handle: (reply: WorkerReply) => void, crash: (message: string) => void): void {
  onReply = handle;
  onCrash = crash;
  getWorker().postMessage(request);
}

/** Enable/disable controls for the job kind running now (null: nothing runs). */
function setBusy(kind: 'solve' | 'compare' | null): void {
  state.solving = kind === 'solve';
  ui.solve.disabled = kind !== null;
  ui.compare.disabled = kind !== null;
  ui.cancel.disabled = kind !== 'solve';
  ui.compareCancel.disabled = kind !== 'compare';
  for (const el of [ui.shuffle, ui.newSeed, ui.reset, ui.load, ui.size, ui.goal]) el.disabled = kind === 'solve';
  document.body.dataset.busy = kind ?? '';
}

function readPositiveInt(input: HTMLInputElement, what: string): number {
  const n = Number(input.value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number of at least 1, got "${input.value}"`);
  return n;
}

function solveSettings(): SolveSettings {
  const algorithm = ui.algorithm.value as Algorithm;
  const settings: SolveSettings = {
    algorithm,
    heuristic: ui.heuristic.value as HeuristicName,
    maxNodes: readPositiveInt(ui.maxNodes, 'the node limit'),
  };
  if (algorithm === 'wastar') {
    const w = Number(ui.weight.value);
    if (!Number.isFinite(w) || w < 1) throw new Error(`the weight must be a number of at least 1, got "${ui.weight.value}"`);
    settings.weight = w;
  }
  if (ui.backend.value !== 'auto') settings.backend = ui.backend.value as Backend;
  return settings;
}

// ---------------------------------------------------------------------------------------------
// Solve, statistics, animation

function showStats(stats: SearchStats | null, extra: { length?: number; backend?: string } = {}): void {
  const values: Record<string, [string, number | string]> = stats
    ? {
        length: extra.length === undefined ? ['–', ''] : [formatCount(extra.length), extra.length],
        expanded: [formatCount(stats.expanded), stats.expanded],
        generated: [formatCount(stats.generated), stats.generated],
        unique: [formatCount(stats.unique), stats.unique],
        maxFrontier: [formatCount(stats.maxFrontier), stats.maxFrontier],
        iterations: [formatCount(stats.iterations), stats.iterations],
        time: [formatTime(stats.timeMs), stats.timeMs],
        rate: [formatRate(stats.expanded, stats.timeMs), stats.timeMs > 0 ? Math.round((stats.expanded / stats.timeMs) * 1000) : ''],
        backend: [extra.backend ?? '–', extra.backend ?? ''],
      }
    : {};
  for (const dd of ui.stats.querySelectorAll<HTMLElement>('dd[data-stat]')) {
    const [text, raw] = values[dd.dataset.stat!] ?? ['–', ''];
    dd.textContent = text;
    dd.dataset.value = String(raw);
  }
}

function clearSolution(): void {
  ui.solution.replaceChildren('–');
  ui.solution.classList.add('muted');
}

function showSolution(moves: readonly Move[]): void {
  ui.solution.classList.remove('muted');
  if (moves.length === 0) {
    ui.solution.replaceChildren('(already at the goal)');
    return;
  }
  ui.solution.replaceChildren(
    ...moves.flatMap((m, i) => {
      const span = document.createElement('span');
      span.textContent = m;
      span.dataset.step = String(i);
      return i === 0 ? [span] : [' ', span];
    }),
  );
}

let animation: { timer: number; moves: readonly Move[]; next: number } | null = null;

function highlightStep(i: number): void {
  for (const span of ui.solution.querySelectorAll('span')) span.classList.toggle('current', span.dataset.step === String(i));
}

function stopAnimation(): void {
  if (!animation) return;
  clearTimeout(animation.timer);
  animation = null;
  ui.stopAnimation.disabled = true;
  ui.board.dataset.animating = 'false';
}

function animate(moves: readonly Move[]): void {
  stopAnimation();
  if (Number(ui.speed.value) === 0) {
    for (const m of moves) moveBlank(m);
    ui.board.dataset.animating = 'false';
    return;
  }
  const run = { timer: 0, moves, next: 0 };
  animation = run;
  ui.stopAnimation.disabled = false;
  ui.board.dataset.animating = 'true';
  const step = (): void => {
    if (animation !== run) return;
    // Speed is re-read every step, so switching to "instant" finishes at once.
    const delay = Number(ui.speed.value);
    do {
      highlightStep(run.next);
      moveBlank(run.moves[run.next++]!);
    } while (delay === 0 && run.next < run.moves.length);
    if (run.next >= run.moves.length) {
      stopAnimation();
      return;
    }
    run.timer = window.setTimeout(step, delay);
  };
  run.timer = window.setTimeout(step, Number(ui.speed.value));
}

function solve(): void {
  if (ui.solve.disabled) return;
  let settings: SolveSettings;
  try {
    settings = solveSettings();
  } catch (err) {
    setStatus(ui.status, 'error', errorMessage(err));
    return;
  }
  stopAnimation();
  clearSolution();
  showStats(null);
  const start = state.board;
  const id = ++jobId;
  setBusy('solve');
  renderBoard();
  const started = performance.now();
  setStatus(ui.status, 'running', `Searching with ${ALGORITHM_LABEL[settings.algorithm]}…`);
  startJob(
    { type: 'solve', id, start, goal: state.goal, settings },
    (reply) => {
      if (reply.type === 'progress') {
        showStats(reply.stats);
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        setStatus(ui.status, 'running', `Searching… ${formatCount(reply.stats.expanded)} nodes expanded (${secs} s).`);
      } else if (reply.type === 'result') {
        setBusy(null);
        renderBoard();
        finishSolve(reply.result);
      } else if (reply.type === 'error') {
        setBusy(null);
        renderBoard();
        setStatus(ui.status, 'error', reply.message);
      }
    },
    (message) => {
      renderBoard();
      setStatus(ui.status, 'error', `Search worker error: ${message}`);
    },
  );
}

function finishSolve(result: SolveResult): void {
  showStats(result.stats, { length: result.length, backend: result.backend });
  switch (result.status) {
    case 'solved': {
      const moves = result.moves ?? [];
      showSolution(moves);
      setStatus(ui.status, 'done', moves.length === 0 ? 'Already solved.' : `Found a solution of ${moves.length} moves.`);
      animate(moves);
      break;
    }
    case 'unsolvable':
      setStatus(ui.status, 'unsolvable', `Unsolvable: ${withoutPrefix(result.reason ?? 'the goal cannot be reached from this board')}`);
      break;
    case 'limit':
      setStatus(ui.status, 'limit', `Stopped: ${result.reason ?? 'limit reached'} (${formatCount(result.stats.expanded)} nodes expanded).`);
      break;
    case 'aborted':
      setStatus(ui.status, 'cancelled', 'Cancelled.');
      break;
  }
}

function cancelSolve(): void {
  if (!state.solving) return;
  killWorker();
  renderBoard();
  setStatus(ui.status, 'cancelled', 'Cancelled: the search worker was stopped.');
}

// ---------------------------------------------------------------------------------------------
// Heuristic comparison

function compareVariants(): CompareVariant[] {
  const variants: CompareVariant[] = HEURISTICS.map((heuristic) => ({ heuristic, countBlank: false }));
  if (ui.compareBlank.checked) {
    // linear-conflict has no blank-counting variant (the contract forbids it).
    for (const heuristic of HEURISTICS) if (heuristic !== 'linear-conflict') variants.push({ heuristic, countBlank: true });
  }
  return variants;
}

function compareBoards(): Board[] {
  if (ui.compareSource.value === 'current') return [state.board];
  const n = Number(ui.compareCount.value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`N must be a whole number from 1 to 1000, got "${ui.compareCount.value}"`);
  const seed = readSeed();
  return Array.from({ length: n }, (_, i) => shuffled((seed + i) % (MAX_SEED + 1)));
}

function compareRowElement(row: CompareRow): HTMLTableRowElement {
  const tr = document.createElement('tr');
  const variant = { heuristic: row.heuristic, countBlank: row.countBlank };
  tr.dataset.heuristic = row.heuristic;
  tr.dataset.countBlank = String(row.countBlank);
  const perBoard = (total: number): string => formatCount(total / row.boards);
  const unsolved = Object.entries(row.unsolved).map(([status, n]) => `${n} ${status}`).join(', ');
  const info = heuristicInfo(variant.heuristic, variant.countBlank);
  const admissible = info.admissible;
  tr.title = info.description;
  const cells: [string, string?][] = [
    [`${row.heuristic}${row.countBlank ? ' + blank' : ''}`],
    [admissible ? 'yes' : 'no', admissible ? 'yes' : 'no'],
    [`${row.solved}/${row.boards}${unsolved ? ` (${unsolved})` : ''}`],
    [row.solved > 0 ? (row.boards === 1 ? String(row.totalLength) : (row.totalLength / row.solved).toFixed(1)) : '–'],
    [perBoard(row.expanded)],
    [formatCount(row.maxFrontier)],
    [formatTime(row.timeMs)],
    [formatRate(row.expanded, row.timeMs)],
  ];
  const keys = ['heuristic', 'admissible', 'solved', 'length', 'expanded', 'maxFrontier', 'time', 'rate'];
  cells.forEach(([text, cls], i) => {
    const td = document.createElement('td');
    td.textContent = text;
    td.dataset.col = keys[i];
    if (cls) td.className = cls;
    tr.append(td);
  });
  return tr;
}

function compare(): void {
  if (ui.compare.disabled) return;
  let boards: Board[];
  let maxNodes: number;
  try {
    boards = compareBoards();
    maxNodes = readPositiveInt(ui.compareMaxNodes, 'the node limit');
  } catch (err) {
    setStatus(ui.compareStatus, 'error', errorMessage(err));
    return;
  }
  const algorithm = ui.compareAlgorithm.value as Algorithm;
  const variants = compareVariants();
  const tbody = ui.compareTable.tBodies[0]!;
  tbody.replaceChildren();
  // With several boards, length and expanded are means per board.
  const head = ui.compareTable.tHead!.rows[0]!.cells;
  head[3]!.textContent = boards.length > 1 ? 'length (mean)' : 'length';
  head[4]!.textContent = boards.length > 1 ? 'expanded (mean)' : 'expanded';
  ui.compareTable.dataset.boards = String(boards.length);
  ui.compareTable.dataset.algorithm = algorithm;
  const id = ++jobId;
  setBusy('compare');
  const what = boards.length === 1 ? 'the current board' : `${boards.length} boards`;
  setStatus(ui.compareStatus, 'running', `Running ${ALGORITHM_LABEL[algorithm]} with ${variants.length} heuristics on ${what}…`);
  startJob(
    { type: 'compare', id, boards, goal: state.goal, variants, settings: { algorithm, maxNodes } },
    (reply) => {
      if (reply.type === 'progress') {
        setStatus(ui.compareStatus, 'running', `Running ${reply.label ?? ''}: ${formatCount(reply.stats.expanded)} nodes expanded…`);
      } else if (reply.type === 'compare-row') {
        tbody.append(compareRowElement(reply.row));
      } else if (reply.type === 'compare-done') {
        setBusy(null);
        setStatus(ui.compareStatus, 'done', `Done: ${ALGORITHM_LABEL[algorithm]} on ${what}, node limit ${formatCount(maxNodes)}.`);
      } else if (reply.type === 'error') {
        setBusy(null);
        setStatus(ui.compareStatus, 'error', reply.message);
      }
    },
    (message) => setStatus(ui.compareStatus, 'error', `Search worker error: ${message}`),
  );
}

function cancelCompare(): void {
  if (!ui.compareCancel.disabled) {
    killWorker();
    setStatus(ui.compareStatus, 'cancelled', 'Cancelled: the search worker was stopped.');
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring

function selectTab(which: 'play' | 'compare'): void {
  ui.tabPlay.setAttribute('aria-selected', String(which === 'play'));
  ui.tabCompare.setAttribute('aria-selected', String(which === 'compare'));
  ui.panelPlay.hidden = which !== 'play';
  ui.panelCompare.hidden = which !== 'compare';
}

function syncAlgorithmControls(): void {
  const algorithm = ui.algorithm.value as Algorithm;
  ui.heuristic.disabled = !INFORMED.has(algorithm);
  ui.heuristicLabel.title = INFORMED.has(algorithm) ? '' : 'this algorithm does not use a heuristic';
  ui.weightLabel.hidden = algorithm !== 'wastar';
  const wasmOption = ui.backend.querySelector<HTMLOptionElement>('option[value="wasm"]')!;
  wasmOption.disabled = !WASM_ALGORITHMS.includes(algorithm);
  if (wasmOption.disabled && ui.backend.value === 'wasm') ui.backend.value = 'auto';
}

fillSelect(ui.algorithm, ALGORITHMS, ALGORITHM_LABEL, 'astar');
fillSelect(ui.heuristic, HEURISTICS, HEURISTIC_LABEL, 'manhattan');
syncAlgorithmControls();

ui.size.addEventListener('change', () => {
  ui.customSize.hidden = ui.size.value !== 'custom';
  rebuildGoalBoard();
});
ui.customW.addEventListener('change', rebuildGoalBoard);
ui.customH.addEventListener('change', rebuildGoalBoard);
ui.goal.addEventListener('change', () => {
  try {
    const goal = goalLike(state.board, preset());
    // An untouched board follows the goal; a shuffled one keeps its tiles and gets the new target.
    if (sameCells(state.board, state.goal)) setBoard(goal, goal);
    else {
      state.goal = goal;
      renderBoard();
      renderSolvability();
    }
  } catch (err) {
    setStatus(ui.status, 'error', errorMessage(err));
  }
});
ui.reset.addEventListener('click', () => {
  setBoard(state.goal, state.goal);
  setStatus(ui.status, 'idle', 'Board reset to the goal.');
});
ui.shuffleMode.addEventListener('change', () => {
  ui.walkLabel.hidden = ui.shuffleMode.value !== 'walk';
});
ui.shuffle.addEventListener('click', shuffle);
ui.newSeed.addEventListener('click', () => {
  ui.seed.value = '';
  shuffle();
});
ui.load.addEventListener('click', loadFromText);
ui.board.addEventListener('click', (e) => {
  const tile = (e.target as HTMLElement).closest<HTMLElement>('.tile');
  const move = tile?.dataset.move as Move | undefined;
  if (move) playerMove(move);
});
document.addEventListener('keydown', (e) => {
  const move = KEY_MOVE[e.key];
  if (!move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target as HTMLElement;
  if (target.closest('input, select, textarea')) return;
  e.preventDefault();
  playerMove(move);
});

ui.tabPlay.addEventListener('click', () => selectTab('play'));
ui.tabCompare.addEventListener('click', () => selectTab('compare'));
ui.algorithm.addEventListener('change', syncAlgorithmControls);
ui.solve.addEventListener('click', solve);
ui.cancel.addEventListener('click', cancelSolve);
ui.stopAnimation.addEventListener('click', stopAnimation);
ui.compareSource.addEventListener('change', () => {
  ui.compareCountLabel.hidden = ui.compareSource.value !== 'generated';
});
ui.compare.addEventListener('click', compare);
ui.compareCancel.addEventListener('click', cancelCompare);

setBusy(null);
rebuildGoalBoard();
document.body.dataset.ready = 'true';
