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
let top: usize = 0;
/** Bottom of the resettable arena: blocks below it (pattern databases) survive arenaReset. */
let floor: usize = 0;
/** Free blocks: MAX_FREE pairs (address, size). */
const FREE: usize = memory.data(MAX_FREE * 8, 16);
let freeCount: i32 = 0;

@inline function alignUp(x: usize, a: usize): usize {
  return (x + a - 1) & ~(a - 1);
}

/** Start of the arena: after the static data (kernels' input areas included). */
export function arenaBase(): usize {
  return alignUp(__heap_base, 64);
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
  floor = 0;
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
  if (limitBytes != 0 && end > limitBytes && end <= 0x1_0000_0000) {
    const granted = arenaGrant(<f64>end);
    if (granted < <f64>end) fail();
    limitBytes = <u64>granted;
  }
  const cap: u64 = limitBytes != 0 && limitBytes < 0x1_0000_0000 ? limitBytes : 0x1_0000_0000;
  if (end > cap) fail();
  const have = <u64>memory.size() * PAGE;
  if (end > have) {
    // Grow by at least a quarter: each grow makes the host re-create its ArrayBuffer (and may
    // trigger a GC), so thousands of small grows cost seconds.
    const need = <i32>((end - have + PAGE - 1) / PAGE);
    let more = <i32>(have / PAGE) >> 2;
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
