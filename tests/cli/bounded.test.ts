// `searchlab puzzle solve --algorithm wastar|wida|anytime --weight W` end to end: the proven bound in
// the output, anytime's JSON lines (one per improvement, then the final one), --file batches with one
// line per instance, and one-line errors (exit 2) for a bad weight.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMoves, boardToText, goalLike, parseBoard } from '@searchlab/engine/puzzle';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

// The hardest 8-puzzle class: 31 moves optimal (BFS).
const HARD8 = '8 6 7 2 5 4 3 0 1';
const OPTIMAL = 31;
const solvedBy = (board: string, moves: string[]): string => {
  const start = parseBoard(board);
  return boardToText(applyMoves(start, moves as never));
};
const GOAL_TEXT = boardToText(goalLike(parseBoard(HARD8), 'blank-last'));

describe('puzzle solve with bounded-suboptimal algorithms', () => {
  it('wida and wastar --json report the proven bound and a lower bound; the length keeps it', async () => {
    for (const algorithm of ['wida', 'wastar']) {
      const r = await runJson(['puzzle', 'solve', '-p', HARD8, '--algorithm', algorithm, '--weight', '1.5']);
      expect(r.code).toBe(0);
      expect(r.json.bound).toBe(1.5);
      expect(r.json.length).toBeLessThanOrEqual(1.5 * OPTIMAL);
      expect(r.json.lowerBound).toBeLessThanOrEqual(OPTIMAL);
      expect(solvedBy(HARD8, r.json.moves)).toBe(GOAL_TEXT);
    }
  });

  it('anytime --json: one line per improvement (strictly shorter), then the final one, proven optimal', async () => {
    const r = await run(['puzzle', 'solve', '-p', HARD8, '--algorithm', 'anytime', '--weight', '3', '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const improvements = lines.filter((l) => l.event === 'improvement');
    expect(improvements.length).toBeGreaterThan(1);
    expect(lines.at(-1).event).toBe('final');
    expect(lines.slice(0, -1).every((l) => l.event === 'improvement')).toBe(true);
    for (let i = 1; i < improvements.length; i++) expect(improvements[i].length).toBeLessThan(improvements[i - 1].length);
    for (const x of improvements) {
      expect(x.lowerBound).toBeLessThanOrEqual(OPTIMAL);
      expect(solvedBy(HARD8, x.moves)).toBe(GOAL_TEXT);
    }
    const final = lines.at(-1);
    expect(final).toMatchObject({ status: 'solved', length: OPTIMAL, optimal: true, lowerBound: OPTIMAL, bound: 1 });
    expect(final.improvements).toHaveLength(improvements.length);
  });

  it('anytime in text: a line per improvement and the bound; --max-nodes keeps the best so far (exit 0)', async () => {
    const r = await run(['puzzle', 'solve', '-p', HARD8, '--algorithm', 'anytime', '--weight', '3', '--max-nodes', '2000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Improved: length \d+ \(weight 3\), lower bound \d+, within [\d.]+ of optimal/m);
    expect(r.stdout).toMatch(/^Bound: length ≤ [\d.]+ × optimal \(proven lower bound \d+\)$/m);
    expect(r.stdout).toMatch(/^Note: stopped improving at the node limit/m);
  });

  it('--file: one final JSON line per instance, with its bound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-bounded-'));
    try {
      const file = join(dir, 'boards.txt');
      writeFileSync(file, `a\t${HARD8}\nb\t4 2 1 3 6 7 5 8 0\n`);
      const r = await run(['puzzle', 'solve', '--file', file, '--algorithm', 'anytime', '--weight', '2']);
      expect(r.code).toBe(0);
      const lines = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.id).sort()).toEqual(['a', 'b']);
      for (const l of lines) expect(l).toMatchObject({ status: 'solved', optimal: true, bound: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a weight below 1 or not a number: one-line error, exit 2', async () => {
    for (const [algorithm, weight] of [
      ['wida', '0.5'],
      ['anytime', '0.99'],
      ['wastar', 'NaN'],
      ['wida', 'abc'],
    ]) {
      const r = await run(['puzzle', 'solve', '-p', HARD8, '--algorithm', algorithm!, '--weight', weight!]);
      expect(r.code, `${algorithm} ${weight}`).toBe(2);
      expect(r.stderr).toMatch(/^searchlab: .*weight.*\n$/);
      expect(r.stdout).toBe('');
    }
  });
});
