/**
 * Typed errors of the engine. Clients map `code` to exit codes / messages; `message` is one line
 * that says what is wrong and where.
 */
export type ErrorCode = 'invalid-input' | 'unsolvable' | 'limit' | 'aborted' | 'unsupported';

export class SearchlabError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
    this.name = 'SearchlabError';
  }
}

/** Bad user input: the message names what and where ("row 3 has 5 cells, expected 4"). */
export class InvalidInputError extends SearchlabError {
  constructor(message: string) {
    super('invalid-input', message);
    this.name = 'InvalidInputError';
  }
}

/** A request the engine cannot serve, e.g. a backend without that kernel. */
export class UnsupportedError extends SearchlabError {
  constructor(message: string) {
    super('unsupported', message);
    this.name = 'UnsupportedError';
  }
}
