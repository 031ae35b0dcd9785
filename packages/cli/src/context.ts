// What every command receives from main: output streams, the Ctrl-C signal, and TTY facts.
export interface Context {
  /** Aborted on the first Ctrl-C (SIGINT). */
  signal: AbortSignal;
  out(text: string): void;
  /** Like out, but resolves once stdout can take more (backpressure, for long streams). */
  write(text: string): Promise<void>;
  err(text: string): void;
  /** Progress lines go to stderr only when a human watches it. */
  stderrIsTTY: boolean;
  /** Mark a long, abortable job as running so Ctrl-C aborts it instead of exiting at once. */
  busy<T>(job: Promise<T>): Promise<T>;
}
