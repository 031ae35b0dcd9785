// The puzzle view's form controls: lookup, labels, and reading validated settings from them.
import { defaultMemoryBytes, type Backend } from '@searchlab/engine';
import {
  BOUNDED_ALGORITHMS,
  INFORMED_ALGORITHMS,
  PDB_SPECS,
  isPdbName,
  pdbBuildBytes,
  pdbTableBytes,
  type Algorithm,
  type HeuristicChoice,
  type PdbName,
  type SolveSettings,
} from '@searchlab/engine/puzzle';

/** The form's settings: the engine's, with the algorithm always chosen. */
export type FormSettings = SolveSettings & { algorithm: Algorithm };
import { byId } from '../shell/dom.js';

export function findControls(root: HTMLElement) {
  const $ = byId(root);
  return {
    size: $<HTMLSelectElement>('size'),
    customSize: $('custom-size'),
    customW: $<HTMLInputElement>('custom-w'),
    customH: $<HTMLInputElement>('custom-h'),
    goal: $<HTMLSelectElement>('goal'),
    customGoal: $('custom-goal'),
    goalText: $<HTMLTextAreaElement>('goal-text'),
    goalApply: $<HTMLButtonElement>('goal-apply'),
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
    korfSet: $<HTMLSelectElement>('korf-set'),
    korf: $<HTMLInputElement>('korf'),
    korfLoad: $<HTMLButtonElement>('korf-load'),
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
    workersLabel: $('workers-label'),
    workers: $<HTMLInputElement>('workers'),
    parallel: $('parallel'),
    maxNodesLabel: $('max-nodes-label'),
    maxNodes: $<HTMLInputElement>('max-nodes'),
    solve: $<HTMLButtonElement>('solve'),
    cancel: $<HTMLButtonElement>('cancel'),
    speed: $<HTMLSelectElement>('speed'),
    stopAnimation: $<HTMLButtonElement>('stop-animation'),
    status: $('status'),
    pdbBuild: $('pdb-build'),
    pdbLabel: $('pdb-label'),
    pdbProgress: $<HTMLProgressElement>('pdb-progress'),
    anytimeChart: $('anytime-chart'),
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
    compareNote: $('compare-note'),
    compareTable: $<HTMLTableElement>('compare-table'),
    compareChart: $('compare-chart'),
    hHeuristic: $<HTMLSelectElement>('h-heuristic'),
    hValue: $<HTMLOutputElement>('h-value'),
    hKey: $('h-key'),
    trace: $<HTMLDetailsElement>('trace'),
    traceNote: $('trace-note'),
    traceTable: $<HTMLTableElement>('trace-table'),
    tabStep: $<HTMLButtonElement>('tab-step'),
    tabExperiment: $<HTMLButtonElement>('tab-experiment'),
    panelStep: $('panel-step'),
    panelExperiment: $('panel-experiment'),
    stepAlgorithm: $<HTMLSelectElement>('step-algorithm'),
    stepHeuristic: $<HTMLSelectElement>('step-heuristic'),
    stepSpeed: $<HTMLSelectElement>('step-speed'),
    stepStart: $<HTMLButtonElement>('step-start'),
    stepNext: $<HTMLButtonElement>('step-next'),
    stepBack: $<HTMLButtonElement>('step-back'),
    stepPlay: $<HTMLButtonElement>('step-play'),
    stepRun: $<HTMLButtonElement>('step-run'),
    stepStatus: $('step-status'),
    stepBoard: $('step-board'),
    stepNode: $('step-node'),
    stepThresholds: $('step-thresholds'),
    stepChildren: $('step-children'),
    stepOpenTable: $<HTMLTableElement>('step-open-table'),
    stepOrderHead: $('step-order-head'),
    stepTree: $('step-tree'),
    stepDetail: $('step-detail'),
    expDepths: $<HTMLInputElement>('exp-depths'),
    expPerDepth: $<HTMLInputElement>('exp-per-depth'),
    expCap: $<HTMLInputElement>('exp-cap'),
    expSeed: $<HTMLInputElement>('exp-seed'),
    expIddfs: $<HTMLInputElement>('exp-iddfs'),
    expMisplaced: $<HTMLInputElement>('exp-misplaced'),
    expManhattan: $<HTMLInputElement>('exp-manhattan'),
    expLinearConflict: $<HTMLInputElement>('exp-linear-conflict'),
    expRun: $<HTMLButtonElement>('exp-run'),
    expCancel: $<HTMLButtonElement>('exp-cancel'),
    expStatus: $('exp-status'),
    expProgress: $<HTMLProgressElement>('exp-progress'),
    expTable: $<HTMLTableElement>('exp-table'),
    expChart: $('exp-chart'),
  };
}
export type Controls = ReturnType<typeof findControls>;

/** Controls whose values live in the URL as they are, keyed by their id. */
export const PERSISTED_IDS = [
  'korf-set',
  'korf',
  'shuffle-mode',
  'walk',
  'seed',
  'algorithm',
  'heuristic',
  'weight',
  'backend',
  'workers',
  'max-nodes',
  'speed',
  'compare-algorithm',
  'compare-source',
  'compare-count',
  'compare-max-nodes',
  'compare-blank',
  'h-heuristic',
  'step-algorithm',
  'step-heuristic',
  'step-speed',
  'exp-depths',
  'exp-per-depth',
  'exp-cap',
  'exp-seed',
] as const;

