// The sliding-tile view: mounts the markup, wires the controls to the board, the solve and
// compare panels, and keeps the settings and the board in the URL.
import {
  ALGORITHMS,
  BOUNDED_ALGORITHMS,
  CONSTRUCTIVE_ALGORITHMS,
  HEURISTIC_CHOICES,
  IDA_ALGORITHMS,
  PDB_NAMES,
  WASM_ALGORITHMS,
  boardToText,
  goalBoard,
  goalLike,
  isPdbName,
  parseBoard,
  renderBoard as boardAsGrid,
  type Algorithm,
  type Board,
  type GoalPreset,
  type Move,
} from '@searchlab/engine/puzzle';
import { errorMessage, fillSelect, setStatus } from '../shell/dom.js';
import type { View, ViewContext } from '../shell/view.js';
import { Animator } from './animation.js';
import { BoardView, isLarge } from './board.js';
import { ComparePanel, shuffled } from './compare.js';
import {
  ALGORITHM_LABEL,
  HEURISTIC_5X5,
  HEURISTIC_LABEL,
  INFORMED,
  PERSISTED_IDS,
  chosenSize,
  findControls,
  pdbTitle,
  pdbUsable,
  readSeed,
  readWalk,
  showSize,
  type Controls,
} from './controls.js';
import { KORF_SETS, isKorfSet, korfInstance } from './korf.js';
import type { BusyKind, Lab } from './lab.js';
import { StepPanel } from './step.js';
import { ExperimentPanel } from './experiment.js';
import { SolvePanel } from './solve.js';
import { JobSlot, labWorkers } from '../shell/pool.js';
import template from './view.html';

const KEY_MOVE: Record<string, Move> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const PRESETS: readonly string[] = ['blank-last', 'blank-first'];
const KORF_NODE_LIMIT = 1_000_000_000;
const TABS = ['play', 'compare', 'step', 'experiment'] as const;
type Tab = (typeof TABS)[number];

/**
 * The solve settings a board gets until the user picks others: A* with Manhattan distance for small
 * boards; from 16 cells IDA* with linear conflict and a node limit that is only a time limit (IDA*
 * stores nothing), so a random 15-puzzle solves; past 32×32 the constructive solver, the only one
 * that runs there.
 */
function boardDefaults(board: Board): { algorithm: Algorithm; heuristic: string; maxNodes: string } {
  if (isLarge(board)) return { algorithm: 'construct', heuristic: 'manhattan', maxNodes: '2000000' };
  if (board.width * board.height >= 16) return { algorithm: 'idastar', heuristic: 'linear-conflict', maxNodes: String(KORF_NODE_LIMIT) };
  return { algorithm: 'astar', heuristic: 'manhattan', maxNodes: '2000000' };
}
/** The fields those defaults fill; once the user sets one, the board no longer changes it. */
const DEFAULTED = ['algorithm', 'heuristic', 'max-nodes'] as const;

type Field = HTMLInputElement | HTMLSelectElement;
const fieldValue = (el: Field): string => (el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value);
function setValue(el: Field, value: string): void {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value === '1';
  else if (el instanceof HTMLInputElement || [...el.options].some((o) => o.value === value)) el.value = value;
}

export const puzzleView: View = {
  id: 'puzzle',
  title: 'Sliding tiles',
  mount(ctx) {
    ctx.root.innerHTML = template;
    new PuzzleView(ctx, findControls(ctx.root));
  },
};

class PuzzleView implements Lab {
  readonly board: BoardView;
  readonly jobs = new JobSlot();
  readonly animator: Animator;
  private readonly solvePanel: SolvePanel;
  private readonly comparePanel: ComparePanel;
  private readonly stepPanel: StepPanel;
  private readonly experimentPanel: ExperimentPanel;
  private readonly fields: Field[];
  private readonly defaults: Map<string, string>;
  /** Solve fields the user set (or a link carried): board changes leave them alone. */
  private readonly chosen = new Set<string>();

