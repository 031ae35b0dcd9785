// A run yields to the event loop between slices (core/run.ts nextTurn). Where there is no
// setImmediate (browsers: the lab's workers) a turn must not be a setTimeout: browsers wait at least
// 4 ms once timeouts nest five deep, a quarter of a 15 ms slice. Node has MessageChannel like a browser.
import { expect, it, vi } from 'vitest';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { nextTurn } from '../../packages/engine/src/core/run.js';

it('without setImmediate, a turn lets I/O finish and takes no timeout', async () => {
  const immediate = globalThis.setImmediate;
  const timeout = vi.spyOn(globalThis, 'setTimeout');
  try {
    (globalThis as { setImmediate?: unknown }).setImmediate = undefined;
    let done = false;
    const io = stat(fileURLToPath(import.meta.url)).then(() => (done = true));
    // A turn that never left the microtask queue would never see the I/O finish.
    let turns = 0;
    while (!done && turns < 1_000_000) {
      await nextTurn();
      turns++;
    }
    await io;
    expect(done).toBe(true);
    expect(turns).toBeLessThan(1_000_000);
    expect(timeout).not.toHaveBeenCalled();
  } finally {
    globalThis.setImmediate = immediate;
    timeout.mockRestore();
  }
});
