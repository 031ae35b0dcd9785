/**
 * Boards whose optimal solution length is exactly D (Russell & Norvig's experiments group boards by
 * solution depth). Boards with at most ENUMERATE_MAX_CELLS free cells (the 8-puzzle: 181,440 states)
 * are drawn uniformly from the BFS layer at distance D from the goal, the layers computed once per
 * goal and kept; larger boards come from random walks whose result an optimal solve (IDA*, linear
 * conflict) puts at exactly D — not uniform, and said so (`method: 'walk'`).
 */
import { checkObject, checkOptionalSignal, shown } from '../core/args.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { bfsLayers } from '../search/algorithms.js';
import { validateBoard } from './board.js';
import { randomWalkBoard } from './generate.js';
import { SlidingTileProblem } from './problem.js';
import { solvePuzzle } from './solve.js';
import { WALL, type Board } from './types.js';

/** Boards with at most this many non-wall cells are enumerated (9! / 2 states at most). */
export const ENUMERATE_MAX_CELLS = 9;
/** Optimal solves per requested walk board before giving up (walk method). */
export const WALK_ATTEMPTS_PER_BOARD = 200;

/** Boards at an exact optimal distance from the goal, and how they were drawn. */
export interface DepthBoards {
  boards: Board[];
  /** uniform: over the whole BFS layer at that depth; walk: random walks filtered by an optimal solve. */
  method: 'uniform' | 'walk';
  /** uniform only: how many states lie at that depth, and the largest depth of any state. */
  layerSize?: number;
  maxDepth?: number;
}

/** Options of {@link boardsAtDepth}: how many boards, the seed, and limits. */
export interface DepthOptions {
  count: number;
  seed: number;
  /** walk method: node limit of each optimal solve (default 10^7). */
  maxNodes?: number;
  signal?: AbortSignal;
}

/** The states of each BFS layer from the goal, as keys (one UTF-16 unit per cell: problem.ts's key). */
const layerCache = new Map<string, string[][]>();
const LAYER_CACHE_SIZE = 4;

const freeCells = (b: Board): number => b.cells.filter((c) => c !== WALL).length;

/** Whether `goal`'s boards are drawn uniformly from BFS layers (small enough to enumerate). */
const enumerable = (goal: Board): boolean => freeCells(goal) <= ENUMERATE_MAX_CELLS;

type Layers = readonly (readonly string[])[];

/** Every state reachable from `goal`, by distance (layers[d] = the states at distance d); cached. */
export function depthLayers(goal: Board): Layers {
  const build = buildLayers(goal);
  for (let r = build.next(); ; r = build.next()) if (r.done === true) return r.value;
}

/**
 * depthLayers with a turn of the event loop after each layer, and `signal` watched there: a limit
 * or an abort is seen within a layer (the 8-puzzle's one pass took 1–4 s on a loaded machine).
 */
async function depthLayersAsync(goal: Board, signal: AbortSignal | undefined): Promise<Layers> {
  const build = buildLayers(goal);
  for (let r = build.next(); ; r = build.next()) {
    if (r.done === true) return r.value;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal?.aborted === true) throw new SearchlabError('aborted', 'aborted');
  }
}

/** The layers (from the cache, or by BFS, pausing after each layer): what both drivers above run. */
function* buildLayers(goal: Board): Generator<void, Layers, void> {
  validateBoard(goal);
  if (!enumerable(goal))
    throw new InvalidInputError(`depth layers enumerate boards of at most ${ENUMERATE_MAX_CELLS} free cells; this one has ${freeCells(goal)}`);
  const problem = new SlidingTileProblem(goal, goal);
  const cacheKey = `${goal.width}x${goal.height}:${problem.initial.key}`;
  const hit = layerCache.get(cacheKey);
  if (hit !== undefined) return hit;
  const layers: string[][] = [];
  for (const keys of bfsLayers(problem)) {
    layers.push(keys as string[]);
    yield;
  }
  if (layerCache.size >= LAYER_CACHE_SIZE) layerCache.delete(layerCache.keys().next().value!);
  layerCache.set(cacheKey, layers);
  return layers;
}