  constructor(
    private readonly ctx: ViewContext,
    readonly ui: Controls,
  ) {
    this.board = new BoardView(ui, goalBoard(3, 3), () => this.save());
    this.animator = new Animator(
      ui,
      (m) => this.board.move(m),
      (moves) => this.board.moveMany(moves),
    );
    this.solvePanel = new SolvePanel(this);
    this.comparePanel = new ComparePanel(this);
    this.stepPanel = new StepPanel(this);
    this.experimentPanel = new ExperimentPanel(this);
    fillSelect(ui.algorithm, ALGORITHMS, ALGORITHM_LABEL, 'astar');
    fillSelect(ui.heuristic, HEURISTIC_CHOICES, HEURISTIC_LABEL, 'manhattan');
    for (const name of PDB_NAMES) ui.heuristic.querySelector<HTMLOptionElement>(`option[value="${name}"]`)!.title = pdbTitle(name);
    // Parallel IDA* uses every worker of the pool unless fewer are chosen.
    ui.workers.max = ui.workers.value = String(labWorkers());
    this.fields = PERSISTED_IDS.map((id) => ctx.root.querySelector<Field>(`#${id}`)!);
    // Only values that differ from the markup's go into the URL, to keep links short.
    this.defaults = new Map(this.fields.map((el) => [el.id, fieldValue(el)]));
    this.wire();
    ctx.signal.addEventListener('abort', () => {
      this.jobs.stop();
      this.animator.stop();
      this.stepPanel.pause();
    });
    this.restore(ctx.params);
  }

  setBusy(kind: BusyKind | null): void {
    const { ui } = this;
    this.board.locked = kind === 'solve';
    ui.solve.disabled = kind !== null;
    ui.compare.disabled = kind !== null;
    ui.expRun.disabled = kind !== null;
    ui.expCancel.disabled = kind !== 'experiment';
    ui.cancel.disabled = kind !== 'solve';
    ui.compareCancel.disabled = kind !== 'compare';
    for (const el of [ui.shuffle, ui.newSeed, ui.reset, ui.load, ui.korfLoad, ui.size, ui.goal, ui.goalApply]) el.disabled = kind === 'solve';
    document.body.dataset.busy = kind ?? '';
    this.board.render();
  }

  /** Settings and board from a shared or reloaded URL; anything unreadable falls back to a 3×3 at its goal. */
  private restore(params: URLSearchParams): void {
    for (const el of this.fields) {
      const value = params.get(el.id);
      if (value !== null) {
        setValue(el, value);
        this.chosen.add(el.id);
      }
    }
    this.syncControls();
    const tab = params.get('tab');
    this.selectTab(TABS.includes(tab as Tab) ? (tab as Tab) : 'play');
    this.setBusy(null);
    try {
      const goalParam = params.get('goal') ?? 'blank-last';
      const custom = !PRESETS.includes(goalParam);
      this.ui.goal.value = custom ? 'custom' : goalParam;
      this.ui.customGoal.hidden = !custom;
      const [w, h] = (params.get('size') ?? '3x3').split('x').map(Number) as [number, number];
      const start = params.has('board') ? parseBoard(params.get('board')!) : undefined;
      let goal = custom ? parseBoard(goalParam) : goalLike(start ?? goalBoard(w, h), goalParam as GoalPreset);
      if (custom) this.ui.goalText.value = boardAsGrid(goal);
      if (start && (start.width !== goal.width || start.height !== goal.height)) goal = goalLike(start);
      this.replaceBoard(start ?? goal, goal);
    } catch (err) {
      this.ui.goal.value = 'blank-last';
      this.replaceBoard(goalBoard(3, 3), goalBoard(3, 3));
      setStatus(this.ui.status, 'error', `The link's puzzle could not be read (${errorMessage(err)}); showing a 3 × 3 board.`);
    }
  }

  private save(): void {
    const values: Record<string, string | undefined> = {};
    for (const el of this.fields) {
      const value = fieldValue(el);
      // A board's default (boardDefaults) is not a choice: the link leaves it out, as it does the markup's.
      const defaulted = (DEFAULTED as readonly string[]).includes(el.id) && !this.chosen.has(el.id);
      values[el.id] = value === this.defaults.get(el.id) || defaulted ? undefined : value;
    }
    const { board, goal, solved } = this.board;
    values.size = `${board.width}x${board.height}`;
    values.goal = this.ui.goal.value === 'custom' ? boardToText(goal) : this.ui.goal.value;
    values.board = solved || isLarge(board) ? undefined : boardToText(board); // a large board would not fit a link
    const tab = TABS.find((t) => !this.panels()[t].hidden) ?? 'play';
    values.tab = tab === 'play' ? undefined : tab;
    this.ctx.save(values);
  }

