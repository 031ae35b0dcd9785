// Pebble motion with one hole (puzzle/pebble.ts) against BFS over every arrangement on general graphs.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { blocksFrom, moveHole, pebbleFeasible } from '../../src/puzzle/pebble.js';

type Adj = number[][];

function graph(n: number, edges: [number, number][]): Adj {
  const adj: Adj = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    adj[a]!.push(b);
    adj[b]!.push(a);
  }
  return adj;
}

/** Test-local reference: every arrangement reachable from `start` (plain BFS, string keys). */
function reachable(adj: Adj, start: readonly number[]): Set<string> {
  const seen = new Set([start.join(',')]);
  const queue = [start.slice()];
  for (let h = 0; h < queue.length; h++) {
    const cur = queue[h]!;
    const b = cur.indexOf(0);
    for (const w of adj[b]!) {
      const next = cur.slice();
      next[b] = next[w]!;
      next[w] = 0;
      const k = next.join(',');
      if (!seen.has(k)) {
        seen.add(k);
        queue.push(next);
      }
    }
  }
  return seen;
}

function permutations(n: number): number[][] {
  const out: number[][] = [];
  const a = Array.from({ length: n }, (_, i) => i);
  const rec = (k: number): void => {
    if (k === n) return void out.push(a.slice());
    for (let j = k; j < n; j++) {
      [a[k], a[j]] = [a[j]!, a[k]!];
      rec(k + 1);
      [a[k], a[j]] = [a[j]!, a[k]!];
    }
  };
  rec(0);
  return out;
}

/** Compare pebbleFeasible with BFS on every `stride`-th arrangement of the graph against a fixed start. */
function compareAll(adj: Adj, start: number[], stride = 1): { reach: number; kinds: Set<string>; feasible: number } {
  const reach = reachable(adj, start);
  const kinds = new Set<string>();
  let feasible = 0;
  for (const [i, g] of permutations(adj.length).entries()) {
    if (i % stride) continue;
    const v = pebbleFeasible(adj, start, g);
    expect(v.feasible, `${start} → ${g}`).toBe(reach.has(g.join(',')));
    if (v.failure) kinds.add(v.failure.kind);
    else feasible++;
  }
  return { reach: reach.size, kinds, feasible };
}

describe('pebble motion with one hole equals BFS on general graphs', () => {
  it("Wilson's θ0 (a hexagon with a 2-path across): a group of order 120 on 6 tokens", () => {
    // poles 0 and 3; paths 0-1-2-3, 0-4-5-3 (length 3 each), 0-6-3 (length 2)
    const adj = graph(7, [
      [0, 1],
      [1, 2],
      [2, 3],
      [0, 4],
      [4, 5],
      [5, 3],
      [0, 6],
      [6, 3],
    ]);
    const { blocks } = blocksFrom(adj, 0);
    expect(blocks.map((b) => b.kind)).toEqual(['theta']);
    const { reach, kinds, feasible } = compareAll(adj, [0, 1, 2, 3, 4, 5, 6], 11);
    expect(reach).toBe(7 * 120); // not A6 (360) nor S6 (720): Wilson's exception
    expect(kinds).toEqual(new Set(['theta']));
    expect(feasible).toBeGreaterThan(30);
  });

  it('non-bipartite blocks give the symmetric group, bipartite ones the alternating group', () => {
    // a triangle with a pendant square: K3 on 0,1,2 plus the 4-cycle 2-3-4-5 and a leaf 6 on 5
    const adj = graph(7, [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 2],
      [5, 6],
    ]);
    compareAll(adj, [1, 2, 3, 0, 4, 5, 6]);
    // K4 minus an edge (non-bipartite, 2-connected, not a cycle) joined to a 2×3 grid through a path
    const adj2 = graph(7, [
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 3],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 4],
    ]);
    compareAll(adj2, [0, 1, 2, 3, 4, 5, 6]);
  });

  it('seeded random connected graphs of 3–7 vertices (every arrangement)', () => {
    const rng = new Rng(7);
    const kinds = new Set<string>();
    const blockKinds = new Set<string>();
    for (let t = 0; t < 60; t++) {
      const n = 3 + rng.nextInt(5);
      const edges: [number, number][] = [];
      const has = new Set<string>();
      const add = (a: number, b: number): void => {
        const k = a < b ? `${a},${b}` : `${b},${a}`;
        if (a === b || has.has(k)) return;
        has.add(k);
        edges.push([a, b]);
      };
      for (let v = 1; v < n; v++) add(v, rng.nextInt(v)); // a random spanning tree
      for (let k = rng.nextInt(n); k > 0; k--) add(rng.nextInt(n), rng.nextInt(n));
      const adj = graph(n, edges);
      const start = rng.shuffle(Array.from({ length: n }, (_, i) => i));
      for (const b of blocksFrom(adj, start.indexOf(0)).blocks) blockKinds.add(`${b.kind}${b.bipartite ? '' : '/odd'}`);
      for (const k of compareAll(adj, start).kinds) kinds.add(k);
    }
    expect([...kinds].sort()).toEqual(['order', 'parity', 'stranded']);
    for (const k of ['bridge', 'cycle', 'cycle/odd', 'wilson', 'wilson/odd']) expect(blockKinds).toContain(k);
  });

  it('moveHole shifts tokens along a shortest path', () => {
    const path = graph(4, [
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(Array.from(moveHole(path, [0, 5, 6, 7], 3))).toEqual([5, 6, 7, 0]);
    expect(() => moveHole(graph(3, [[1, 2]]), [0, 1, 2], 2)).toThrow('not connected');
    // a lone hole (a walled-in blank): nothing moves, nothing to decide
    expect(pebbleFeasible([[]], [0], [0])).toMatchObject({ feasible: true, blocks: [] });
  });
});
