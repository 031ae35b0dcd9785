// Pattern databases for the puzzle commands: `auto` resolved, then the databases loaded (from the
// cache or built) behind a progress bar before any search starts, so worker threads find them cached.
import {
  PDB_SPECS, isPdbName, loadPdb, placements, resolveHeuristic, type Board, type SolveSettings,
} from '@searchlab/engine';
import type { Context } from '../../context.js';
import { int } from '../../format.js';
import { track } from '../../progress.js';

export async function preparePdb(ctx: Context, goal: Board, settings: SolveSettings, quiet?: boolean): Promise<SolveSettings> {
  const resolved = (await resolveHeuristic(goal, settings)) as SolveSettings;
  const name = resolved.heuristic;
  if (!isPdbName(name)) return resolved;
  const spec = PDB_SPECS[name];
  const sizes = spec.patterns.map((p) => placements(spec.width * spec.height, p.length));
  const before = (p: number) => sizes.slice(0, p).reduce((a, b) => a + b, 0);
  const total = before(sizes.length);
  // Only a build reports progress (a cached table loads at once): one line on stderr says it began,
  // whatever stdout is, since the large sets take minutes.
  const announce = `building the ${name} pattern databases (${int(total)} placements; minutes for the large sets, once: ` +
    `they are cached for later runs)`;
  await track(ctx, { label: `pattern databases ${name}`, unit: 'placements', total, quiet, announce }, (progress) =>
    loadPdb(spec, {
      signal: ctx.signal,
      maxMemoryBytes: resolved.maxMemoryBytes,
      onProgress: (p) => progress.update(before(p.pattern) + p.reached, `pattern ${p.pattern + 1}/${p.patterns}`),
    }));
  return resolved;
}
