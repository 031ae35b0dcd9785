// Test helpers: boards from text ('1 2 3/4 # 5/…', '#' = wall) and seeded random walks.
import type { Board } from '../../src/puzzle/types.js';
import { SlidingTileProblem, type TileState } from '../../src/puzzle/problem.js';
import type { StateKey } from '../../src/search/problem.js';

export function board(text: string): Board {
  const rows = text
    .trim()
    .split('/')
    .map((r) =>
      r
        .trim()
        .split(/\s+/)
        .map((t) => (t === '#' ? -1 : Number(t))),
    );
  return { width: rows[0]!.length, height: rows.length, cells: rows.flat() };
}

/** A small deterministic PRNG (mulberry32) for reproducible test states. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The board reached from `from` by `steps` random legal moves (always solvable w.r.t. `from`). */
export function randomWalk(from: Board, steps: number, rand: () => number): Board {
  const p = new SlidingTileProblem(from, from);
  let s: TileState = p.initial;
  for (let i = 0; i < steps; i++) {
    const acts = p.actions(s);
    s = p.result(s, acts[Math.floor(rand() * acts.length)]!);
  }
  return p.board(s);
}

/** Decode a TileState key (one UTF-16 unit per cell, 0xFFFF = wall) back into cells. */
export function keyCells(key: StateKey): number[] {
  if (typeof key !== 'string') throw new Error('keyCells: a board key is a string');
  return Array.from(key, (ch) => (ch.charCodeAt(0) === 0xffff ? -1 : ch.charCodeAt(0)));
}
