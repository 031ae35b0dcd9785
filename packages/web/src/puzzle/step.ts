// The Step panel: the engine's step API (one expansion per Next), the open list in pop order, the
// closed-set size, IDA* thresholds and the search tree (laid out by d3-hierarchy). It runs on the
// main thread: it is the reference-speed path, meant for a few thousand steps. Back replays from
// the start (exact, and quick at these sizes).
import { stratify, tree, type HierarchyPointNode } from 'd3-hierarchy';
import {
  STEP_ALGORITHMS,
  nextStep,
  puzzleSteps,
  type Board,
  type HeuristicName,
  type Move,
  type PuzzleStepSearch,
  type StepAlgorithm,
  type FrontierEntry,
  type StepEvent,
  type StepNode,
  type TileState,
} from '@searchlab/engine/puzzle';
import { errorMessage, fillSelect, formatCount, setStatus } from '../shell/dom.js';
import type { Lab } from './lab.js';

type Event = StepEvent<TileState, Move>;
type Node = StepNode<TileState, Move>;
type TreeStatus = 'expanded' | 'frontier' | 'pruned' | 'duplicate' | 'goal';

/** The Step mode takes boards of at most this many cells (4 × 4). */
export const STEP_MAX_CELLS = 16;
/** Nodes drawn in the tree; later ones are still searched, not drawn. */
export const TREE_MAX = 300;
/** Expansions a Step search may make before it stops (the lab's node limit): keeps Run to end short. */
export const STEP_MAX_NODES = 200_000;
/** Run to end: steps per slice before the page gets a frame. */
const RUN_SLICE = 2000;

const STEP_LABEL: Record<StepAlgorithm, string> = {
  bfs: 'BFS',
  dfs: 'DFS (depth limit 50)',
  iddfs: 'IDDFS',
  ucs: 'UCS',
  greedy: 'greedy best-first',
  astar: 'A*',
  wastar: 'weighted A* (w = 2)',
  idastar: 'IDA*',
};
const ORDER_HEAD: Record<StepAlgorithm, string> = {
  bfs: 'queued',
  dfs: 'stack',
  iddfs: 'stack',
  idastar: 'stack',
  ucs: 'inserted',
  greedy: 'inserted',
  astar: 'inserted',
  wastar: 'inserted',
};
const INFORMED = new Set<StepAlgorithm>(['greedy', 'astar', 'wastar', 'idastar']);

interface TreeNode {
  node: Node;
  status: TreeStatus;
}

/** A small board as a grid of cells (the open list, the current node, a clicked tree node). */
export function miniBoard(board: Board): HTMLElement {
  const el = document.createElement('div');
  el.className = 'mini-board';
  el.style.setProperty('--w', String(board.width));
  el.dataset.cells = board.cells.join(' ');
  for (const v of board.cells) {
    const cell = document.createElement('span');
    cell.className = v > 0 ? 'tile' : v === 0 ? 'blank' : 'wall';
    cell.textContent = v > 0 ? String(v) : '';
    el.append(cell);
  }
  return el;
}

const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

