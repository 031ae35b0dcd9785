// The one progress/cancel helper of every command: a progress bar on stderr (cli-progress) when a
// human watches it, nothing when stderr is piped or the output is JSON; the job is marked busy so
// that the first Ctrl-C aborts it (it then returns its statistics) instead of exiting at once.
// SEARCHLAB_PROGRESS=always shows it anyway (a line every PIPED_EVERY_MS when stderr is a file or a
// pipe: logs, and tests that wait for the work to be under way); SEARCHLAB_PROGRESS=never hides it.
import { SingleBar } from 'cli-progress';
import type { Context } from './context.js';
import { grouped } from './format.js';

export interface Progress {
  /** Work done so far (of `total` when one was given), and a short line of details. */
  update(done: number, detail?: string): void;
}

export interface TrackOptions {
  label: string;
  /** Units of work in all, when known (a bar with an ETA); otherwise a counter with its rate. */
  total?: number;
  /** A cap the work stops at (e.g. --max-nodes), not the work expected: shown, but no bar and no ETA. */
  limit?: number;
  /** What is counted, e.g. 'nodes', 'games'. */
  unit: string;
  /** JSON output: stay quiet whatever stderr is. */
  quiet?: boolean;
  /**
   * Long work (a pattern-database build) that must say so even when no bar is drawn: written once to
   * stderr as `searchlab: <announce>` at the first update, then a line with the time it took.
   */
  announce?: string;
}

/** Quick jobs print nothing: the bar appears only after this long. */
const SHOW_AFTER_MS = 500;
/** An ETA needs a rate measured over this long; before that it would be noise. */
const ETA_AFTER_MS = 3000;

/** "12 s", "4.5 min", "2.1 h". */
export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `${(seconds / 60).toFixed(1)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** Time left at the rate so far, or '—' while there is no meaningful rate (nothing done yet, too early). */
export function eta(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || done >= total || elapsedMs < ETA_AFTER_MS) return '—';
  const left = ((total - done) * elapsedMs) / done / 1000;
  return Number.isFinite(left) ? duration(left) : '—';
}
/** SEARCHLAB_PROGRESS=always on a stderr that is not a terminal: one progress line this often. */
const PIPED_EVERY_MS = 1000;

export async function track<T>(ctx: Context, options: TrackOptions, job: (progress: Progress) => Promise<T>): Promise<T> {
  const mode = process.env.SEARCHLAB_PROGRESS;
  const always = mode === 'always';
  const visible = always || (mode !== 'never' && ctx.stderrIsTTY && options.quiet !== true);
  const began = Date.now();
  let bar: SingleBar | undefined;
  let announced = false;
  const progress: Progress = {
    update(done, detail = '') {
      if (options.announce !== undefined && !announced && !visible) {
        announced = true;
        ctx.err(`searchlab: ${options.announce}\n`);
      }
      if (!visible || Date.now() - began < SHOW_AFTER_MS) return;
      const elapsed = Date.now() - began;
      const payload = {
        label: options.label,
        rate: grouped(Math.round(done / Math.max(elapsed / 1000, 1e-3))),
        unit: options.unit,
        detail,
        count: grouped(done),
        etaText: options.total !== undefined ? eta(done, options.total, elapsed) : '', // not 'eta': cli-progress owns that token
      };
      if (bar === undefined) {
        const capped = options.limit !== undefined ? ` (limit ${grouped(options.limit)})` : '';
        const format =
          options.total !== undefined
            ? '{label} [{bar}] {percentage}% {count}/{totalCount} {unit}  {rate} {unit}/s  eta {etaText} {detail}'
            : `{label} {count} {unit}${capped}  {rate} {unit}/s  {duration_formatted} {detail}`;
        bar = new SingleBar({
          format,
          stream: process.stderr,
          clearOnComplete: true,
          hideCursor: true,
          noTTYOutput: always,
          notTTYSchedule: PIPED_EVERY_MS,
        });
        bar.start(options.total ?? 0, done, { ...payload, totalCount: grouped(options.total ?? 0) });
      } else {
        bar.update(done, payload);
      }
    },
  };
  try {
    const result = await ctx.busy(job(progress));
    if (announced) ctx.err(`searchlab: done in ${duration((Date.now() - began) / 1000)}\n`);
    return result;
  } finally {
    bar?.stop();
  }
}
