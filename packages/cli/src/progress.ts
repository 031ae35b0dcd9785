// The one progress/cancel helper of every command: a progress bar on stderr (cli-progress) when a
// human watches it, nothing when stderr is piped or the output is JSON; the job is marked busy so
// that the first Ctrl-C aborts it (it then returns its statistics) instead of exiting at once.
// SEARCHLAB_PROGRESS=always shows it anyway (a line every PIPED_EVERY_MS when stderr is a file or a
// pipe: logs, and tests that wait for the work to be under way); SEARCHLAB_PROGRESS=never hides it.
import { SingleBar } from 'cli-progress';
import type { Context } from './context.js';
import { int } from './format.js';

export interface Progress {
  /** Work done so far (of `total` when one was given), and a short line of details. */
  update(done: number, detail?: string): void;
}

export interface TrackOptions {
  label: string;
  /** Units of work in all, when known (a bar); otherwise a counter with its rate. */
  total?: number;
  /** What is counted, e.g. 'nodes', 'games'. */
  unit: string;
  /** JSON output: stay quiet whatever stderr is. */
  quiet?: boolean;
}

/** Quick jobs print nothing: the bar appears only after this long. */
const SHOW_AFTER_MS = 500;
/** SEARCHLAB_PROGRESS=always on a stderr that is not a terminal: one progress line this often. */
const PIPED_EVERY_MS = 1000;

export async function track<T>(ctx: Context, options: TrackOptions, job: (progress: Progress) => Promise<T>): Promise<T> {
  const mode = process.env.SEARCHLAB_PROGRESS;
  const always = mode === 'always';
  const visible = always || (mode !== 'never' && ctx.stderrIsTTY && options.quiet !== true);
  const began = Date.now();
  let bar: SingleBar | undefined;
  const progress: Progress = {
    update(done, detail = '') {
      if (!visible || Date.now() - began < SHOW_AFTER_MS) return;
      const secs = (Date.now() - began) / 1000;
      const payload = { label: options.label, rate: int(Math.round(done / Math.max(secs, 1e-3))), unit: options.unit, detail, count: int(done) };
      if (bar === undefined) {
        const format = options.total !== undefined
          ? '{label} [{bar}] {percentage}% {count}/{totalCount} {unit}  {rate} {unit}/s  eta {eta_formatted} {detail}'
          : '{label} {count} {unit}  {rate} {unit}/s  {duration_formatted} {detail}';
        bar = new SingleBar({
          format, stream: process.stderr, clearOnComplete: true, hideCursor: true, etaBuffer: 50, noTTYOutput: always, notTTYSchedule: PIPED_EVERY_MS,
        });
        bar.start(options.total ?? 0, done, { ...payload, totalCount: int(options.total ?? 0) });
      } else {
        bar.update(done, payload);
      }
    },
  };
  try {
    return await ctx.busy(job(progress));
  } finally {
    bar?.stop();
  }
}
