// `searchlab puzzle solve --algorithm construct` end to end: a generated 100×100 board piped in,
// the JSON lengths before/after and the moves checked by applying them; the text output does not
// flood a terminal; searches and walled boards are refused with exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMoves, goalBoard, parseBoard } from '@searchlab/engine/puzzle';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

describe('puzzle solve --algorithm construct', () => {
  it('generate 100×100 | solve -p - --algorithm construct --json: the moves reach the goal', async () => {
    const gen = await run(['puzzle', 'generate', '--size', '100', '--seed', '5']);
    expect(gen.code).toBe(0);
    const { code, json } = await runJson(['puzzle', 'solve', '-p', '-', '--algorithm', 'construct'], gen.stdout);
    expect(code).toBe(0);
    expect(json).toMatchObject({ status: 'solved', algorithm: 'construct', backend: 'wasm' });
    expect(json.lengthAfter).toBe(json.length);
    expect(json.lengthAfter).toBeLessThan(json.lengthBefore);
    const start = parseBoard(gen.stdout);
    expect(applyMoves(start, json.moves).cells).toEqual(goalBoard(100, 100).cells);
  }, 60_000);

  it('text output summarises a 100×100 board and its moves; --full prints them', async () => {
    const gen = await run(['puzzle', 'generate', '--size', '100', '--seed', '6', '--goal', 'blank-first']);
    const r = await run(['puzzle', 'solve', '-p', '-', '--algorithm', 'construct', '--goal', 'blank-first'], gen.stdout);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/100×100: not printed past 32×32; --full prints it/);
    expect(r.stdout).toMatch(/… and \d+ more \(--full or --json prints them all\)/);
    expect(r.stdout).toMatch(/^Construct: \d+ moves, \d+ after the post-pass \(\d+ fewer\)$/m);
    expect(r.stdout.split('\n').length).toBeLessThan(120);
    const small = await run(['puzzle', 'solve', '-p', '2 3 6/1 5 0/4 7 8', '--algorithm', 'construct', '--full']);
    expect(small.code).toBe(0);
    expect(small.stdout).toMatch(/^Length: \d+$/m);
  }, 60_000);

  it('exit 2: a search on a board past 32×32, and construct on a board with walls', async () => {
    const gen = await run(['puzzle', 'generate', '--size', '40x3', '--seed', '1']);
    const r = await run(['puzzle', 'solve', '-p', '-', '--algorithm', 'idastar'], gen.stdout);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('searchlab: idastar handles boards up to 32×32; this one is 40×3 (use --algorithm construct)');
    const w = await run(['puzzle', 'solve', '-p', '1 2 3/4 # 5/6 7 0', '--algorithm', 'construct']);
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/construct solves boards without walls; the board has a wall at row 2, col 2/);
  });

  it('--file: one JSON line per board with lengthBefore/lengthAfter, the moves reaching the goal', async () => {
    const gen = await run(['puzzle', 'generate', '--size', '20x7', '--seed', '9', '--count', '3']);
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-construct-'));
    try {
      const file = join(dir, 'boards.txt');
      writeFileSync(file, gen.stdout);
      const r = await run(['puzzle', 'solve', '--file', file, '--algorithm', 'construct', '--jobs', '2']);
      expect(r.code).toBe(0);
      const lines = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        expect(line.lengthAfter).toBe(line.length);
        expect(line.lengthBefore).toBeGreaterThanOrEqual(line.lengthAfter);
        expect(applyMoves(parseBoard(line.board), line.moves).cells).toEqual(goalBoard(20, 7).cells);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