export class StepPanel {
  private search: PuzzleStepSearch | null = null;
  private start: Board | null = null;
  private goal: Board | null = null;
  private steps = 0;
  private current: Node | null = null;
  private outcome: string | null = null;
  private thresholds: number[] = [];
  private treeNodes = new Map<number, TreeNode>();
  private path = new Set<number>();
  private childrenLine = '';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly lab: Lab) {
    fillSelect(lab.ui.stepAlgorithm, STEP_ALGORITHMS, STEP_LABEL, 'astar');
  }

  /** The board changed (or the settings): the next Next starts over. */
  reset(): void {
    this.pause();
    this.search = null;
    this.steps = 0;
    this.clearState();
    this.render();
  }

  next(): void {
    this.pause();
    this.guard(() => this.advance(1));
  }

  back(): void {
    this.pause();
    if (this.steps === 0) return;
    this.guard(() => this.replayTo(this.steps - 1));
  }

  /** Play: one step per tick at the chosen speed, until the end or Pause. */
  togglePlay(): void {
    if (this.timer !== null) {
      this.pause();
      return;
    }
    this.lab.ui.stepPlay.textContent = 'Pause';
    const tick = (): void => {
      this.guard(() => this.advance(1));
      if (this.outcome !== null) this.pause();
      else this.timer = setTimeout(tick, Number(this.lab.ui.stepSpeed.value));
    };
    tick();
  }

  /** Run to end in slices, so the page stays responsive; the node limit keeps it bounded. */
  runToEnd(): void {
    this.pause();
    this.lab.ui.stepPlay.textContent = 'Play';
    // Only the status is updated between slices: sorting a large open list for every slice would cost more than the search.
    const slice = (): void => {
      this.guard(() => this.advance(RUN_SLICE, false));
      if (this.outcome === null && this.search !== null) {
        setStatus(this.lab.ui.stepStatus, 'running', `${this.statusText()} Running…`);
        this.timer = setTimeout(slice, 0);
      } else {
        this.timer = null;
        if (this.search !== null) this.render();
      }
    };
    slice();
  }

  pause(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.lab.ui.stepPlay.textContent = 'Play';
  }

  private guard(action: () => void): void {
    try {
      action();
    } catch (err) {
      this.pause();
      this.search = null;
      setStatus(this.lab.ui.stepStatus, 'error', errorMessage(err));
    }
  }

  /** A new search of `start` to `goal` (default: the lab's board and goal) with the panel's settings. */
  private begin(start = this.lab.board.board, goal = this.lab.board.goal): void {
    const { ui } = this.lab;
    const cells = start.cells.filter((c) => c >= 0).length;
    if (cells > STEP_MAX_CELLS) throw new Error(`Step mode takes boards of up to ${STEP_MAX_CELLS} cells (4 × 4); this one has ${cells}.`);
    this.start = start;
    this.goal = goal;
    this.search = puzzleSteps(start, goal, {
      algorithm: ui.stepAlgorithm.value as StepAlgorithm,
      heuristic: ui.stepHeuristic.value as HeuristicName,
      maxNodes: STEP_MAX_NODES,
    });
    this.steps = 0;
    this.clearState();
  }

  private clearState(): void {
    this.current = null;
    this.outcome = null;
    this.thresholds = [];
    this.treeNodes = new Map();
    this.path = new Set();
    this.childrenLine = '';
  }

  /** `count` more steps (starting a search when there is none), then one render unless told not to. */
  private advance(count: number, render = true): void {
    if (this.search === null) this.begin();
    for (let i = 0; i < count && this.outcome === null; i++) this.apply(nextStep(this.search!.events));
    if (render) this.render();
  }

  /** Back: the same search (same board and goal, whatever the board shows now) replayed to `steps`. */
  private replayTo(steps: number): void {
    this.begin(this.start ?? undefined, this.goal ?? undefined);
    for (let i = 0; i < steps && this.outcome === null; i++) this.apply(nextStep(this.search!.events));
    this.render();
  }

  private apply(events: Event[]): void {
    if (events.length === 0) return;
    this.steps++;
    const children: string[] = [];
    for (const e of events) {
      switch (e.kind) {
        case 'iteration':
          this.thresholds.push(e.bound);
          this.treeNodes = new Map(); // a new iteration draws a new tree
          break;
        case 'select':
          this.current = e.node;
          this.addTree(e.node, 'expanded');
          break;
        case 'generate': {
          this.addTree(e.node, e.fate === 'pruned' ? 'pruned' : e.fate === 'duplicate' ? 'duplicate' : 'frontier');
          children.push(`${e.node.action} (${e.fate})`);
          break;
        }
        case 'goal':
          this.current = e.node;
          this.addTree(e.node, 'goal');
          for (let n: Node | null = e.node; n !== null; n = n.parent as Node | null) this.path.add(n.id);
          break;
        case 'end':
          this.outcome = e.outcome;
          break;
        case 'stale':
          break;
      }
    }
    this.childrenLine = children.length > 0 ? `Children: ${children.join(', ')}.` : '';
  }

  private addTree(node: Node, status: TreeStatus): void {
    const known = this.treeNodes.get(node.id);
    if (known !== undefined) {
      known.status = status;
      return;
    }
    if (this.treeNodes.size >= TREE_MAX) return;
    if (node.parentId !== null && !this.treeNodes.has(node.parentId)) return;
    this.treeNodes.set(node.id, { node, status });
  }

  private render(): void {
    const { ui } = this.lab;
    const search = this.search;
    const algorithm = ui.stepAlgorithm.value as StepAlgorithm;
    ui.stepHeuristic.disabled = !INFORMED.has(algorithm);
    ui.stepBack.disabled = this.steps === 0;
    ui.stepOrderHead.textContent = ORDER_HEAD[algorithm];
    ui.panelStep.dataset.steps = String(this.steps);
    const set = (key: string, text: string): void => {
      const dd = ui.stepNode.querySelector<HTMLElement>(`[data-step="${key}"]`)!;
      dd.textContent = text;
    };
    const n = this.current;
    const counters = search?.counters;
    const open = search?.frontier(Number.MAX_SAFE_INTEGER) ?? [];
    set('g', n ? num(n.g) : '–');
    set('h', n ? num(n.h) : '–');
    set('f', n ? num(n.f) : '–');
    set('depth', n ? String(n.depth) : '–');
    set('expanded', formatCount(counters?.expanded ?? 0));
    set('generated', formatCount(counters?.generated ?? 0));
    set('open', search ? formatCount(open.length) : '–');
    set('closed', formatCount(search?.closedSize() ?? 0));
    // Depth-first searches keep no closed set: what they hold is the path.
    const depthFirst = algorithm === 'dfs' || algorithm === 'iddfs' || algorithm === 'idastar';
    ui.stepNode.querySelector<HTMLElement>('[data-step="closed"]')!.previousElementSibling!.textContent = depthFirst ? 'on the path' : 'closed';
    ui.stepNode.querySelector<HTMLElement>('[data-step="open"]')!.previousElementSibling!.textContent = depthFirst ? 'to visit' : 'open';
    ui.stepBoard.replaceChildren(...(n && search ? [miniBoard(search.board(n.state))] : []));
    ui.stepThresholds.hidden = this.thresholds.length === 0;
    ui.stepThresholds.textContent = `${algorithm === 'idastar' ? 'Thresholds (f)' : 'Depth limits'}: ${this.thresholds.map(num).join(', then ')}`;
    ui.stepChildren.textContent = this.childrenLine;
    this.renderOpen(open.slice(0, 20));
    this.renderTree(new Set(open.map((e) => e.node.id)));
    const state = this.outcome === 'found' ? 'done' : this.outcome === 'node-limit' ? 'limit' : this.outcome === 'exhausted' ? 'unsolvable' : 'idle';
    setStatus(ui.stepStatus, state, this.statusText());
  }

  private statusText(): string {
    if (this.search === null) return 'Press Next (or space) to take the first node.';
    const c = this.search.counters;
    const at = `Step ${this.steps}: ${formatCount(c.expanded)} expanded, ${formatCount(c.generated)} generated.`;
    switch (this.outcome) {
      case 'found': {
        const goal = this.current!;
        return `${at} Goal reached: ${goal.depth} moves.`;
      }
      case 'node-limit':
        return `${at} Stopped at the lab's limit of ${formatCount(STEP_MAX_NODES)} expansions.`;
      case 'exhausted':
        return `${at} Exhausted: no solution.`;
      default:
        return at;
    }
  }

  private renderOpen(top: readonly FrontierEntry<TileState, Move>[]): void {
    const { ui } = this.lab;
    const body = ui.stepOpenTable.tBodies[0]!;
    const search = this.search;
    if (search === null) {
      body.replaceChildren();
      return;
    }
    body.replaceChildren(
      ...top.map((entry, i) => {
        const tr = document.createElement('tr');
        tr.dataset.id = String(entry.node.id);
        const cells = [String(i + 1), '', num(entry.node.g), num(entry.node.h), num(entry.node.f), String(entry.seq)];
        for (const [k, text] of cells.entries()) {
          const td = document.createElement('td');
          if (k === 1) td.append(miniBoard(search.board(entry.node.state)));
          else td.textContent = text;
          tr.append(td);
        }
        tr.cells[2]!.dataset.col = 'g';
        tr.cells[3]!.dataset.col = 'h';
        tr.cells[4]!.dataset.col = 'f';
        return tr;
      }),
    );
  }

  /** The tree laid out by d3-hierarchy's tidy tree, drawn as SVG; a click shows a node's board. */
  private renderTree(open: ReadonlySet<number>): void {
    const { ui } = this.lab;
    const host = ui.stepTree;
    const search = this.search;
    if (search === null || this.treeNodes.size === 0) {
      host.replaceChildren();
      ui.stepDetail.hidden = true;
      return;
    }
    const items = [...this.treeNodes.values()];
    const root = stratify<TreeNode>()
      .id((d) => String(d.node.id))
      .parentId((d) => (d.node.parentId === null || d === items[0] ? null : String(d.node.parentId)))(items);
    const dx = 16;
    const dy = 42;
    const laid = tree<TreeNode>().nodeSize([dx, dy])(root);
    let x0 = Infinity;
    let x1 = -Infinity;
    laid.each((d) => {
      x0 = Math.min(x0, d.x);
      x1 = Math.max(x1, d.x);
    });
    const width = x1 - x0 + 2 * dx;
    const height = (laid.height + 1) * dy;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
    svg.setAttribute('viewBox', `${x0 - dx} ${-dy / 2} ${width} ${height}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `search tree, ${this.treeNodes.size} nodes`);
    for (const link of laid.links()) {
      const line = document.createElementNS(ns, 'line');
      line.setAttribute('x1', String(link.source.x));
      line.setAttribute('y1', String(link.source.y));
      line.setAttribute('x2', String(link.target.x));
      line.setAttribute('y2', String(link.target.y));
      line.setAttribute('class', this.path.has(link.target.data.node.id) ? 'link path' : 'link');
      svg.append(line);
    }
    laid.each((d: HierarchyPointNode<TreeNode>) => {
      const { node, status } = d.data;
      const g = document.createElementNS(ns, 'g');
      const shown = status === 'frontier' && !open.has(node.id) ? 'expanded' : status;
      g.setAttribute('class', `node ${shown}${this.path.has(node.id) ? ' path' : ''}${node.id === this.current?.id ? ' current' : ''}`);
      g.setAttribute('transform', `translate(${d.x},${d.y})`);
      g.dataset.id = String(node.id);
      const circle = document.createElementNS(ns, 'circle');
      circle.setAttribute('r', '6');
      const title = document.createElementNS(ns, 'title');
      title.textContent = `#${node.id} ${node.action ?? 'start'}: g ${num(node.g)}, h ${num(node.h)}, f ${num(node.f)} (${shown})`;
      const label = document.createElementNS(ns, 'text');
      label.setAttribute('dy', '18');
      label.textContent = num(node.f);
      g.append(circle, title, label);
      svg.append(g);
    });
    svg.addEventListener('click', (e) => {
      const id = (e.target as Element).closest('g.node')?.getAttribute('data-id');
      const item = id == null ? undefined : this.treeNodes.get(Number(id));
      if (item !== undefined) this.showDetail(item);
    });
    host.replaceChildren(svg);
  }

  private showDetail(item: TreeNode): void {
    const { ui } = this.lab;
    const { node } = item;
    ui.stepDetail.hidden = false;
    ui.stepDetail.dataset.id = String(node.id);
    const text = document.createElement('p');
    text.textContent = `Node #${node.id} (${node.action ?? 'start'}, ${item.status}): g = ${num(node.g)}, h = ${num(node.h)}, f = ${num(node.f)}, depth ${node.depth}.`;
    ui.stepDetail.replaceChildren(text, miniBoard(this.search!.board(node.state)));
  }
}
