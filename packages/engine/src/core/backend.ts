/** Every kernel exists twice: the WASM kernel (default) and its TypeScript reference twin. */
export type Backend = 'wasm' | 'ts';
/**
 * The two backends, default first: `'wasm'` (the WebAssembly kernels) and `'ts'` (the TypeScript reference).
 */
export const BACKENDS: readonly Backend[] = ['wasm', 'ts'];