  /** A new board (shuffle, reset, load, size or goal): the last search's results no longer apply. */
  private replaceBoard(board: Board, goal: Board): void {
    this.animator.stop();
    this.solvePanel.clear();
    showSize(this.ui, goal.width, goal.height);
    this.board.set(board, goal);
    this.stepPanel.reset();
    this.applyBoardDefaults();
    this.syncControls();
  }

  /** The board's default solve settings, in the fields the user has not set. */
  private applyBoardDefaults(): void {
    const d = boardDefaults(this.board.board);
    const { ui } = this;
    if (!this.chosen.has('algorithm')) ui.algorithm.value = d.algorithm;
    if (!this.chosen.has('heuristic')) ui.heuristic.value = d.heuristic;
    if (!this.chosen.has('max-nodes')) ui.maxNodes.value = d.maxNodes;
  }

  private run(action: () => string): void {
    try {
      setStatus(this.ui.status, 'idle', action());
    } catch (err) {
      setStatus(this.ui.status, 'error', errorMessage(err));
    }
  }

  /** The goal the goal controls ask for, for a board shaped like `like`. */
  private presetGoal(like: Board): Board {
    if (this.ui.goal.value === 'custom') this.ui.goal.value = 'blank-last';
    this.ui.customGoal.hidden = true;
    return goalLike(like, this.ui.goal.value as GoalPreset);
  }

  private changeSize(): string {
    const { w, h } = chosenSize(this.ui);
    const goal = this.presetGoal(goalBoard(w, h));
    this.replaceBoard(goal, goal);
    return `${w} × ${h} board at its goal. Shuffle to start.`;
  }

  /** A new goal: an untouched board follows it; a shuffled one keeps its tiles and gets the new target. */
  private changeGoal(goal: Board): string {
    const { board } = this.board;
    const sameShape = board.width === goal.width && board.height === goal.height;
    if (this.board.solved || !sameShape) this.replaceBoard(goal, goal);
    else this.board.setGoal(goal);
    return 'Goal changed.';
  }

  private shuffle(): string {
    const seed = readSeed(this.ui);
    this.replaceBoard(shuffled(this.ui, this.board.goal, seed), this.board.goal);
    const how = this.ui.shuffleMode.value === 'walk' ? `random walk of ${readWalk(this.ui)} moves` : 'uniformly random solvable board';
    return `Shuffled: ${how}, seed ${seed}.`;
  }

  private load(): string {
    const board = parseBoard(this.ui.boardText.value);
    const { goal } = this.board;
    const keepGoal = this.ui.goal.value === 'custom' && goal.width === board.width && goal.height === board.height;
    this.replaceBoard(board, keepGoal ? goal : this.presetGoal(board));
    return `Loaded a ${board.width} × ${board.height} board.`;
  }

  /**
   * One of Korf's instances at the blank-first goal: a 15-puzzle set up for IDA* with pattern databases
   * (6-6-3 unless others are chosen), a 24-puzzle for anytime search (or weighted IDA*, if chosen) with
   * the 5-5-5-5-4 databases (kept if 6-6-6-6, auto or linear conflict is chosen).
   */
  private loadKorf(): string {
    const { ui } = this;
    const set = ui.korfSet.value;
    if (!isKorfSet(set)) throw new Error(`unknown set of Korf's instances "${set}"`);
    const id = Number(ui.korf.value);
    const korf = korfInstance(id, set);
    if (korf === undefined) throw new Error(`Korf's ${KORF_SETS[set].count} are numbered 1 to ${KORF_SETS[set].count}, got "${ui.korf.value}"`);
    ui.goal.value = 'blank-first';
    ui.customGoal.hidden = true;
    this.replaceBoard(korf.start, korf.goal);
    const { side } = KORF_SETS[set];
    const usable = isPdbName(ui.heuristic.value) && pdbUsable(ui.heuristic.value, side, side);
    if (set === '15') {
      ui.algorithm.value = 'idastar';
      if (!usable && ui.heuristic.value !== 'auto') ui.heuristic.value = 'pdb663';
    } else {
      if (ui.algorithm.value !== 'wida') ui.algorithm.value = 'anytime';
      // Linear conflict is kept only when the user chose it (it is also the board's default).
      const chosenLc = ui.heuristic.value === 'linear-conflict' && this.chosen.has('heuristic');
      if (!usable && ui.heuristic.value !== 'auto' && !chosenLc) ui.heuristic.value = HEURISTIC_5X5;
    }
    // IDA* stores almost nothing: a node limit is only a time limit here, so lift the small default.
    if (Number(ui.maxNodes.value) < KORF_NODE_LIMIT) ui.maxNodes.value = String(KORF_NODE_LIMIT);
    for (const id of DEFAULTED) this.chosen.add(id); // the instance's settings, kept in the link
    this.syncControls();
    this.save();
    const how = `${ALGORITHM_LABEL[ui.algorithm.value as Algorithm].replace(/ \(.*/, '')} with ${ui.heuristic.selectedOptions[0]?.textContent ?? ui.heuristic.value}`;
    return `Korf's #${id} loaded (published optimum: ${korf.optimal} moves). Solve runs ${how}.`;
  }

