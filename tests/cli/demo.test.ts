// `searchlab demo` (what `pnpm start` runs) end to end.
import { beforeAll, expect, it } from 'vitest';
import { ensureBuilt, run } from './run.js';

beforeAll(ensureBuilt);

it('solves every demo puzzle and prints its board, moves and length', async () => {
  const r = await run(['demo']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const all = r.stdout.split(/^== /m).slice(1);
  expect(all).toHaveLength(9);
  // The last section is seed 004's N-Queens experiment (25 queens from the diagonal, score 600 → 0).
  expect(all[8]).toMatch(/^Start: all queens on the main diagonal, seed score 600/m);
  expect(all[8]).toMatch(/^Result: solved, seed score 0, [\d,]+ steps \([\d,]+ moves, [\d,]+ escapes\), .* ok$/m);
  const sections = all.slice(0, 8);
  for (const s of sections) {
    expect(s).toMatch(/^Start:\n/m);
    expect(s).toMatch(/^Moves \(blank\):\n {2}(up|down|left|right)/m);
    expect(s).toMatch(/^Length: \d+/m);
    expect(s).toMatch(/^Statistics: expanded [\d,]+/m);
  }
  const titles = sections.map((s) => s.split('\n')[0]);
  expect(titles.join('\n')).toMatch(/seed 002[\s\S]*15-puzzle from seed 002[\s\S]*seed 001, test 1[\s\S]*test 2[\s\S]*test 3[\s\S]*seed 003[\s\S]*seed 004[\s\S]*Korf's 15-puzzle #16/);
  // Lengths that are known: seed 003's BFS (22, optimal), seed 004 (16 moves = its 17 states), Korf #16 (42).
  expect(sections[5]).toMatch(/^Length: 22 .* ok$/m);
  expect(sections[6]).toMatch(/^Length: 16 .* ok$/m);
  expect(sections[7]).toMatch(/^Length: 42 {2}\(Korf's optimum: 42\) ok$/m);
  expect(r.stdout).toMatch(/^Summary/m);
  // Seed 000's Monty Hall experiment: 1000 games of each strategy beside the exact values.
  expect(r.stdout).toMatch(/^Monty Hall, seed 000's experiment/m);
  for (const [s, exact] of [['stay', '1/3'], ['switch', '2/3'], ['random \\(p = 0.5\\)', '1/2']]) {
    expect(r.stdout).toMatch(new RegExp(`^\\| ${s}\\s+\\|\\s+\\d+ \\| 1,000 \\|.*\\| ${exact} = `, 'm'));
  }
  // Seed 000's curve-fitting experiment follows Monty Hall and N-Queens.
  expect(r.stdout).toMatch(/^-- Curve fitting: seed 000's experiment \(seed 3\)[\s\S]*^\| 8 +\| +[\d.]+ \| +[\d.]+ \|[\s\S]*Lowest testing RMS: degree 2\./m);
}, 120_000);
