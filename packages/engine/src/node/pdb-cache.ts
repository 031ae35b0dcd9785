/**
 * The pattern databases' file cache for Node: one file per pattern under a per-user cache
 * directory ($SEARCHLAB_CACHE_DIR, else $XDG_CACHE_HOME/searchlab, else ~/.cache/searchlab). Names
 * carry the format version (pdb-store.ts PDB_FORMAT). A file is a 32-byte header (magic, format,
 * table length, the table's digest: puzzle/pdb-digest.ts) then the table, written by the one
 * atomic writer (node/atomic.ts); a write that fails is a warning, never the run's error. A load
 * reads the table straight
 * into the memory the kernel searches (`readInto`: no intermediate copy) and checks the digest
 * there (by the kernel's SIMD twin of the digest when the engine passes it); a file of the wrong
 * size, header or digest is deleted and reported missing, so it is rebuilt.
 */
import { mkdir, open, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '../core/errors.js';
import { DIGEST_BYTES, tableDigest } from '../puzzle/pdb-digest.js';
import { PDB_FORMAT, setPdbCache, type PdbCache } from '../puzzle/pdb-store.js';
import { writeFileAtomic } from './atomic.js';

/** Concurrent reads of one table, each at least MIN_SLICE_BYTES (libuv runs 4 threads by default). */
const READ_SLICES = 4;
const MIN_SLICE_BYTES = 16 << 20;
const MAGIC = 0x4244_5053; // "SPDB" read as a little-endian u32
const HEADER_BYTES = 32;

/**
 * Where pattern databases are cached by default: `$SEARCHLAB_CACHE_DIR`, else `$XDG_CACHE_HOME/searchlab`, else `~/.cache/searchlab`.
 */
export function defaultCacheDir(): string {
  const env = process.env;
  if (env.SEARCHLAB_CACHE_DIR) return env.SEARCHLAB_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'searchlab');
}

function header(data: Uint8Array, digest: Uint8Array): Uint8Array {
  const h = new Uint8Array(HEADER_BYTES);
  const v = new DataView(h.buffer);
  v.setUint32(0, MAGIC, true);
  v.setUint32(4, PDB_FORMAT, true);
  v.setFloat64(8, data.length, true);
  h.set(digest, HEADER_BYTES - DIGEST_BYTES);
  return h;
}

/** The header's stored digest when it describes a table of `bytes` bytes in this format, else undefined. */
function expectedDigest(h: Uint8Array, bytes: number): Uint8Array | undefined {
  const v = new DataView(h.buffer, h.byteOffset, HEADER_BYTES);
  const ok = v.getUint32(0, true) === MAGIC && v.getUint32(4, true) === PDB_FORMAT && v.getFloat64(8, true) === bytes;
  return ok ? h.subarray(HEADER_BYTES - DIGEST_BYTES, HEADER_BYTES) : undefined;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Cache warnings go here unless a caller says otherwise (the CLI prints them on stderr). */
const warnOnStderr = (message: string): void => void process.stderr.write(`searchlab: warning: ${message}\n`);

/**
 * A pattern-database cache in files under `dir` (one per table, with a format header and a SHA-256
 * digest; a corrupt or stale file is rebuilt, with a warning through `onWarning`, stderr by default).
 * Install it with `setPdbCache`, or use {@link useFileCache}.
 */
export function fileCache(dir: string = defaultCacheDir(), onWarning: (message: string) => void = warnOnStderr): PdbCache {
  const path = (name: string): string => join(dir, `${name}.bin`);
  let failed = false;
  const discard = (name: string): Promise<void> => unlink(path(name)).catch(() => undefined);

  /** Fills `target` from the file; false (the file deleted when present but not intact) otherwise. */
  async function readInto(name: string, target: Uint8Array, digestOf?: () => Uint8Array): Promise<boolean> {
    let file;
    try {
      file = await open(path(name), 'r');
    } catch {
      return false;
    }
    let intact = false;
    try {
      const h = new Uint8Array(HEADER_BYTES);
      const { size } = await file.stat();
      const digest =
        size === HEADER_BYTES + target.length && (await file.read(h, 0, HEADER_BYTES, 0)).bytesRead === HEADER_BYTES
          ? expectedDigest(h, target.length)
          : undefined;
      if (digest !== undefined) {
        const open = file;
        // Slices read concurrently: the copy and the page faults of fresh memory then run on several of
        // libuv's threads (a 259 MB table loads in about half the time of one read on 2 cores).
        const slices = Math.min(READ_SLICES, Math.ceil(target.length / MIN_SLICE_BYTES));
        const step = Math.ceil(target.length / slices);
        const read = async (from: number, to: number): Promise<boolean> => {
          for (let at = from; at < to; ) {
            const { bytesRead } = await open.read(target, at, to - at, HEADER_BYTES + at);
            if (bytesRead === 0) return false;
            at += bytesRead;
          }
          return true;
        };
        const done = await Promise.all(Array.from({ length: slices }, (_, i) => read(i * step, Math.min(target.length, (i + 1) * step))));
        intact = done.every(Boolean) && sameBytes(digestOf?.() ?? tableDigest(target), digest);
      }
    } catch {
      intact = false;
    } finally {
      await file.close();
    }
    if (!intact) await discard(name); // corrupt, truncated or another format: rebuilt by the caller
    return intact;
  }

  return {
    readInto,
    async has(name, bytes) {
      let file;
      try {
        file = await open(path(name), 'r');
      } catch {
        return false;
      }
      try {
        const h = new Uint8Array(HEADER_BYTES);
        const { size } = await file.stat();
        return size === HEADER_BYTES + bytes && (await file.read(h, 0, HEADER_BYTES, 0)).bytesRead === HEADER_BYTES && expectedDigest(h, bytes) !== undefined;
      } catch {
        return false;
      } finally {
        await file.close();
      }
    },
    async read(name, bytes) {
      const data = new Uint8Array(bytes);
      return (await readInto(name, data)) ? data : undefined;
    },
    async write(name, data, digest) {
      // A cache that cannot be written (read-only, a file in the way, a full disk) costs a rebuild
      // next time, not this run: one warning, and the solve goes on with the tables in memory.
      if (failed) return;
      try {
        await mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
          throw e.code === 'EEXIST' || e.code === 'ENOTDIR'
            ? new InvalidInputError(`cannot use the pattern-database cache directory ${dir}: it is not a directory`)
            : e;
        });
        await writeFileAtomic(
          path(name),
          async (write) => {
            await write(header(data, digest ?? tableDigest(data)));
            await write(data);
          },
          { label: 'the pattern-database cache file' },
        );
      } catch (e) {
        const reason =
          e instanceof InvalidInputError
            ? e.message
            : `cannot write the pattern-database cache file ${path(name)}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
        failed = true;
        onWarning(`${reason} (the tables are used from memory and rebuilt next time)`);
      }
    },
    remove: discard,
  };
}

/** Makes the engine read and write pattern databases under `dir` (default: the per-user cache). */
export function useFileCache(dir?: string, onWarning?: (message: string) => void): void {
  setPdbCache(fileCache(dir, onWarning));
}
