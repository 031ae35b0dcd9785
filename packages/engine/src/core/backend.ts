/** Every kernel exists twice: the WASM kernel (default) and its TypeScript reference twin. */
export type Backend = 'wasm' | 'ts';
export const BACKENDS: readonly Backend[] = ['wasm', 'ts'];
