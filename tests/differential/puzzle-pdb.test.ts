// IDA* with pattern databases, WASM against the TS reference (pdb-suite.ts), the tables in a kernel
// instance of their own (no threads share them here).
import { pdbDifferentialSuite } from './pdb-suite.js';

pdbDifferentialSuite();