  private playerMove(move: Move): void {
    if (this.board.locked) {
      setStatus(this.ui.status, 'running', 'The board is locked while the solver runs (Cancel to stop it).');
      return;
    }
    this.animator.stop();
    if (this.board.move(move)) {
      this.solvePanel.clear();
      this.stepPanel.reset();
    }
  }

  /** The h beside the board follows the heuristic just chosen (when it is one the board can show tile by tile). */
  private showH(heuristic: string): void {
    if ([...this.ui.hHeuristic.options].some((o) => o.value === heuristic)) {
      this.ui.hHeuristic.value = heuristic;
      this.board.render();
    }
  }

  private panels(): Record<Tab, HTMLElement> {
    const { ui } = this;
    return { play: ui.panelPlay, compare: ui.panelCompare, step: ui.panelStep, experiment: ui.panelExperiment };
  }

  private selectTab(which: Tab): void {
    const { ui } = this;
    const tabs: Record<Tab, HTMLElement> = { play: ui.tabPlay, compare: ui.tabCompare, step: ui.tabStep, experiment: ui.tabExperiment };
    for (const t of TABS) {
      tabs[t].setAttribute('aria-selected', String(t === which));
      this.panels()[t].hidden = t !== which;
    }
    if (which !== 'step') this.stepPanel.pause();
  }

  /** Show only the controls that apply to the chosen settings. */
  private syncControls(): void {
    const { ui } = this;
    const algorithm = ui.algorithm.value as Algorithm;
    ui.heuristic.disabled = !INFORMED.has(algorithm);
    ui.heuristicLabel.title = INFORMED.has(algorithm) ? '' : 'this algorithm does not use a heuristic';
    ui.weightLabel.hidden = !BOUNDED_ALGORITHMS.includes(algorithm);
    ui.workersLabel.hidden = algorithm !== 'idastar';
    const wasmOption = ui.backend.querySelector<HTMLOptionElement>('option[value="wasm"]')!;
    wasmOption.disabled = !WASM_ALGORITHMS.includes(algorithm);
    if (wasmOption.disabled && ui.backend.value === 'wasm') ui.backend.value = 'auto';
    ui.walkLabel.hidden = ui.shuffleMode.value !== 'walk';
    ui.korf.max = String(KORF_SETS[isKorfSet(ui.korfSet.value) ? ui.korfSet.value : '15'].count);
    // Pattern databases are offered for the board's size only, and only when their tables fit this device.
    const { width, height } = this.board.board;
    for (const name of PDB_NAMES) ui.heuristic.querySelector<HTMLOptionElement>(`option[value="${name}"]`)!.disabled = !pdbUsable(name, width, height);
    // Past 32×32 only the constructive solver runs: the searches are not offered there.
    const large = isLarge(this.board.board);
    for (const option of ui.algorithm.options) option.disabled = large && !CONSTRUCTIVE_ALGORITHMS.includes(option.value as Algorithm);
    if (ui.algorithm.selectedOptions[0]?.disabled === true) ui.algorithm.value = CONSTRUCTIVE_ALGORITHMS[0]!;
    ui.compareCountLabel.hidden = ui.compareSource.value !== 'generated';
  }

