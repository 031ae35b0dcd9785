// Positions as comma-separated decimal ASCII (the `positions` array of `searchlab queens solve
// --output`), formatted in linear memory so that 10⁸ queens never become strings. Twin of
// formatPositionsTs in engine/src/queens/format.ts: the same bytes (tests/differential/queens.test.ts).
//
// Four digits per table lookup: D4[v] holds v's digits without leading zeros (little-endian in a
// u32; the bytes past its length are overwritten by what follows), P4[v] the four digits zero-padded,
// L4[v] the length of v's digits. One unaligned u32 store per four digits.
import { alloc, arenaReset } from '../common/arena';

const D4: usize = memory.data(10000 * 4, 16);
const P4: usize = memory.data(10000 * 4, 16);
const L4: usize = memory.data(10000, 16);
let tablesReady: bool = false;

function fillTables(): void {
  for (let v: u32 = 0; v < 10000; v++) {
    const d0 = v / 1000, d1 = (v / 100) % 10, d2 = (v / 10) % 10, d3 = v % 10;
    const padded = (0x30 + d0) | ((0x30 + d1) << 8) | ((0x30 + d2) << 16) | ((0x30 + d3) << 24);
    const len: u32 = v >= 1000 ? 4 : v >= 100 ? 3 : v >= 10 ? 2 : 1;
    store<u32>(P4 + (<usize>v << 2), padded);
    store<u32>(D4 + (<usize>v << 2), padded >> ((4 - len) << 3));
    store<u8>(L4 + <usize>v, <u8>len);
  }
  tablesReady = true;
}

/**
 * Room for `count` values and two output chunks of `count` values each (12 bytes per value: a comma,
 * a sign and ten digits); resets the arena. Returns the address of the values (i32 × count); the
 * chunks follow at +4·count and +16·count.
 */
export function queensFormatInit(count: i32): usize {
  if (!tablesReady) fillTables();
  arenaReset();
  return alloc(<usize>count * 28 + 16);
}

/** Writes `v`'s digits at `dst` (v < 10¹⁰ as u32); returns the end. */
@inline function digits(dst: usize, v: u32): usize {
  if (v < 10000) {
    store<u32>(dst, load<u32>(D4 + (<usize>v << 2)));
    return dst + <usize>load<u8>(L4 + <usize>v);
  }
  if (v < 100000000) {
    const hi = v / 10000;
    store<u32>(dst, load<u32>(D4 + (<usize>hi << 2)));
    dst += <usize>load<u8>(L4 + <usize>hi);
    store<u32>(dst, load<u32>(P4 + (<usize>(v - hi * 10000) << 2)));
    return dst + 4;
  }
  const top = v / 100000000; // 1..42
  const rest = v - top * 100000000;
  const mid = rest / 10000;
  store<u32>(dst, load<u32>(D4 + (<usize>top << 2)));
  dst += <usize>load<u8>(L4 + <usize>top);
  store<u32>(dst, load<u32>(P4 + (<usize>mid << 2)));
  store<u32>(dst, load<u32>(P4 + (<usize>(rest - mid * 10000) << 2)), 4);
  return dst + 8;
}

/**
 * The `count` i32 values at `src` as decimal ASCII separated by commas, at `dst`; a comma before the
 * first one too when `lead` is 1. Returns the number of bytes written (at most 12 per value; the
 * last store may touch 3 bytes past the end).
 */
export function queensFormat(src: usize, count: i32, dst: usize, lead: i32): i32 {
  let at = dst;
  const end = src + (<usize>count << 2);
  let p = src;
  if (p < end && lead == 0) {
    const v = load<i32>(p);
    if (v < 0) { store<u8>(at, 0x2d); at = digits(at + 1, <u32>(-v)); } else at = digits(at, <u32>v);
    p += 4;
  }
  for (; p < end; p += 4) {
    const v = load<i32>(p);
    store<u8>(at, 0x2c);
    if (v < 0) { store<u8>(at, 0x2d, 1); at = digits(at + 2, <u32>(-v)); } else at = digits(at + 1, <u32>v);
  }
  return <i32>(at - dst);
}
