/** The WASM backend of the simulation: the kernel of core-as/assembly/monty behind a KernelLease. */
import { codes } from '#core-as';
import { KernelLease, MEMORY_LIMIT, type Kernels } from '../core/kernels.js';
import type { MontyExports } from './kernel.js';
import { COUNTERS, type Counters, type MontyGame } from './model.js';
import { coinThreshold, type MontyKernel } from './ts-kernel.js';

export function createWasmKernel(kernels: Kernels, game: MontyGame, seed: number): MontyKernel {
  const lease = new KernelLease<MontyExports>(kernels);
  const call = <T>(fn: (ex: MontyExports) => T): T => {
    const r = lease.call(fn);
    // The kernel allocates nothing: a trap here is a bug, never a memory limit.
    if (r === MEMORY_LIMIT) throw new Error('monty kernel: unexpected memory limit');
    return r;
  };
  const init = call((ex) =>
    ex.montyInit(game.doors, game.open, codes.monty.host[game.host], coinThreshold(game.bias), coinThreshold(game.switchProbability), seed >>> 0),
  );
  if (init !== 0) {
    lease.release();
    throw new Error(`monty kernel refused the game ${JSON.stringify(game)}`);
  }
  let last: Counters | undefined;
  return {
    begin: (index) => call((ex) => ex.montyBegin(index)),
    play(games) {
      for (let left = games; left > 0; left -= 1 << 30) {
        const now = Math.min(left, 1 << 30);
        call((ex) => ex.montyPlay(now));
      }
    },
    counters: () => (lease.released ? last!.slice() : COUNTERS.map((_, i) => lease.exports.montyCounter(i))),
    dispose() {
      if (!lease.released) last = COUNTERS.map((_, i) => lease.exports.montyCounter(i));
      lease.release();
    },
  };
}
