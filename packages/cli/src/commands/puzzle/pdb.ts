// Pattern databases for the puzzle commands: `auto` resolved, then the databases loaded (from the
// cache or built) behind a progress bar before any search starts, so worker threads find them cached.
import { PDB_SPECS, isPdbName, loadPdb, pdbCached, placements, puzzleSpec, resolveHeuristic, type Board, type PuzzleSpec } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { int } from '../../format.js';
import type { CommandLimit } from '../../limits.js';
import { track } from '../../progress.js';

/**
 * The spec with `auto` resolved (once, here), its pattern databases loaded or built within the
 * command's --timeout; with `buildOnly`, tables already cached are not loaded (a queue's producer:
 * its workers load their own; a build here is for the workers on this machine).
 */
export async function preparePdb(
  ctx: Context,
  goal: Board,
  settings: PuzzleSpec,
  limit: CommandLimit,
  quiet?: boolean,
  buildOnly = false,
): Promise<PuzzleSpec> {
  const resolved = puzzleSpec(await resolveHeuristic(goal, settings));
  const name = resolved.heuristic;
  if (!isPdbName(name)) return resolved;
  const spec = PDB_SPECS[name];
  if (buildOnly && (await pdbCached(spec))) return resolved;
  const sizes = spec.patterns.map((p) => placements(spec.width * spec.height, p.length));
  const before = (p: number) => sizes.slice(0, p).reduce((a, b) => a + b, 0);
  const total = before(sizes.length);
  // Only a build reports progress (a cached table loads at once): one line on stderr says it began,
  // whatever stdout is, since the large sets take minutes.
  const announce = `building the ${name} pattern databases (${int(total)} placements; minutes for the large sets, once: ` + `they are cached for later runs)`;
  try {
    await track(ctx, { label: `pattern databases ${name}`, unit: 'placements', total, quiet, announce }, (progress) =>
      loadPdb(spec, {
        signal: limit.signal,
        maxMemoryBytes: resolved.maxMemoryBytes,
        onProgress: (p) => progress.update(before(p.pattern) + p.reached, `pattern ${p.pattern + 1}/${p.patterns}`),
      }),
    );
  } catch (e) {
    limit.check('while the pattern databases were built');
    throw e;
  }
  return resolved;
}