export const ALGORITHM_LABEL: Record<Algorithm, string> = {
  bfs: 'BFS (breadth-first)',
  dfs: 'DFS (depth-limited)',
  iddfs: 'IDDFS (iterative deepening)',
  ucs: 'UCS (uniform cost)',
  dijkstra: 'Dijkstra (full sweep)',
  greedy: 'greedy best-first',
  astar: 'A*',
  wastar: 'weighted A*',
  idastar: 'IDA*',
  wida: 'weighted IDA* (≤ w × optimal)',
  anytime: 'anytime (until optimal)',
  construct: 'constructive (any size)',
};
export const INFORMED = new Set<Algorithm>(INFORMED_ALGORITHMS);
const MB = (bytes: number): string => `${Math.ceil(bytes / 2 ** 20)} MB`;
/** The memory the lab lets a solve (and its pattern databases) use: the engine's default for this device. */
export const LAB_MEMORY_BYTES = defaultMemoryBytes('wasm');
/** The partition's pattern sizes as people write them: "6-6-3". */
export const pdbSplit = (name: PdbName): string => PDB_SPECS[name].patterns.map((p) => p.length).join('-');
/** What an option of the heuristic list says when pointed at (the labels stay short for phones). */
export function pdbTitle(name: PdbName): string {
  const spec = PDB_SPECS[name];
  const over = pdbTableBytes(spec) > LAB_MEMORY_BYTES ? ` (over this device's budget of ${MB(LAB_MEMORY_BYTES)})` : '';
  return (
    `additive pattern databases ${pdbSplit(name)} with reflection (${spec.width * spec.height - 1}-puzzle; IDA*, weighted IDA*, anytime): ` +
    `${MB(pdbTableBytes(spec))}, building needs ${MB(pdbBuildBytes(spec))}${over}`
  );
}
/** Whether the databases apply to a W×H board and their tables fit this device's budget. */
export const pdbUsable = (name: PdbName, w: number, h: number): boolean =>
  PDB_SPECS[name].width === w && PDB_SPECS[name].height === h && pdbTableBytes(PDB_SPECS[name]) <= LAB_MEMORY_BYTES;
/** The 24-puzzle's default heuristic: the cheap 5-5-5-5-4 databases (built in seconds; 6-6-6-6 takes minutes). */
export const HEURISTIC_5X5: HeuristicChoice = 'pdb55554';
export const HEURISTIC_LABEL: Record<HeuristicChoice, string> = {
  misplaced: 'misplaced tiles',
  manhattan: 'Manhattan distance',
  euclidean: 'Euclidean distance',
  'linear-conflict': 'linear conflict',
  pdb555: 'PDB 5-5-5',
  pdb663: 'PDB 6-6-3',
  pdb78: 'PDB 7-8',
  pdb6666: 'PDB 6-6-6-6',
  pdb55554: 'PDB 5-5-5-5-4',
  auto: 'auto (best PDB that fits)',
};

export const MAX_SEED = 0xffff_ffff;

/** Width and height chosen in the size controls (whole numbers; the engine checks the range). */
export function chosenSize(ui: Controls): { w: number; h: number } {
  if (ui.size.value !== 'custom') {
    const [w, h] = ui.size.value.split('x').map(Number) as [number, number];
    return { w, h };
  }
  const w = Number(ui.customW.value);
  const h = Number(ui.customH.value);
  if (!Number.isInteger(w) || !Number.isInteger(h)) throw new Error(`W and H must be whole numbers, got "${ui.customW.value}" × "${ui.customH.value}"`);
  return { w, h };
}

/** Show a W×H size in the controls: a preset when there is one (unless custom is chosen), else custom W × H. */
export function showSize(ui: Controls, w: number, h: number): void {
  const preset = ui.size.value !== 'custom' && [...ui.size.options].some((o) => o.value === `${w}x${h}`);
  ui.size.value = preset ? `${w}x${h}` : 'custom';
  ui.customW.value = String(w);
  ui.customH.value = String(h);
  ui.customSize.hidden = preset;
}

/** The seed field's value; an empty field gets a fresh random seed written into it. */
export function readSeed(ui: Controls): number {
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

export function readWalk(ui: Controls): number {
  const k = Number(ui.walk.value);
  if (!Number.isInteger(k) || k < 0 || k > 100_000) throw new Error(`K must be a whole number from 0 to 100000, got "${ui.walk.value}"`);
  return k;
}

export function readPositiveInt(input: HTMLInputElement, what: string): number {
  const n = Number(input.value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number of at least 1, got "${input.value}"`);
  return n;
}

/** Workers for parallel IDA* (the Workers field, up to the pool's size); 1 means the plain search. */
export function chosenWorkers(ui: Controls): number {
  const n = Number(ui.workers.value);
  const max = Number(ui.workers.max);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`workers must be a whole number from 1 to ${max}, got "${ui.workers.value}"`);
  return n;
}

export function solveSettings(ui: Controls): FormSettings {
  const algorithm = ui.algorithm.value as Algorithm;
  const settings: FormSettings = {
    algorithm,
    heuristic: ui.heuristic.value as HeuristicChoice,
    maxNodes: readPositiveInt(ui.maxNodes, 'the node limit'),
  };
  // The databases are refused (not built) when they would not fit this device's budget.
  if (isPdbName(settings.heuristic) || settings.heuristic === 'auto') settings.maxMemoryBytes = LAB_MEMORY_BYTES;
  if (BOUNDED_ALGORITHMS.includes(algorithm)) {
    const w = Number(ui.weight.value);
    if (!Number.isFinite(w) || w < 1) throw new Error(`the weight must be a number of at least 1, got "${ui.weight.value}"`);
    settings.weight = w;
  }
  if (ui.backend.value !== 'auto') settings.backend = ui.backend.value as Backend;
  return settings;
}
