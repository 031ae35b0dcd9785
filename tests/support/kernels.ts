// The testing build of the kernels (core-as assembly/testing.ts): the shipped module's exports plus
// hooks only tests call. It is never part of the engine's dist; tests instantiate it here, and the
// engine's runs given such an instance lease instances of the same module.
import { testingWasmBase64 } from '@searchlab/core-as/testing';
import { instantiateKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';

/** The hooks of the testing build (raw bindings: numbers only; addresses are i32, read them with `>>> 0`). */
export interface TestingExports {
  readonly memory: WebAssembly.Memory;
  /** The best-first open list of the puzzle run in progress: 1 bucket grid, 2 heap, 0 none. */
  puzzleOpenKind(): number;
  /** The loop of the 3-door Monty games from now on: 0 SIMD (default), 1 all scalar, 2 every SIMD batch replayed on the scalar loop. */
  montyScalarOnly(mode: number): void;
  /** The PRNG twin's test stream (assembly/testing/rng.ts): seeds like TS `new Rng(seed)`. */
  rngSeed(seed: number): void;
  /** Seeds like TS `Rng.forStream(seed, index)`. */
  rngSeedStream(seed: number, index: number): void;
  /** Sets the raw state like TS `Rng.fromState`. */
  rngSetState(s0: number, s1: number, s2: number, s3: number): void;
  /** Address of the stream's state, s0..s3 as u32. */
  rngStatePointer(): number;
  rngBufferBytes(): number;
  /** kind 0 u32, 1 float, 2 nextInt(n); returns the buffer address (-1: bad arguments). */
  rngFill(kind: number, n: number, count: number): number;
  /** Shuffles 0 … len−1 into the buffer; returns its address. */
  rngShuffle(len: number): number;
}

/** The hooks' names: the testing build's exports beyond the shipped module's. */
export const HOOKS = [
  'puzzleOpenKind',
  'montyScalarOnly',
  'rngSeed',
  'rngSeedStream',
  'rngSetState',
  'rngStatePointer',
  'rngBufferBytes',
  'rngFill',
  'rngShuffle',
] as const satisfies readonly (keyof TestingExports)[];

let compiled: Promise<WebAssembly.Module> | undefined;

/** The testing build, compiled once. */
export function testingModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compile(Buffer.from(testingWasmBase64, 'base64'));
  return compiled;
}

/** A new instance of the testing build: pass it where the engine takes `Kernels`; its hooks are `hooks(k)`. */
export async function loadTestingKernels(): Promise<Kernels> {
  return instantiateKernels(await testingModule());
}

/** The hooks of an instance of the testing build (an instance of the shipped module has none: an error). */
export function hooks(k: Kernels): TestingExports {
  const ex = k.exports as unknown as Partial<TestingExports>;
  if (typeof ex.puzzleOpenKind !== 'function') throw new Error('not an instance of the testing build (loadTestingKernels)');
  return ex as TestingExports;
}
