// Human and JSON renderings shared by the commands.
import { boardToText, renderBoard, type SearchStats, type SolveResult } from '@searchlab/engine/puzzle';
import type { Context } from './context.js';

/**
 * The one rule for whole numbers on stdout, in every command: grouped (365,596) only for a person at a
 * terminal; plain (365596) when piped or with --json, so scripts can read them. main.ts sets it once.
 */
let groupDigits = false;
export function useDigitGrouping(on: boolean): void {
  groupDigits = on;
}
export const int = (n: number | bigint): string => (groupDigits ? n.toLocaleString('en-US') : String(n));
/** Always grouped: for the progress bar, which is only drawn on a terminal. */
export const grouped = (n: number): string => n.toLocaleString('en-US');

/** Milliseconds, readable at any scale. */
export function ms(t: number): string {
  if (t < 1000) return `${t.toFixed(1)} ms`;
  return `${(t / 1000).toFixed(2)} s`;
}

/** h and f may be fractional (euclidean, wastar): at most 3 decimals, trailing zeros dropped. */
export function num(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3)));
}

/** The engine's solvability reason without its leading "solvable:" / "unsolvable:" (we print the verdict). */
export function why(reason: string): string {
  return reason.replace(/^(un)?solvable:\s*/, '');
}

/** Aligned "label  value" lines. */
export function keyValues(rows: [string, string][], indent = '  '): string {
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${indent}${k.padEnd(w)}  ${v}`).join('\n');
}

/**
 * `unique` read plainly: depth-first searches (IDA*, DFS, IDDFS) store no states, so "—" rather than 0;
 * for the others it counts the start too, hence "32 (the start + 31 distinct children)" beside 31 generated.
 */
export function uniqueText(s: SearchStats): string {
  if (s.unique === 0) return '— (this search stores no states)';
  return s.unique > 1 ? `${int(s.unique)} (the start + ${int(s.unique - 1)} distinct children)` : int(s.unique);
}

export function statsLines(s: SearchStats): string {
  return keyValues([
    ['expanded', int(s.expanded)],
    ['generated', int(s.generated)],
    ['unique', uniqueText(s)],
    ['largest frontier', int(s.maxFrontier)],
    ['iterations', int(s.iterations)],
    ['time', ms(s.timeMs)],
  ]);
}

/** Moves wrapped at ~76 columns, each line indented. */
export function movesLines(moves: readonly string[], indent = '  '): string {
  if (moves.length === 0) return `${indent}(none: the start is the goal)`;
  const lines: string[] = [];
  let line = '';
  for (const m of moves) {
    if (line && line.length + 1 + m.length > 76 - indent.length) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${m}` : m;
  }
  lines.push(line);
  return lines.map((l) => indent + l).join('\n');
}

export function indentBlock(text: string, indent = '  '): string {
  return text
    .split('\n')
    .map((l) => indent + l)
    .join('\n');
}

/** Every state on the path, each followed by `g = …  h = …  f = …` (seed 004's printout). */
export function traceLines(result: SolveResult): string {
  const parts: string[] = [];
  const moves = result.moves ?? [];
  (result.trace ?? []).forEach((step, i) => {
    const label = i === 0 ? 'start' : `after ${moves[i - 1] ?? '?'}`;
    parts.push(`  step ${i} (${label})`);
    parts.push(indentBlock(renderBoard(step.board), '    '));
    parts.push(`    g = ${num(step.g)}  h = ${num(step.h)}  f = ${num(step.f)}`);
  });
  return parts.join('\n');
}

/** The --json object of one solve: the issue's shape first, then status, reason, trace. */
export function solveJson(result: SolveResult, start?: unknown, goal?: unknown): Record<string, unknown> {
  return {
    solvable: result.solvable,
    length: result.length,
    ...result.construct, // construct: lengthBefore, lengthAfter, constructMs, postPassMs
    moves: result.moves,
    algorithm: result.algorithm,
    heuristic: result.heuristic,
    backend: result.backend,
    stats: {
      expanded: result.stats.expanded,
      generated: result.stats.generated,
      unique: result.stats.unique,
      maxFrontier: result.stats.maxFrontier,
      iterations: result.stats.iterations,
      timeMs: Math.round(result.stats.timeMs * 1000) / 1000, // µs resolution; the rest is timer noise
    },
    status: result.status,
    reason: result.reason,
    bound: result.bound,
    lowerBound: result.lowerBound,
    optimal: result.optimal,
    parallel: result.parallel && {
      ...result.parallel,
      iterations: result.parallel.iterations.map((it) => ({
        ...it,
        next: Number.isFinite(it.next) ? it.next : null,
        timeMs: Math.round(it.timeMs * 1000) / 1000,
      })),
    },
    improvements: result.improvements?.map((i) => ({ ...i, stats: { ...i.stats, timeMs: Math.round(i.stats.timeMs * 1000) / 1000 } })),
    trace: result.trace?.map((t) => ({ board: boardToText(t.board), g: t.g, h: t.h, f: t.f })),
    start,
    goal,
  };
}

export function printJson(ctx: Context, value: unknown): void {
  ctx.out(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A GitHub-flavoured Markdown table that also reads as plain text: header, separator, rows, every row
 * with the header's cells (short rows padded, a '|' inside a cell escaped); columns from
 * `rightAlignFrom` on right-aligned (numbers), marked so in the separator.
 */
export function table(header: string[], rows: string[][], rightAlignFrom = 1): string {
  const cellsOf = (r: string[]) => header.map((_, i) => (r[i] ?? '').replace(/\|/g, '\\|'));
  const body = rows.map(cellsOf);
  const head = cellsOf(header);
  // A right-aligned column's separator is at least '-:'.
  const widths = head.map((h, i) => Math.max(h.length, i >= rightAlignFrom ? 2 : 1, ...body.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= rightAlignFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i >= rightAlignFrom ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [fmt(head), rule, ...body.map(fmt)].join('\n');
}
