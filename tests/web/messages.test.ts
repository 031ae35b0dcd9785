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
    const text = limitMessage('node limit: expanded 1000 nodes', 1000, 1000);
    expect(text).toContain('"Node limit"');
    expect(text).toMatch(/raise/i);
    expect(limitMessage('timeout: 50 ms', 7, 1000)).toBe('Stopped: timeout: 50 ms (7 nodes expanded).');
  });
});
