// One table built by several threads on one shared memory (threads.ts): the primary instance sets
// up and begins the build (builder.ts) and publishes it; each thread joins it (the instances'
// globals are their own, the memory is not), then per layer every thread takes chunks of frontier
// words until none is left. Children are marked with atomic ORs: a layer writes only placements of
// the other parity (d - md is even), so no thread reads what another writes in the same layer, and
// the table is the same as on one thread.
import { arenaReset } from '../common/arena';
import { MAX_THREADS, adoptBuild, bF0, bF1, bNew, bP, bReached, bVis, bWords, beginLayer, dropBuild, expandWord, wide } from './builder';
import { i32At, joinGeometry, ph, pw, setI32 } from './ranking';

const CHUNK_WORDS: i32 = 256;
/** i32 next chunk of the layer, i32 stop flag, then f64 placements reached per thread. */
const SHARED = memory.data(8 + MAX_THREADS * 8, 16);
/** The primary's build globals, for the threads that join it (entry 2: the pattern + 1, 0 for none). */
const BUILD = memory.data(16 * 4, 16);
let bThread: i32 = 0;

/** After buildBegin on the primary: what the joining threads need, and every count reset. */
export function publishBuild(): void {
  setI32(BUILD, 0, pw); setI32(BUILD, 1, ph); setI32(BUILD, 2, bP + 1);
  setI32(BUILD, 3, <i32>bVis); setI32(BUILD, 4, <i32>bF0); setI32(BUILD, 5, <i32>bF1); setI32(BUILD, 6, bWords);
  store<i32>(SHARED, 0);
  store<i32>(SHARED, 0, 4);
  for (let t = 0; t < MAX_THREADS; t++) store<f64>(SHARED + 8 + (<usize>t << 3), t == 0 ? 1 : 0);
}

/** Instance t (0 ≤ t < MAX_THREADS, one each) joins the build the primary began; false if none or t is out of range. */
export function buildJoin(t: i32): bool {
  if (t < 0 || t >= MAX_THREADS || i32At(BUILD, 2) == 0) return false;
  joinGeometry(i32At(BUILD, 0), i32At(BUILD, 1));
  bThread = t;
  adoptBuild(i32At(BUILD, 2) - 1, <usize><u32>i32At(BUILD, 3), <usize><u32>i32At(BUILD, 4), <usize><u32>i32At(BUILD, 5),
    i32At(BUILD, 6), t, load<f64>(SHARED + 8 + (<usize>t << 3)));
  return true;
}

/** Before each layer (primary, all threads idle): deals the frontier from its first chunk again. */
export function buildLayerReset(): void {
  atomic.store<i32>(SHARED, 0);
}

/** Asks every thread to return from buildChunks after its current chunk. */
export function buildStop(): void {
  atomic.store<i32>(SHARED, 1, 4);
}

/** This thread's share of layer `depth` (from 0): new (placement, region) states found; -1 if stopped. */
export function buildChunks(depth: i32): f64 {
  beginLayer(depth);
  const cur = (depth & 1) != 0 ? bF1 : bF0, nxt = (depth & 1) != 0 ? bF0 : bF1;
  const isWide = wide();
  const reached = SHARED + 8 + (<usize>bThread << 3);
  while (true) {
    if (atomic.load<i32>(SHARED, 4) != 0) return -1;
    const w0 = atomic.add<i32>(SHARED, 1) * CHUNK_WORDS;
    if (w0 >= bWords) break;
    const w1 = min(w0 + CHUNK_WORDS, bWords);
    for (let w = w0; w < w1; w++) expandWord(cur, nxt, w, isWide);
    store<f64>(reached, bReached);
  }
  return bNew;
}

/** Placements reached by all threads so far (primary). */
export function buildReachedAll(): f64 {
  let n = 0.0;
  for (let t = 0; t < MAX_THREADS; t++) n += load<f64>(SHARED + 8 + (<usize>t << 3));
  return n;
}

/** The primary ends a build its threads finished (or stopped): temporaries freed. */
export function buildEnd(): void {
  dropBuild();
  setI32(BUILD, 2, 0);
  arenaReset();
}
