/**
 * Pebble motion with ONE hole on a connected graph: the sliding-tile puzzle on the graph of free
 * cells (n vertices, n − 1 labelled tokens, one hole). Decides exactly, in O(n + m), whether one
 * arrangement reaches another. The theory (docs/contracts/puzzle-solvability.md):
 *
 * - Reachability is symmetric and the hole can be brought to any vertex, so fix the root r = the
 *   hole's goal vertex and move the start's hole to r along any path. What is left is membership
 *   of the start→goal permutation in the puzzle group at r: the permutations made by closed walks
 *   of the hole from r.
 * - A closed walk is, up to backtracking (which undoes itself exactly), a product of lollipops: a
 *   path from r to a block B, a closed walk inside B from B's gate (its vertex nearest r), and the
 *   path back. The path in and out cancel on every vertex outside B − gate, so each lollipop only
 *   permutes the tokens on B − gate. These sets partition V − r (every vertex but r has exactly one
 *   parent block in the block-cut tree rooted at r), so the group is the direct product, over the
 *   blocks, of each block's own puzzle group (Kornhauser, Miller & Spirakis 1984 in general; this
 *   is their one-hole case). With one hole, no token ever changes block across a cut vertex.
 * - A block's own group on its |B| − 1 tokens (Wilson 1974): a bridge — trivial; a cycle — the
 *   rotations; any other 2-connected block — the alternating group if bipartite, else the
 *   symmetric group, except the graph θ0 (7 vertices, 8 edges), whose blocks are checked here by
 *   an exhaustive search of at most 7! arrangements.
 */

export interface PebbleBlock {
  /** The block's vertex nearest the root (a cut vertex, or the root itself). */
  gate: number;
  /** The block's other vertices, ascending: the tokens the block's group permutes. */
  cells: number[];
  /** bridge: 2 vertices; cycle: a simple cycle; wilson: any other 2-connected block; theta: a non-bipartite 7-vertex 8-edge block (Wilson's θ0 candidates). */
  kind: 'bridge' | 'cycle' | 'wilson' | 'theta';
  bipartite: boolean;
  /** For a cycle: `cells` in cyclic order from the gate's side. */
  order?: number[];
}

export type PebbleFailure =
  /** Token `token`, at `at` once the hole is on the root, has its goal vertex `goalAt` in another block. */
  | { kind: 'stranded'; token: number; at: number; goalAt: number; block: PebbleBlock }
  /** A cycle block whose tokens' cyclic order differs from the goal's. */
  | { kind: 'order'; block: PebbleBlock }
  /** A bipartite 2-connected block whose tokens are an odd permutation away from the goal; `swap` when it is one transposition. */
  | { kind: 'parity'; block: PebbleBlock; swap?: [number, number] }
  /** A θ0-like block whose exhaustive check failed. */
  | { kind: 'theta'; block: PebbleBlock };

export interface PebbleVerdict {
  feasible: boolean;
  /** The hole's goal vertex. */
  root: number;
  /** The start with its hole moved to the root along a shortest path. */
  moved: Int32Array;
  /** Blocks of the block-cut tree rooted at `root` (bridges included). */
  blocks: PebbleBlock[];
  failure?: PebbleFailure;
}

/**
 * Blocks (biconnected components) of the connected graph `adj`, each named by its gate (the
 * vertex nearest `root`) and its other vertices. Iterative Hopcroft–Tarjan with a vertex stack.
 * `blockOf[v]` is the index of v's parent block (−1 for the root).
 */
