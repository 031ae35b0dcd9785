// The module's one allocator: a bump arena over linear memory, reset by each kernel's init.
// No managed objects (runtime stub, nothing uses __new), so the arena owns everything above
// __heap_base.
//
// Growing arrays (hash tables, heaps) leave their old block behind; `release` puts such a block on
// a short free list and `allocRecycled` (used for the fixed-size chunks of node records) carves
// from it first, so the dead space of a doubling table turns into node storage instead of waste.
//
// Growth past the soft limit or past --maximumMemory: the caller has already written its counters
// back to globals; we set `memoryFailed` and trap, and the host throws the instance away
// (the design guide, "Loading WebAssembly").
//
// The search build on a shared memory (scripts/build.mjs, SHARED_MEMORY defined): several instances
// run on one memory, so each owns a region [regionStart, regionEnd) the host hands it
// (`arenaRegion`, before the start function), and the modules' mutable static buffers are blocks of
// that region (`instanceData`) instead of fixed addresses. Limits and grants count the region's bytes.

const PAGE: u64 = 65536;
const MAX_FREE: i32 = 64;

/** 1 after an allocation failed; the host reads it to tell a memory limit from a bug. */
export let memoryFailed: i32 = 0;
/**
 * Soft limit in bytes (0 = only --maximumMemory): the host's grant. Past it the arena asks the host
 * for more (`arenaGrant`, with the end address it needs) and fails unless the new grant covers it;
 * so a host can share one budget between instances without the kernels knowing.
 */
let limitBytes: u64 = 0;

/** Host import: the new soft limit for an arena that needs `end` bytes (< end: refused). */
@external("env", "arenaGrant")
declare function arenaGrant(end: f64): f64;
/** Whether this is the build on a shared memory (a compile-time constant: the other build folds it away). */
export const SHARED: bool = isDefined(SHARED_MEMORY);
let regionStart: usize = 0;
let regionEnd: u64 = 0x1_0000_0000;
let top: usize = 0;
/** Bottom of the resettable arena: blocks below it (pattern databases) survive arenaReset. */
let floor: usize = 0;
/** The floor arenaUnpin returns to: above this instance's static buffers (shared-memory build), else 0. */
let keep: usize = 0;
/** Free blocks: MAX_FREE pairs (address, size). */
const FREE: usize = SHARED ? instanceData(MAX_FREE * 8) : memory.data(MAX_FREE * 8, 16);
let freeCount: i32 = 0;

@inline function alignUp(x: usize, a: usize): usize {
  return (x + a - 1) & ~(a - 1);
}

/** Start of the arena: after the static data (kernels' input areas included), or the instance's region. */
export function arenaBase(): usize {
  return SHARED ? regionStart : alignUp(__heap_base, 64);
}

/**
 * Shared-memory build: this instance allocates in [start, end) only (64-aligned, above the static
 * data); called by the host before the start function, which takes the instance's static buffers.
 */
export function arenaRegion(start: usize, end: f64): void {
  regionStart = start;
  regionEnd = <u64>end;
  top = start;
  floor = 0;
}

/**
 * Shared-memory build: a static buffer of this instance, a pinned block of its region, so that
 * instances do not write over each other's (taken by the start function, before any kernel call).
 * Declared `const X = SHARED ? instanceData(n) : memory.data(n, 16)`: the one-instance build keeps
 * the constant address (the hot loops index from it).
 */
export function instanceData(size: i32): usize {
  const ptr = alloc(<usize>size);
  arenaPin();
  keep = floor;
  return ptr;
}

export function arenaReset(): void {
  top = floor != 0 ? floor : arenaBase();
  freeCount = 0;
  memoryFailed = 0;
}

/** Keeps every block allocated so far across arenaReset (until arenaUnpin). */
export function arenaPin(): void {
  floor = top;
}

/** Drops the pinned blocks: the next arenaReset frees everything. */
export function arenaUnpin(): void {
  floor = keep;
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
  // Limits and grants count bytes from the region's start (0 in the one-instance build).
  const used = SHARED ? end - <u64>regionStart : end;
  if (limitBytes != 0 && used > limitBytes && used <= 0x1_0000_0000) {
    const granted = arenaGrant(<f64>used);
    if (granted < <f64>used) fail();
    limitBytes = <u64>granted;
  }
  let cap: u64 = limitBytes != 0 && limitBytes < 0x1_0000_0000 ? <u64>regionStart + limitBytes : 0x1_0000_0000;
  if (SHARED && cap > regionEnd) cap = regionEnd;
  if (end > cap) fail();
  const have = <u64>memory.size() * PAGE;
  if (end > have) {
    // Grow by at least a quarter: each grow makes the host re-create its ArrayBuffer (and may
    // trigger a GC), so thousands of small grows cost seconds.
    const need = <i32>((end - have + PAGE - 1) / PAGE);
    // (On a shared memory other instances grow it too: only what this region needs.)
    let more = SHARED ? need : <i32>(have / PAGE) >> 2;
    if (more < need) more = need;
    const room = <i32>((cap - have + PAGE - 1) / PAGE); // cap need not be page-aligned
    if (more > room) more = room;
    if (memory.grow(more) < 0 && (more == need || memory.grow(need) < 0)) fail();
  }
  top = <usize>end;
  return ptr;
}

export function allocZeroed(size: usize): usize {
  const ptr = alloc(size);
  memory.fill(ptr, 0, size);
  return ptr;
}

/** Gives a dead block back: the top shrinks when it is the last block, else it joins the free list. */
export function release(ptr: usize, size: usize): void {
  if (size == 0) return;
  if (ptr + size == top) { top = ptr; return; }
  if (freeCount == MAX_FREE) return; // rare: leave it dead
  const e = FREE + (<usize>freeCount << 3);
  store<u32>(e, <u32>ptr);
  store<u32>(e, <u32>size, 4);
  freeCount++;
}

/** Like alloc, but served from released blocks when one is big enough (first fit, carved). */
export function allocRecycled(size: usize): usize {
  const need = alignUp(size, 16);
  for (let i = 0; i < freeCount; i++) {
    const e = FREE + (<usize>i << 3);
    const ptr = <usize>load<u32>(e);
    const start = alignUp(ptr, 16);
    const end = ptr + <usize>load<u32>(e, 4);
    if (start + need > end) continue;
    if (start + need == end) {
      freeCount--; // drop the emptied block: move the last entry here
      store<u64>(e, load<u64>(FREE + (<usize>freeCount << 3)));
    } else {
      store<u32>(e, <u32>(start + need));
      store<u32>(e, <u32>(end - start - need), 4);
    }
    return start;
  }
  return alloc(size);
}

/**
 * Grow a block to `newSize` bytes keeping its contents: in place when it is the last block, else a
 * copy, and the old block is released.
 */
export function grow(ptr: usize, oldSize: usize, newSize: usize): usize {
  if (ptr != 0 && ptr + oldSize == top) {
    top = ptr;
    return alloc(newSize); // same address: alloc starts at the old top, already 16-aligned
  }
  const fresh = alloc(newSize);
  if (oldSize != 0) memory.copy(fresh, ptr, oldSize);
  release(ptr, oldSize);
  return fresh;
}

/** Bytes of linear memory in use by the arena (for reports). */
export function arenaUsed(): usize {
  return top - arenaBase();
}
