// What the web says when a search stops: engine messages are written for the CLI, so flags
// become the control a web user can change.
import { formatCount } from '../shell/dom.js';

const TS_BACKEND = 'choose Backend "TypeScript reference"';

/** An engine message with CLI advice ("use --backend ts") replaced by the web control. */
export function forWeb(message: string): string {
  return message.replace(/\b(?:use|try)\s+(?:--)?backend[ =]ts\b/g, TS_BACKEND);
}

/** "Stopped…" line for a search that hit a limit; for the node limit it says how to raise it. */
export function limitMessage(reason: string | undefined, expanded: number, maxNodes: number): string {
  if (reason?.startsWith('node limit')) {
    return `Stopped at the node limit after ${formatCount(expanded)} nodes expanded. `
      + `Raise the "Node limit" field (now ${formatCount(maxNodes)}) and solve again, `
      + 'or try IDA* with linear conflict, which needs little memory.';
  }
  return `Stopped: ${forWeb(reason ?? 'limit reached')} (${formatCount(expanded)} nodes expanded).`;
}
