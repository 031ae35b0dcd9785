// The search worker: every solve and comparison runs here, so the page stays responsive.
// It is a module worker; the engine (and its embedded WASM) is bundled in.
import { solvePuzzle, type SearchStats, type SolveOptions } from '@searchlab/engine';
import type { CompareRequest, CompareRow, SolveRequest, SolveSettings, WorkerReply, WorkerRequest } from './protocol.js';

// The DOM lib types `self` as a Window; only these two members are used.
const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

const PROGRESS_EVERY_MS = 100;

function post(message: WorkerReply): void {
  scope.postMessage(message);
}

/** onProgress callback that posts at most every PROGRESS_EVERY_MS. */
function throttledProgress(id: number, label?: string): (stats: SearchStats) => void {
  let last = 0;
  return (stats) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    post({ type: 'progress', id, stats: { ...stats }, label });
  };
}

function options(settings: SolveSettings, onProgress: (s: SearchStats) => void): SolveOptions {
  const opts: SolveOptions = {
    algorithm: settings.algorithm,
    heuristic: settings.heuristic,
    onProgress,
  };
  if (settings.countBlank) opts.countBlank = true;
  if (settings.weight !== undefined) opts.weight = settings.weight;
  if (settings.backend !== undefined) opts.backend = settings.backend;
  if (settings.maxNodes !== undefined) opts.maxNodes = settings.maxNodes;
  if (settings.timeoutMs !== undefined) opts.timeoutMs = settings.timeoutMs;
  return opts;
}

async function solve(req: SolveRequest): Promise<void> {
  const result = await solvePuzzle(req.start, req.goal, options(req.settings, throttledProgress(req.id)));
  post({ type: 'result', id: req.id, result });
}

async function compare(req: CompareRequest): Promise<void> {
  for (const variant of req.variants) {
    const row: CompareRow = {
      heuristic: variant.heuristic,
      countBlank: variant.countBlank,
      boards: req.boards.length,
      lengths: [],
      expanded: 0,
      generated: 0,
      maxFrontier: 0,
      timeMs: 0,
      unsolved: {},
    };
    for (let i = 0; i < req.boards.length; i++) {
      const label = `${variant.heuristic}${variant.countBlank ? ' + blank' : ''}, board ${i + 1}/${req.boards.length}`;
      const settings: SolveSettings = { ...req.settings, heuristic: variant.heuristic, countBlank: variant.countBlank };
      const result = await solvePuzzle(req.boards[i]!, req.goal, options(settings, throttledProgress(req.id, label)));
      row.expanded += result.stats.expanded;
      row.generated += result.stats.generated;
      row.maxFrontier = Math.max(row.maxFrontier, result.stats.maxFrontier);
      row.timeMs += result.stats.timeMs;
      row.lengths.push(result.status === 'solved' ? result.length ?? 0 : null);
      if (result.status !== 'solved') row.unsolved[result.status] = (row.unsolved[result.status] ?? 0) + 1;
    }
    post({ type: 'compare-row', id: req.id, row });
  }
  post({ type: 'compare-done', id: req.id });
}

scope.onmessage = (event) => {
  const req = event.data;
  const run = req.type === 'solve' ? solve(req) : compare(req);
  run.catch((err: unknown) => {
    const e = err as { message?: string; code?: string };
    post({ type: 'error', id: req.id, message: e?.message ?? String(err), code: e?.code });
  });
};
