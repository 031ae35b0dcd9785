/**
 * Positions as comma-separated decimal ASCII, streamed in chunks: how `searchlab queens solve
 * --output` writes 10⁸ queens (about 0.9 GB of text, past what one string can hold) without a string
 * per queen. `formatPositionsTs` is the reference; the WASM twin (core-as/assembly/queens/format.ts)
 * writes the same bytes (tests/differential/queens.test.ts). Both look four digits up at a time.
 */
import { checkOptionalBackend, checkOptionalFunction, describe, reading } from '../core/args.js';
import type { Backend } from '../core/backend.js';
import { InvalidInputError } from '../core/errors.js';
import { KernelLease, MEMORY_LIMIT, loadKernels } from '../core/kernels.js';
import type { QueensExports } from './kernel.js';

/** Values per chunk (each chunk is at most 12 bytes per value). */
export const FORMAT_CHUNK = 1 << 20;

let tables: { d4: Uint32Array; p4: Uint32Array; l4: Uint8Array } | undefined;

/** Digits of 0..9999: without leading zeros (d4) and zero-padded to four (p4), little-endian in a u32; l4 the lengths. */
function digitTables(): NonNullable<typeof tables> {
  if (tables === undefined) {
    const d4 = new Uint32Array(10000),
      p4 = new Uint32Array(10000),
      l4 = new Uint8Array(10000);
    for (let v = 0; v < 10000; v++) {
      const s = String(v);
      const p = s.padStart(4, '0');
      for (let k = 0; k < 4; k++) p4[v]! |= p.charCodeAt(k) << (8 * k);
      for (let k = 0; k < s.length; k++) d4[v]! |= s.charCodeAt(k) << (8 * k);
      l4[v] = s.length;
    }
    tables = { d4, p4, l4 };
  }
  return tables;
}

/**
 * `p[from..to)` as decimal ASCII separated by commas into `out` (a comma before the first value too
 * when `lead`); returns the bytes written. `out` needs 12 bytes per value plus 3 (u32 stores).
 */
export function formatPositionsTs(p: Int32Array, from: number, to: number, out: Uint8Array, lead: boolean): number {
  const { d4, p4, l4 } = digitTables();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = 0;
  for (let i = from; i < to; i++) {
    if (i > from || lead) out[at++] = 44; // ','
    let v = p[i]!;
    if (v < 0) {
      out[at++] = 45;
      v = -v;
    } // '-' (never in a board; kept for any Int32Array)
    let hi = v;
    if (v >= 10000) {
      // Eight or ten digits: the leading group without zeros, then one or two padded groups of four.
      hi = (v / 10000) >>> 0;
      const top = hi >= 10000 ? (hi / 10000) >>> 0 : -1;
      if (top >= 0) {
        view.setUint32(at, d4[top]!, true);
        at += l4[top]!;
        view.setUint32(at, p4[hi - top * 10000]!, true);
        at += 4;
      } else {
        view.setUint32(at, d4[hi]!, true);
        at += l4[hi]!;
      }
      view.setUint32(at, p4[v - hi * 10000]!, true);
      at += 4;
      continue;
    }
    view.setUint32(at, d4[hi]!, true);
    at += l4[hi]!;
  }
  return at;
}

/** One backend's chunk maker: chunk k of the positions into region k mod 2, as a view of its bytes. */
type Formatter = { chunk(from: number, to: number, region: number): Uint8Array; close(): void };

function tsFormatter(p: Int32Array): Formatter {
  const regions = [new Uint8Array(FORMAT_CHUNK * 12 + 4), new Uint8Array(FORMAT_CHUNK * 12 + 4)];
  return {
    chunk: (from, to, region) => regions[region]!.subarray(0, formatPositionsTs(p, from, to, regions[region]!, from > 0)),
    close() {
      /* nothing */
    },
  };
}

async function wasmFormatter(p: Int32Array): Promise<Formatter> {
  const lease = new KernelLease<QueensExports>(await loadKernels());
  const src = lease.call((ex) => ex.queensFormatInit(FORMAT_CHUNK));
  if (src === MEMORY_LIMIT) throw new Error('no memory for the positions formatter');
  // queensFormat allocates nothing: the memory (and these views) stay put until the lease ends.
  const base = src >>> 0;
  const values = new Int32Array(lease.buffer, base, FORMAT_CHUNK);
  const bytes = new Uint8Array(lease.buffer);
  const at = [base + 4 * FORMAT_CHUNK, base + 16 * FORMAT_CHUNK];
  return {
    chunk(from, to, region) {
      values.set(p.subarray(from, to));
      const written = lease.exports.queensFormat(base, to - from, at[region]!, from > 0 ? 1 : 0);
      return bytes.subarray(at[region]!, at[region]! + written);
    },
    close: () => lease.release(),
  };
}

/**
 * Streams `p` as comma-separated decimals (no brackets) to `emit`, chunk by chunk. Two regions
 * alternate: chunk k+1 is formatted while `emit` of chunk k runs (a file write on libuv's threads),
 * and a region is reused only after its `emit` has resolved. The chunk is a view: copy it to keep it.
 */
export async function streamPositions(p: Int32Array, emit: (chunk: Uint8Array) => Promise<void>, backend: Backend = 'wasm'): Promise<void> {
  if (!reading('p', () => p instanceof Int32Array)) throw new InvalidInputError(`p must be an Int32Array, got ${describe(p)}`);
  checkOptionalFunction(emit, 'emit');
  if (emit === undefined) throw new InvalidInputError('emit must be a function, got undefined');
  checkOptionalBackend(backend);
  const formatter = backend === 'wasm' ? await wasmFormatter(p) : tsFormatter(p);
  let pending: Promise<void> = Promise.resolve();
  try {
    for (let from = 0, region = 0; from < p.length; from += FORMAT_CHUNK, region ^= 1) {
      const chunk = formatter.chunk(from, Math.min(p.length, from + FORMAT_CHUNK), region);
      await pending;
      pending = emit(chunk);
    }
    await pending;
  } finally {
    await pending.catch(() => undefined);
    formatter.close();
  }
}
