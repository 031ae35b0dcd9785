// @searchlab/engine/fit: least-squares polynomial fitting as trustworthy as numpy.polyfit (column-
// scaled Vandermonde, orthogonal solve, rank and conditioning warnings), model selection (seeded
// split, k-fold cross-validation, degree sweeps), the seed's over/under-fitting experiment, and
// its charts (Observable Plot).
export {
  polyfit, polyfitSync, polyfitRows, polyfitRowsSync, polyval, rmsError, validateFit, domainMap, domainMatrix,
  CONDITION_WARNING, MAX_DEGREE, type FitOptions, type PolyFit,
} from './fit.js';
export type { FitRows } from './run.js';
export { BLOCK, QrAccumulator, defaultRcond, type KernelSolution } from './reference.js';
