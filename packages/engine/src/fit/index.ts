// @searchlab/engine/fit: least-squares polynomial fitting as trustworthy as numpy.polyfit (column-
// scaled Vandermonde, orthogonal solve, rank and conditioning warnings), model selection (seeded
// split, k-fold cross-validation, degree sweeps), the seed's over/under-fitting experiment, and
// the worker tasks. The charts (Observable Plot, an optional peer dependency) are the separate
// entry point @searchlab/engine/fit/charts.
import './tasks.js'; // registers the domain's worker tasks
export {
  polyfit,
  polyfitSync,
  polyval,
  rmsError,
  CONDITION_WARNING,
  MAX_DEGREE,
  type FitOptions,
  type PolyFit,
} from './fit.js';
export {
  splitIndices,
  foldIndices,
  sweepDegrees,
  sweepDegreesSync,
  fitSpec,
  type FitSpec,
  type Split,
  type SweepData,
  type SweepOptions,
  type DegreeResult,
  type Sweep,
} from './select.js';
export { runExperiment, SEED_EXPERIMENT, EXPERIMENT_SEED, type Experiment, type ExperimentOptions } from './experiment.js';
export { pointsReader, parsePoints, parseDegrees, type Columns, type Points } from './parse.js';
export type { SweepTask } from './tasks.js';
export type { FitRows } from './run.js';
