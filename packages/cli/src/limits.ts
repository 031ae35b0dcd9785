// --timeout: one wall-clock limit for the whole command, counted from the process's start and kept
// in every phase — set-up, pattern-database builds, the work, output files. The work gets what is
// left as its `timeoutMs` (the engine's unit); the other phases watch `signal`.
import { SearchlabError } from '@searchlab/engine';
import type { Context } from './context.js';

export interface CommandLimit {
  /** Aborted by Ctrl-C, or when the time is up. */
  signal: AbortSignal;
  /** Milliseconds left (at least 1); undefined without --timeout. */
  remainingMs(): number | undefined;
  /** The time ran out (and it was not Ctrl-C). */
  timedOut(): boolean;
  /** Throws the limit error (exit 4) for `phase` when the time ran out. */
  check(phase: string): void;
}

export function commandLimit(ctx: Context, timeoutMs: number | undefined): CommandLimit {
  if (timeoutMs === undefined) {
    return { signal: ctx.signal, remainingMs: () => undefined, timedOut: () => false, check: () => undefined };
  }
  // performance.now() counts from the process's start: the limit includes start-up.
  const left = (): number => Math.max(1, Math.ceil(timeoutMs - performance.now()));
  const timer = AbortSignal.timeout(left());
  // The clock as well as the timer: a loop that only awaits resolved promises never lets the timer fire.
  const timedOut = (): boolean => (timer.aborted || performance.now() >= timeoutMs) && !ctx.signal.aborted;
  return {
    signal: AbortSignal.any([ctx.signal, timer]),
    remainingMs: left,
    timedOut,
    check(phase) {
      if (timedOut()) throw new SearchlabError('limit', `the --timeout of ${timeoutMs / 1000} s ran out ${phase}`);
    },
  };
}
