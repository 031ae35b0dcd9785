// Benchmark tool, not shipped: ida-manhattan.c written as plain recursive AssemblyScript (same
// contract, same node counts), compiled with the kernels' flags. It shows what the engine makes of
// the simplest WASM form of this search, next to the kernel's specialised loop (smallLoop in
// packages/core-as/assembly/puzzle/idastar.ts: no recursion, fewer live values, static tables).
const board = memory.data(16 * 4, 16); // i32 per cell
const nbr = memory.data(16 * 4 * 4, 16); // i32[cell * 4 + move], -1 off the board
const md = memory.data(16 * 16 * 4, 16); // i32[tile * 16 + cell]
let expanded: i64 = 0;
let next: i32 = 0;
let bound: i32 = 0;

@inline function get(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function put(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }

function search(blank: i32, g: i32, h: i32, prev: i32): bool {
  const f = g + h;
  if (f > bound) { if (f < next) next = f; return false; }
  if (h == 0) return true;
  expanded++;
  for (let d = 0; d < 4; d++) {
    if (prev >= 0 && d == (prev ^ 1)) continue;
    const b = get(nbr, (blank << 2) + d);
    if (b < 0) continue;
    const t = get(board, b);
    const nh = h - get(md, (t << 4) + b) + get(md, (t << 4) + blank);
    put(board, blank, t); put(board, b, 0);
    const found = search(b, g + 1, nh, d);
    put(board, b, t); put(board, blank, 0);
    if (found) return true;
  }
  return false;
}

export function setCell(c: i32, tile: i32): void { put(board, c, tile); }

/** Expanded nodes of IDA* from the board set by setCell (blank-first goal 0 1 … 15). */
export function solve(): i64 {
  let blank = 0, h = 0;
  for (let c = 0; c < 16; c++) {
    const r = c >> 2, q = c & 3;
    put(nbr, c * 4, r > 0 ? c - 4 : -1); put(nbr, c * 4 + 1, r < 3 ? c + 4 : -1);
    put(nbr, c * 4 + 2, q > 0 ? c - 1 : -1); put(nbr, c * 4 + 3, q < 3 ? c + 1 : -1);
    for (let t = 0; t < 16; t++) put(md, t * 16 + c, t == 0 ? 0 : abs(r - (t >> 2)) + abs(q - (t & 3)));
  }
  for (let c = 0; c < 16; c++) {
    const t = get(board, c);
    if (t == 0) blank = c;
    h += get(md, (t << 4) + c);
  }
  expanded = 0;
  bound = h;
  while (true) {
    next = i32.MAX_VALUE;
    if (search(blank, 0, h, -1)) return expanded;
    bound = next;
  }
}
