/**
 * The pattern databases' file cache for Node: one file per pattern under a per-user cache
 * directory ($SEARCHLAB_CACHE_DIR, else $XDG_CACHE_HOME/searchlab, else ~/.cache/searchlab). Names
 * carry the format version (pdb-store.ts PDB_FORMAT); a file is its SHA-256 then the table, written
 * by the one atomic writer (node/atomic.ts); a file of the wrong size or checksum is deleted and
 * reported missing, so it is rebuilt. A write that fails is a warning, never the run's error.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '../core/errors.js';
import { setPdbCache, type PdbCache } from '../puzzle/pdb-store.js';
import { writeFileAtomic } from './atomic.js';

const HASH_BYTES = 32;
const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

export function defaultCacheDir(): string {
  const env = process.env;
  if (env.SEARCHLAB_CACHE_DIR) return env.SEARCHLAB_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'searchlab');
}

/** Cache warnings go here unless a caller says otherwise (the CLI prints them on stderr). */
const warnOnStderr = (message: string): void => void process.stderr.write(`searchlab: warning: ${message}\n`);

export function fileCache(dir: string = defaultCacheDir(), onWarning: (message: string) => void = warnOnStderr): PdbCache {
  const path = (name: string): string => join(dir, `${name}.bin`);
  let failed = false;
  return {
    async read(name, bytes) {
      let buf: Buffer;
      try {
        buf = await readFile(path(name));
      } catch {
        return undefined;
      }
      const data = buf.subarray(HASH_BYTES);
      if (buf.length !== HASH_BYTES + bytes || !sha256(data).equals(buf.subarray(0, HASH_BYTES))) {
        await unlink(path(name)).catch(() => undefined); // corrupt or truncated: rebuilt by the caller
        return undefined;
      }
      return data;
    },
    async write(name, data) {
      // A cache that cannot be written (read-only, a file in the way, a full disk) costs a rebuild
      // next time, not this run: one warning, and the solve goes on with the tables in memory.
      if (failed) return;
      try {
        await mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
          throw e.code === 'EEXIST' || e.code === 'ENOTDIR' ? new InvalidInputError(`cannot use the pattern-database cache directory ${dir}: it is not a directory`) : e;
        });
        await writeFileAtomic(path(name), async (write) => {
          await write(sha256(data));
          await write(data);
        }, { label: 'the pattern-database cache file' });
      } catch (e) {
        const reason = e instanceof InvalidInputError ? e.message : `cannot write the pattern-database cache file ${path(name)}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
        failed = true;
        onWarning(`${reason} (the tables are used from memory and rebuilt next time)`);
      }
    },
  };
}

/** Makes the engine read and write pattern databases under `dir` (default: the per-user cache). */
export function useFileCache(dir?: string, onWarning?: (message: string) => void): void {
  setPdbCache(fileCache(dir, onWarning));
}
