// `puzzle solve` with pattern databases end to end: batch solving on worker threads (one JSON line
// per instance, ids), the memory limit (exit 4), and auto on a board without databases.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, run, runJson } from './run.js';

const cache = mkdtempSync(join(tmpdir(), 'searchlab-cli-pdb-'));
beforeAll(() => {
  process.env.SEARCHLAB_CACHE_DIR = cache; // inherited by the spawned CLI
  ensureBuilt();
});

const korf = readFileSync(new URL('../../data/korf100.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => /^\d/.test(l));
const pick = (ids: string[]) => korf.filter((l) => ids.includes(l.split('\t')[0]!));

describe('puzzle solve with pattern databases', () => {
  it('--file --jobs 2 streams one JSON line per instance with its id, optimal lengths, and a summary', async () => {
    const file = join(cache, 'instances.txt');
    const lines = pick(['97', '47', '9']);
    writeFileSync(
      file,
      `# a TSV header, three cheap Korf instances, then one without an id\nid\toptimal\ttiles\n${lines.join('\n')}\n${lines[0]!.split('\t')[2]}\n`,
    );
    const r = await run(['puzzle', 'solve', '--file', file, '--goal', 'blank-first', '--heuristic', 'pdb555', '--jobs', '2']);
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.id).sort()).toEqual(['4', ...lines.map((l) => l.split('\t')[0])].sort());
    for (const o of out) {
      const optimal = Number((lines.find((l) => l.startsWith(`${o.id}\t`)) ?? lines[0]!).split('\t')[1]);
      expect(o.length).toBe(optimal);
      expect(o.heuristic).toBe('pdb555');
    }
    // The first run builds the databases: stderr says so (piped: no bar), then the summary.
    expect(r.stderr).toMatch(
      new RegExp(
        '^searchlab: building the pdb555 pattern databases \\(\\d+ placements; minutes for the large sets, once: they are cached for later runs\\)\n' +
          'searchlab: done in \\d+(\\.\\d)? (s|min)\n' +
          '4 of 4 instances: 4 solved; \\d+ nodes expanded; solver time [\\d.]+ s, wall [\\d.]+ s on 2 jobs\n$',
      ),
    );
    // Cached now: a second run says nothing of a build.
    const again = await run(['puzzle', 'solve', '--file', file, '--goal', 'blank-first', '--heuristic', 'pdb555']);
    expect(again.stderr).toMatch(/^4 of 4 instances: 4 solved;/);
  });

  it("--file: a bad line (a 3x3 board, garbage) is that instance's error with its line number; the rest are solved (issue 25)", async () => {
    const file = join(cache, 'mixed.txt');
    const korfBoard = pick(['97'])[0]!.split('\t')[2]!;
    writeFileSync(file, `${korfBoard}\n1 2 3 4 5 6 7 0 8\nnot a board\n${korfBoard}\n`);
    const r = await run(['puzzle', 'solve', '--file', file, '--goal', 'blank-first', '--heuristic', 'pdb555', '--jobs', '2']);
    expect(r.code).toBe(2);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const byId = new Map(out.map((o) => [o.id, o]));
    expect([...byId.keys()].sort()).toEqual(['1', '2', '3', '4']);
    expect(byId.get('1').status).toBe('solved');
    expect(byId.get('4').status).toBe('solved');
    expect(byId.get('2')).toEqual({ id: '2', line: 2, status: 'invalid', error: `${file} line 2: pdb555: the pdb555 pattern databases are for 4x4 boards` });
    expect(byId.get('3')).toMatchObject({ id: '3', line: 3, status: 'invalid' });
    expect(r.stderr).toContain(`searchlab: ${file} line 2: pdb555: the pdb555 pattern databases are for 4x4 boards\n`);
    expect(r.stderr).toMatch(/^4 of 4 instances: .*2 invalid.*2 solved|^4 of 4 instances: .*2 solved.*2 invalid/m);
  });

  it('a memory limit too small for the databases: exit 4 with one line', async () => {
    const r = await run(['puzzle', 'solve', '-p', pick(['97'])[0]!.split('\t')[2]!, '--goal', 'blank-first', '--heuristic', 'pdb663', '--max-memory', '1M']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/memory: the pdb663 pattern databases need \d+ MB to build, more than the memory limit of 1 MB/);
  });

  it('auto on the 8-puzzle (no databases) is linear conflict with IDA*', async () => {
    const r = await runJson(['puzzle', 'solve', '-p', '8 6 7 2 5 4 3 0 1', '--heuristic', 'auto']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ length: 31, heuristic: 'linear-conflict', algorithm: 'idastar' });
  });

  it('SEARCHLAB_BUILD_THREADS: 1 builds on one thread (same optimal answer); a bad value is exit 2 with one line', async () => {
    const own = mkdtempSync(join(tmpdir(), 'searchlab-cli-pdb-threads-'));
    const board = pick(['97'])[0]!.split('\t');
    const r = await run(['puzzle', 'solve', '-p', board[2]!, '--goal', 'blank-first', '--heuristic', 'pdb555', '--json'], '', [], {
      SEARCHLAB_CACHE_DIR: own,
      SEARCHLAB_BUILD_THREADS: '1',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).length).toBe(Number(board[1]));
    const bad = await run(['puzzle', 'solve', '-p', board[2]!, '--heuristic', 'pdb555'], '', [], { SEARCHLAB_BUILD_THREADS: 'many' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('searchlab: SEARCHLAB_BUILD_THREADS must be a whole number from 1 to 16, got "many"\n');
  });
});
