// The web's wording of engine messages: CLI advice becomes the control a web user can change.
import { describe, expect, it } from 'vitest';
import { forWeb, limitMessage } from '../../packages/web/src/puzzle/messages.js';

describe('web messages', () => {
  it('replaces every form of the backend flag with the Backend control', () => {
    for (const engine of [
      'dfs has no WASM kernel; use --backend ts',
      'memory: the WASM instance ran out of memory (try --backend ts or a smaller problem)',
      'the WASM kernels handle boards of up to 1024 cells; this one has 2000 (use backend ts)',
    ]) {
      const web = forWeb(engine);
      expect(web).not.toMatch(/backend ts|--/);
      expect(web).toContain('"TypeScript reference"');
    }
  });

  it('names the node-limit field and how to raise it', () => {
    const text = limitMessage('node limit: expanded 1000 nodes', 1000, { maxNodes: 1000, algorithm: 'astar', heuristic: 'manhattan' });
    expect(text).toContain('"Node limit"');
    expect(text).toMatch(/raise/i);
    expect(text).toMatch(/IDA\*/);
    expect(text).toMatch(/linear conflict/);
    expect(limitMessage('timeout: 50 ms', 7, { maxNodes: 1000 })).toBe('Stopped: timeout: 50 ms (7 nodes expanded).');
  });

  it('advises only what is not chosen already', () => {
    const text = limitMessage('node limit: expanded 1000 nodes', 1000, {
      maxNodes: 1000,
      algorithm: 'idastar',
      heuristic: 'linear-conflict',
      pdb: 'PDB 6-6-3',
    });
    expect(text).not.toMatch(/IDA\*|choose the heuristic linear conflict/);
    expect(text).toMatch(/PDB 6-6-3/);
    const pdb = limitMessage('node limit: expanded 1000 nodes', 1000, { maxNodes: 1000, algorithm: 'idastar', heuristic: 'pdb663' });
    expect(pdb).toBe('Stopped at the node limit after 1,000 nodes expanded: raise the "Node limit" field (now 1,000) and solve again.');
  });

  it('names the constructive algorithm instead of the CLI flag', () => {
    expect(forWeb('astar handles boards up to 32×32; this one is 100×100 (use --algorithm construct)')).toBe(
      'astar handles boards up to 32×32; this one is 100×100 (choose Algorithm "constructive (any size)")',
    );
  });
});