export function blocksFrom(adj: readonly (readonly number[])[], root: number): { blocks: PebbleBlock[]; blockOf: Int32Array } {
  const n = adj.length;
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const blockOf = new Int32Array(n).fill(-1);
  const frameV: number[] = [root];
  const frameP: number[] = [-1];
  const frameK: number[] = [0];
  const vstack: number[] = [root];
  const raw: { gate: number; cells: number[] }[] = [];
  let time = 0;
  disc[root] = low[root] = time++;
  while (frameV.length > 0) {
    const top = frameV.length - 1;
    const v = frameV[top] as number;
    const nb = adj[v] as readonly number[];
    const k = frameK[top] as number;
    if (k < nb.length) {
      frameK[top] = k + 1;
      const w = nb[k] as number;
      if (disc[w] === -1) {
        disc[w] = low[w] = time++;
        vstack.push(w);
        frameV.push(w);
        frameP.push(v);
        frameK.push(0);
      } else if (w !== frameP[top]) {
        low[v] = Math.min(low[v] as number, disc[w] as number);
      }
      continue;
    }
    frameV.pop();
    frameK.pop();
    const p = frameP.pop() as number;
    if (p < 0) continue;
    low[p] = Math.min(low[p] as number, low[v] as number);
    if ((low[v] as number) >= (disc[p] as number)) {
      const cells: number[] = [];
      let x: number;
      do {
        x = vstack.pop() as number;
        cells.push(x);
        blockOf[x] = raw.length;
      } while (x !== v);
      raw.push({ gate: p, cells: cells.sort((a, b) => a - b) });
    }
  }
  const blocks = raw.map((b, id) => classify(adj, b.gate, b.cells, id, blockOf));
  return { blocks, blockOf };
}

function classify(adj: readonly (readonly number[])[], gate: number, cells: number[], id: number, blockOf: Int32Array): PebbleBlock {
  if (cells.length === 1) return { gate, cells, kind: 'bridge', bipartite: true };
  const inB = (w: number): boolean => w === gate || blockOf[w] === id;
  let inner = 0;
  let gateEdges = 0;
  for (const c of cells) {
    for (const w of adj[c] as readonly number[]) {
      if (w === gate) gateEdges++;
      else if (blockOf[w] === id) inner++;
    }
  }
  const vertices = cells.length + 1;
  const edges = inner / 2 + gateEdges;
  // 2-colour the block (BFS from the gate, edges inside the block only)
  const colour = new Map<number, number>([[gate, 0]]);
  const queue = [gate];
  let bipartite = true;
  for (let h = 0; h < queue.length; h++) {
    const v = queue[h] as number;
    for (const w of adj[v] as readonly number[]) {
      if (!inB(w) || (v === gate && w === gate)) continue;
      const cw = colour.get(w);
      if (cw === undefined) {
        colour.set(w, 1 - (colour.get(v) as number));
        queue.push(w);
      } else if (cw === colour.get(v)) bipartite = false;
    }
  }
  if (edges === vertices) {
    const order: number[] = [];
    let prev = gate;
    let cur = (adj[gate] as readonly number[]).find((w) => blockOf[w] === id) as number;
    while (cur !== gate) {
      order.push(cur);
      const next = (adj[cur] as readonly number[]).find((w) => w !== prev && inB(w)) as number;
      prev = cur;
      cur = next;
    }
    return { gate, cells, kind: 'cycle', bipartite, order };
  }
  const theta = !bipartite && vertices === 7 && edges === 8;
  return { gate, cells, kind: theta ? 'theta' : 'wilson', bipartite };
}

/** `tokens` (0 = hole) with the hole moved from wherever it is to `to` along a shortest path. */
export function moveHole(adj: readonly (readonly number[])[], tokens: ArrayLike<number>, to: number): Int32Array {
  const n = adj.length;
  const out = Int32Array.from(tokens);
  const parent = new Int32Array(n).fill(-1);
  parent[to] = to;
  const queue = [to];
  for (let h = 0; h < queue.length; h++) {
    const v = queue[h] as number;
    for (const w of adj[v] as readonly number[]) {
      if (parent[w] === -1) {
        parent[w] = v;
        queue.push(w);
      }
    }
  }
  let hole = out.indexOf(0);
  if (parent[hole] === -1) throw new Error('moveHole: the graph is not connected');
  while (hole !== to) {
    const next = parent[hole] as number;
    out[hole] = out[next] as number;
    out[next] = 0;
    hole = next;
  }
  return out;
}

/**
 * Can `start` reach `goal` by sliding tokens into the single hole? `adj` must be a simple,
 * undirected, connected graph; start and goal place the same n − 1 distinct positive tokens and
 * 0 (the hole) once each.
 */
