// The module's one allocator: a bump arena over linear memory, reset by each kernel's init.
// No managed objects (runtime stub, nothing uses __new), so the arena owns everything above
// __heap_base. Growth past the soft limit or past --maximumMemory flushes nothing by itself: the
// caller has already written its counters to globals, we set `memoryFailed` and trap, and the host
// throws the instance away (GUIDE.md "Loading WebAssembly").

const PAGE: u64 = 65536;

/** 1 after an allocation failed; the host reads it to tell a memory limit from a bug. */
export let memoryFailed: i32 = 0;
/** Soft limit in bytes (0 = only --maximumMemory), so hosts and tests can cap a run cheaply. */
let limitBytes: u64 = 0;
let top: usize = 0;

@inline function alignUp(x: usize, a: usize): usize {
  return (x + a - 1) & ~(a - 1);
}

/** Start of the arena: after the static data and the fixed input area of the kernels. */
export function arenaBase(): usize {
  return alignUp(__heap_base, 64);
}

export function arenaReset(): void {
  top = arenaBase();
  memoryFailed = 0;
}

export function setLimit(bytes: u64): void {
  limitBytes = bytes;
}

function fail(): void {
  memoryFailed = 1;
  unreachable();
}

/** `size` bytes, 16-aligned, contents undefined (reused instances keep old bytes). */
export function alloc(size: usize): usize {
  if (top == 0) top = arenaBase();
  const ptr = alignUp(top, 16);
  const end = <u64>ptr + <u64>size;
  if (limitBytes != 0 && end > limitBytes) fail();
  if (end > 0x1_0000_0000) fail();
  const have = <u64>memory.size() * PAGE;
  if (end > have) {
    const pages = <i32>((end - have + PAGE - 1) / PAGE);
    if (memory.grow(pages) < 0) fail();
  }
  top = <usize>end;
  return ptr;
}

export function allocZeroed(size: usize): usize {
  const ptr = alloc(size);
  memory.fill(ptr, 0, size);
  return ptr;
}

/**
 * Grow a block to `newSize` bytes keeping its contents: in place when it is the last block, else a
 * copy (the old block stays dead in the arena until the next reset; arrays double, so the waste is
 * bounded by the live size).
 */
export function grow(ptr: usize, oldSize: usize, newSize: usize): usize {
  if (ptr + oldSize == top) {
    top = ptr;
    const again = alloc(newSize);
    return again; // same address: alloc starts at the old top, already 16-aligned
  }
  const fresh = alloc(newSize);
  memory.copy(fresh, ptr, oldSize);
  return fresh;
}

/** Bytes of linear memory in use by the arena (for reports). */
export function arenaUsed(): usize {
  return top - arenaBase();
}
