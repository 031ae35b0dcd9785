// The N-Queens kernels' exported entry points (raw bindings: numbers and pointers only), typed for
// TypeScript in engine/src/queens/kernel.ts. One run per instance at a time: queensInit resets the
// arena; the counter keeps its small state in static memory.
export {
  queensInit, queensStep, queensStatus, queensSteps, queensMoves, queensEscapes, queensRestarts, queensConflicts,
  queensPositions, queensHistoryPointer, queensHistoryLength,
} from './local';
export { queensCountPrefix, queensCountInit, queensCountStep, queensCountResult } from './count';
export { queensFormatInit, queensFormat } from './format';
