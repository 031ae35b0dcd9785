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
  // The last section is the 25-queens repository's experiment (25 queens from the diagonal, score 600 → 0).
  expect(all[8]).toMatch(/^Start: all queens on the main diagonal, score 600 /m);
  expect(all[8]).toMatch(/^Result: solved, score 0, \d+ steps \(\d+ moves, \d+ escapes\), .* ok$/m);
  const sections = all.slice(0, 8);
  for (const s of sections) {
    expect(s).toMatch(/^Start:\n/m);
    expect(s).toMatch(/^Moves \(blank\):\n {2}(up|down|left|right)/m);
    expect(s).toMatch(/^Length: \d+/m);
    expect(s).toMatch(/^Statistics: expanded \d+/m); // piped: plain numbers
  }
  const titles = sections.map((s) => s.split('\n')[0]);
  // Each part says what it is in plain words; "seed" is only ever the random seed.
  expect(titles.join('\n')).toMatch(
    /A\* slide deck's usage line[\s\S]*A\* slide deck's 15-puzzle[\s\S]*course notebook's test 1[\s\S]*test 2[\s\S]*test 3[\s\S]*8-puzzle notebook[\s\S]*25-queens repository's 5x5[\s\S]*Korf's 15-puzzle #16/,
  );
  expect(r.stdout).not.toMatch(/seed 00\d|Seed 00\d/);
  // Lengths that are known: the notebook's BFS (22, optimal), the repository's 17 states (16 moves), Korf #16 (42).
  expect(sections[5]).toMatch(/^Length: 22 .* ok$/m);
  expect(sections[6]).toMatch(/^Length: 16 .* ok$/m);
  expect(sections[7]).toMatch(/^Length: 42 {2}\(Korf's optimum: 42\) ok$/m);
  expect(r.stdout).toMatch(/^Summary/m);
  // The blog post's Monty Hall experiment: 1000 games of each strategy beside the exact values.
  expect(r.stdout).toMatch(/^Monty Hall as in the curve-fitting blog post/m);
  for (const [s, exact] of [
    ['stay', '1/3'],
    ['switch', '2/3'],
    ['random \\(p = 0.5\\)', '1/2'],
  ]) {
    expect(r.stdout).toMatch(new RegExp(`^\\| ${s}\\s+\\|\\s+\\d+ \\|\\s+1000 \\|.*\\| ${exact} = `, 'm'));
  }
  // The blog post's curve-fitting experiment follows Monty Hall and N-Queens.
  expect(r.stdout).toMatch(
    /^-- Curve fitting: the blog post's experiment \(random seed 3\)[\s\S]*^\| 8 +\| +[\d.]+ \| +[\d.]+ \|[\s\S]*Lowest testing RMS: degree 2\./m,
  );
  // It ends with what to try next, each a command that exists.
  const next = r.stdout.slice(r.stdout.lastIndexOf('\nTry next:\n'));
  expect(next).toMatch(/^\nTry next:\n( {2}(searchlab|pnpm) .+\n){3,}$/);
}, 120_000);

it('demo --help lists every part it runs', async () => {
  const r = await run(['demo', '--help']);
  expect(r.code).toBe(0);
  const parts = r.stdout
    .slice(r.stdout.indexOf('What it runs'))
    .split('\n')
    .filter((l) => /^ {2}\d+\. /.test(l));
  expect(parts.length).toBe(12);
  for (const word of ['slide deck', 'course notebook', "Korf's 100", 'Monty Hall', 'N-Queens', 'curve fitting']) {
    expect(parts.join('\n')).toContain(word);
  }
}, 120_000);
