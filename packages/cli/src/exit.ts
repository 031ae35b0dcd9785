// Exit codes: the CLI's contract with shells and scripts (the engine only has typed errors).
import type { SearchlabError } from '@searchlab/engine';

export const EXIT = {
  ok: 0,
  /** An internal error (a bug): reported with "internal error". */
  failure: 1,
  /** Invalid input: malformed, out of range, or a request this build cannot serve. */
  invalid: 2,
  unsolvable: 3,
  /** Any limit: nodes, steps, time or memory. */
  limit: 4,
  /** Ctrl-C (128 + SIGINT), as shells expect. */
  interrupted: 130,
} as const;

export const EXIT_FOR_ERROR: Readonly<Record<SearchlabError['code'], number>> = {
  'invalid-input': EXIT.invalid,
  unsupported: EXIT.invalid, // a request this build cannot serve is a usage problem, not a crash
  unsolvable: EXIT.unsolvable,
  limit: EXIT.limit,
  aborted: EXIT.interrupted,
};

/** The exit code of a run that ended with `status` (every domain's results use these statuses). */
export function exitForStatus(status: 'solved' | 'unsolvable' | 'limit' | 'aborted' | 'done'): number {
  switch (status) {
    case 'solved':
    case 'done':
      return EXIT.ok;
    case 'unsolvable':
      return EXIT.unsolvable;
    case 'limit':
      return EXIT.limit;
    case 'aborted':
      return EXIT.interrupted;
  }
}
