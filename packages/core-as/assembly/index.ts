// searchlab kernels: one WebAssembly module, entry points re-exported from here.
export function kernelVersion(): i32 {
  return 1;
}