/** A state key (problem.ts) back to a board: walls were stored as 0xFFFF. */
function keyBoard(key: string, width: number, height: number): Board {
  const cells = Array.from({ length: key.length }, (_, i) => Int16Array.of(key.charCodeAt(i))[0]!);
  return { width, height, cells };
}

function checkDepthOptions(depth: number, o: DepthOptions): void {
  checkObject(o, 'options');
  checkOptionalSignal(o.signal, 'options.signal');
  if (o.maxNodes !== undefined && !(Number.isSafeInteger(o.maxNodes) && o.maxNodes >= 1))
    throw new InvalidInputError(`options.maxNodes must be a whole number ≥ 1, got ${shown(o.maxNodes)}`);
  if (!(Number.isSafeInteger(depth) && depth >= 0)) throw new InvalidInputError(`the depth must be a whole number ≥ 0, got ${shown(depth)}`);
  if (!(Number.isSafeInteger(o.count) && o.count >= 1)) throw new InvalidInputError(`the count must be a whole number ≥ 1, got ${shown(o.count)}`);
  if (!Number.isSafeInteger(o.seed)) throw new InvalidInputError(`the seed must be an integer, got ${shown(o.seed)}`);
}

/**
 * `count` boards at optimal distance exactly `depth` from `goal` (seeded). Uniform: each board
 * independently uniform over the layer (with replacement: a layer may hold fewer states than asked).
 * An unreachable depth is an InvalidInputError naming the largest.
 */
export async function boardsAtDepth(goal: Board, depth: number, options: DepthOptions): Promise<DepthBoards> {
  validateBoard(goal);
  checkDepthOptions(depth, options);
  const rng = new Rng(options.seed);
  if (enumerable(goal)) {
    const layers = await depthLayersAsync(goal, options.signal);
    const maxDepth = layers.length - 1;
    if (depth > maxDepth) {
      throw new InvalidInputError(`no ${goal.width}x${goal.height} board is ${depth} moves from this goal: the largest optimal solution length is ${maxDepth}`);
    }
    const layer = layers[depth]!;
    const boards = Array.from({ length: options.count }, () => keyBoard(layer[rng.nextInt(layer.length)]!, goal.width, goal.height));
    return { boards, method: 'uniform', layerSize: layer.length, maxDepth };
  }
  return { boards: await walkBoards(goal, depth, options, rng), method: 'walk' };
}

/**
 * Walks of length depth, depth + 2, … (an optimal length has the walk's parity), kept when an
 * optimal solve finds exactly `depth`.
 */
async function walkBoards(goal: Board, depth: number, o: DepthOptions, rng: Rng): Promise<Board[]> {
  const boards: Board[] = [];
  const attempts = WALK_ATTEMPTS_PER_BOARD * o.count;
  for (let attempt = 0; attempt < attempts && boards.length < o.count; attempt++) {
    const extra = 2 * (attempt % (Math.floor(depth / 2) + 1));
    const board = randomWalkBoard(goal, depth + extra, rng.nextU32());
    const r = await solvePuzzle(board, goal, { algorithm: 'idastar', heuristic: 'linear-conflict', maxNodes: o.maxNodes ?? 10_000_000, signal: o.signal });
    if (r.status === 'aborted') throw new SearchlabError('aborted', 'aborted');
    if (r.status === 'solved' && r.length === depth) boards.push(board);
  }
  if (boards.length < o.count) {
    throw new SearchlabError(
      'limit',
      `found ${boards.length} of ${o.count} boards at depth ${depth} in ${attempts} random walks (the depth may be unreachable or rare on this board)`,
    );
  }
  return boards;
}