export function pebbleFeasible(adj: readonly (readonly number[])[], start: ArrayLike<number>, goal: ArrayLike<number>): PebbleVerdict {
  const n = adj.length;
  let root = -1;
  let maxToken = 0;
  for (let v = 0; v < n; v++) maxToken = Math.max(maxToken, goal[v] as number);
  const goalAt = new Int32Array(maxToken + 1);
  for (let v = 0; v < n; v++) {
    const t = goal[v] as number;
    if (t === 0) root = v;
    goalAt[t] = v;
  }
  const moved = moveHole(adj, start, root);
  const { blocks, blockOf } = blocksFrom(adj, root);
  const verdict = (failure?: PebbleFailure): PebbleVerdict =>
    failure ? { feasible: false, root, moved, blocks, failure } : { feasible: true, root, moved, blocks };

  // 1. every token stays in its block (relative to the hole at the root)
  for (let v = 0; v < n; v++) {
    if (v === root) continue;
    const t = moved[v] as number;
    const g = goalAt[t] as number;
    if (blockOf[g] !== blockOf[v]) {
      return verdict({ kind: 'stranded', token: t, at: v, goalAt: g, block: blocks[blockOf[v] as number] as PebbleBlock });
    }
  }
  // 2. inside each block, the block's own group (Wilson 1974)
  for (const block of blocks) {
    switch (block.kind) {
      case 'bridge':
        break; // step 1 already put the right token on the single cell
      case 'cycle': {
        const order = block.order as number[];
        const a = order.map((c) => moved[c] as number);
        const b = order.map((c) => goal[c] as number);
        const shift = a.indexOf(b[0] as number);
        if (!b.every((t, k) => a[(shift + k) % a.length] === t)) return verdict({ kind: 'order', block });
        break;
      }
      case 'wilson': {
        if (!block.bipartite) break; // symmetric group: anything goes
        // parity of the permutation cell → goal cell of its token, on the block's cells
        const seen = new Set<number>();
        let parity = 0;
        let cycles2 = 0;
        let longer = 0;
        for (const c of block.cells) {
          if (seen.has(c)) continue;
          let len = 0;
          for (let x = c; !seen.has(x); x = goalAt[moved[x] as number] as number) {
            seen.add(x);
            len++;
          }
          parity ^= (len - 1) & 1;
          if (len === 2) cycles2++;
          else if (len > 2) longer++;
        }
        if (parity) {
          let swap: [number, number] | undefined;
          if (cycles2 === 1 && longer === 0) {
            const c = block.cells.find((x) => goalAt[moved[x] as number] !== x) as number;
            swap = [moved[c] as number, goal[c] as number].sort((x, y) => x - y) as [number, number];
          }
          return verdict({ kind: 'parity', block, ...(swap ? { swap } : {}) });
        }
        break;
      }
      case 'theta':
        if (!blockSearch(adj, block, moved, goal)) return verdict({ kind: 'theta', block });
        break;
    }
  }
  return verdict();
}

/** Exhaustive search on one small block, its hole at the gate (θ0 blocks: at most 7! states). */
function blockSearch(adj: readonly (readonly number[])[], block: PebbleBlock, moved: Int32Array, goal: ArrayLike<number>): boolean {
  const verts = [block.gate, ...block.cells];
  const local = new Map(verts.map((v, i) => [v, i]));
  const ladj = verts.map((v) => (adj[v] as readonly number[]).filter((w) => local.has(w)).map((w) => local.get(w) as number));
  const key = (vals: readonly number[]): string => vals.join(',');
  const startVals = verts.map((v, i) => (i === 0 ? 0 : (moved[v] as number)));
  const goalKey = key(verts.map((v, i) => (i === 0 ? 0 : (goal[v] as number))));
  const seen = new Set([key(startVals)]);
  const queue = [startVals];
  for (let h = 0; h < queue.length; h++) {
    const cur = queue[h] as number[];
    if (key(cur) === goalKey) return true;
    const b = cur.indexOf(0);
    for (const w of ladj[b] as number[]) {
      const next = cur.slice();
      next[b] = next[w] as number;
      next[w] = 0;
      const k = key(next);
      if (!seen.has(k)) {
        seen.add(k);
        queue.push(next);
      }
    }
  }
  return false;
}
