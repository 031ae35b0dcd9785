/**
 * Typed errors of the engine. Clients map `code` to exit codes / messages; `message` is one line
 * that says what is wrong and where.
 */
export type ErrorCode = 'invalid-input' | 'unsolvable' | 'limit' | 'aborted' | 'unsupported';

/**
 * The base of every error the engine throws on purpose. `code` says which kind (map it to an exit
 * code or a message); `message` is one line naming what is wrong and where. Errors from a worker arrive
 * as a `SearchlabError` with the same code and message.
 */
export class SearchlabError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
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

/**
 * WebAssembly cannot be compiled in this environment: a Content-Security-Policy without
 * `'wasm-unsafe-eval'` in `script-src`, or a runtime without WebAssembly. The engine does not fall
 * back on its own (a silent switch to the slower TypeScript reference would hide a 5–20× slowdown);
 * the message names both fixes: allow `'wasm-unsafe-eval'`, or pass `backend: 'ts'`.
 */
export class WasmUnavailableError extends UnsupportedError {
  /** The error the runtime raised (e.g. a `CompileError` naming the CSP directive). */
  override readonly cause: unknown;

  constructor(cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    const csp = /content.security.policy|unsafe-eval|csp/i.test(detail);
    super(
      (csp
        ? "WebAssembly is blocked by this page's Content-Security-Policy: add 'wasm-unsafe-eval' to its script-src"
        : `WebAssembly cannot be compiled here (${detail.split('\n')[0]})`) + ", or pass backend: 'ts' to run the TypeScript reference instead",
    );
    this.name = 'WasmUnavailableError';
    this.cause = cause;
  }
}
