// What the web says when a search stops: engine messages are written for the CLI, so flags
// become the control a web user can change, and advice depends on what is already chosen.
import { IDA_ALGORITHMS, type Algorithm, type HeuristicChoice } from '@searchlab/engine/puzzle';
import { formatCount } from '../shell/dom.js';

const TS_BACKEND = 'choose Backend "TypeScript reference"';
const CONSTRUCT = 'choose Algorithm "constructive (any size)"';

/** An engine message with CLI advice ("use --backend ts", "use --algorithm construct") replaced by the web control. */
export function forWeb(message: string): string {
  return message.replace(/\b(?:use|try)\s+(?:--)?backend[ =]ts\b/g, TS_BACKEND).replace(/\b(?:use|try)\s+--algorithm[ =]construct\b/g, CONSTRUCT);
}

/** What the search ran with, for advice that fits it. */
export interface LimitContext {
  maxNodes: number;
  algorithm?: Algorithm;
  heuristic?: HeuristicChoice;
  /** A pattern-database heuristic that applies to this board and fits this device (its label), if any. */
  pdb?: string;
}

/** "Stopped…" line for a search that hit a limit; for the node limit, what to change given the current settings. */
export function limitMessage(reason: string | undefined, expanded: number, limits: LimitContext): string {
  if (!reason?.startsWith('node limit')) return `Stopped: ${forWeb(reason ?? 'limit reached')} (${formatCount(expanded)} nodes expanded).`;
  const advice = [`raise the "Node limit" field (now ${formatCount(limits.maxNodes)}) and solve again`];
  const ida = limits.algorithm !== undefined && IDA_ALGORITHMS.includes(limits.algorithm);
  const strong = limits.heuristic === 'linear-conflict' || limits.heuristic === 'auto' || /^pdb/.test(limits.heuristic ?? '');
  if (!ida) advice.push('choose IDA*, which needs little memory');
  if (!strong) advice.push('choose the heuristic linear conflict');
  if (limits.pdb !== undefined && !/^pdb/.test(limits.heuristic ?? '')) advice.push(`choose ${limits.pdb}, far stronger`);
  const text = advice.length === 1 ? advice[0]! : `${advice.slice(0, -1).join(', ')} or ${advice.at(-1)}`;
  return `Stopped at the node limit after ${formatCount(expanded)} nodes expanded: ${text}.`;
}