  private wire(): void {
    const { ui } = this;
    const { ctx } = this;
    const { signal } = ctx;
    const on = (el: EventTarget, type: string, handler: (e: Event) => void): void => el.addEventListener(type, handler, { signal });
    const act = (action: () => string) => () => this.run(action);

    on(
      ui.size,
      'change',
      act(() => this.changeSize()),
    );
    on(
      ui.customW,
      'change',
      act(() => this.changeSize()),
    );
    on(
      ui.customH,
      'change',
      act(() => this.changeSize()),
    );
    on(ui.goal, 'change', () => {
      ui.customGoal.hidden = ui.goal.value !== 'custom';
      if (ui.goal.value !== 'custom') this.run(() => this.changeGoal(this.presetGoal(this.board.board)));
      else if (ui.goalText.value.trim() === '') ui.goalText.value = boardAsGrid(this.board.goal);
    });
    on(
      ui.goalApply,
      'click',
      act(() => this.changeGoal(parseBoard(ui.goalText.value))),
    );
    on(
      ui.reset,
      'click',
      act(() => {
        this.replaceBoard(this.board.goal, this.board.goal);
        return 'Board reset to the goal.';
      }),
    );
    // After a shuffle the board has the focus: the arrow keys play at once, wherever the click left it.
    const toBoard = (): void => ui.board.focus({ preventScroll: true });
    on(ui.shuffle, 'click', () => {
      this.run(() => this.shuffle());
      toBoard();
    });
    on(ui.newSeed, 'click', () => {
      ui.seed.value = '';
      this.run(() => this.shuffle());
      toBoard();
    });
    on(ui.load, 'click', () => {
      if (!this.board.locked) this.run(() => this.load());
    });
    on(ui.korfLoad, 'click', () => {
      if (!this.board.locked) this.run(() => this.loadKorf());
    });
    // Pattern databases run with the IDA* family only: choosing one picks IDA* (unless one of the family
    // is chosen), leaving the family drops the databases.
    const idaFamily = (): boolean => IDA_ALGORITHMS.includes(ui.algorithm.value as Algorithm);
    for (const id of DEFAULTED) on(ctx.root.querySelector(`#${id}`)!, 'change', () => this.chosen.add(id));
    on(ui.heuristic, 'change', () => {
      if (isPdbName(ui.heuristic.value) && !idaFamily()) ui.algorithm.value = 'idastar';
      this.showH(ui.heuristic.value);
    });
    on(ui.algorithm, 'change', () => {
      if (!idaFamily() && isPdbName(ui.heuristic.value)) ui.heuristic.value = 'linear-conflict';
    });
    on(ui.board, 'click', (e) => {
      const move = (e.target as HTMLElement).closest<HTMLElement>('.tile')?.dataset.move as Move | undefined;
      if (move) this.playerMove(move);
    });
    on(document, 'keydown', (e) => {
      const k = e as KeyboardEvent;
      // Space = Next in the Step panel (a focused control keeps its own space).
      if (k.key === ' ' && !ui.panelStep.hidden && !(k.target as HTMLElement).closest('input, select, textarea, button, summary')) {
        k.preventDefault();
        this.stepPanel.next();
        return;
      }
      const move = KEY_MOVE[k.key];
      if (!move || k.altKey || k.ctrlKey || k.metaKey || k.shiftKey) return;
      if ((k.target as HTMLElement).closest('input, select, textarea')) return;
      k.preventDefault();
      this.playerMove(move);
    });
    on(ui.tabPlay, 'click', () => this.selectTab('play'));
    on(ui.tabCompare, 'click', () => this.selectTab('compare'));
    on(ui.tabStep, 'click', () => this.selectTab('step'));
    on(ui.tabExperiment, 'click', () => this.selectTab('experiment'));
    on(ui.stepNext, 'click', () => this.stepPanel.next());
    on(ui.stepBack, 'click', () => this.stepPanel.back());
    on(ui.stepPlay, 'click', () => this.stepPanel.togglePlay());
    on(ui.stepRun, 'click', () => this.stepPanel.runToEnd());
    on(ui.stepStart, 'click', () => this.stepPanel.reset());
    on(ui.stepAlgorithm, 'change', () => this.stepPanel.reset());
    on(ui.stepHeuristic, 'change', () => {
      this.stepPanel.reset();
      this.showH(ui.stepHeuristic.value);
    });
    on(ui.hHeuristic, 'change', () => this.board.render());
    on(ui.expRun, 'click', () => this.experimentPanel.run());
    on(ui.expCancel, 'click', () => this.experimentPanel.cancel());
    on(ui.solve, 'click', () => this.solvePanel.solve());
    on(ui.cancel, 'click', () => this.solvePanel.cancel());
    on(ui.stopAnimation, 'click', () => this.animator.stop());
    on(ui.compare, 'click', () => this.comparePanel.run());
    on(ui.compareCancel, 'click', () => this.comparePanel.cancel());
    // Any settings change (or tab click) is reflected in the URL.
    on(this.ctx.root, 'change', () => {
      this.syncControls();
      this.save();
    });
    on(this.ctx.root, 'click', () => this.save());
  }
}
