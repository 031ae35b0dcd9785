/**
 * The effective branching factor b* of a search (Russell & Norvig): the branching factor a uniform
 * tree of depth d would need to hold N + 1 nodes, i.e. the root of N + 1 = 1 + b* + b*² + … + b*^d,
 * where N is the number of nodes the search generated and d the solution's depth.
 */
import { shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';

/** 1 + b + … + b^d, by Horner's rule. */
function treeSize(b: number, d: number): number {
  let sum = 1;
  for (let i = 0; i < d; i++) sum = sum * b + 1;
  return sum;
}

/**
 * b* for N generated nodes and a solution at depth d ≥ 1, to within 1e-9 (bisection: the tree size
 * grows strictly with b ≥ 0). NaN for d = 0 (no tree to speak of).
 */
export function effectiveBranchingFactor(generated: number, depth: number): number {
  if (!(Number.isFinite(generated) && generated >= 0)) throw new InvalidInputError(`b*: the node count must be a finite number ≥ 0, got ${shown(generated)}`);
  if (!(Number.isSafeInteger(depth) && depth >= 0)) throw new InvalidInputError(`b*: the depth must be a whole number ≥ 0, got ${shown(depth)}`);
  if (depth === 0) return NaN;
  const target = generated + 1;
  let lo = 0;
  let hi = Math.max(1, generated);
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (treeSize(mid, depth) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
