/**
 * The pattern databases' file cache for Node: one file per pattern under a per-user cache
 * directory ($SEARCHLAB_CACHE_DIR, else $XDG_CACHE_HOME/searchlab, else ~/.cache/searchlab). Names
 * carry the format version (pdb-store.ts PDB_FORMAT); a file is its SHA-256 then the table, written
 * to a temporary file and renamed into place (atomic); a file of the wrong size or checksum is
 * deleted and reported missing, so it is rebuilt.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setPdbCache, type PdbCache } from '../puzzle/pdb-store.js';

const HASH_BYTES = 32;
const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

export function defaultCacheDir(): string {
  const env = process.env;
  if (env.SEARCHLAB_CACHE_DIR) return env.SEARCHLAB_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'searchlab');
}

export function fileCache(dir: string = defaultCacheDir()): PdbCache {
  const path = (name: string): string => join(dir, `${name}.bin`);
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
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      const file = await open(tmp, 'w');
      try {
        await file.write(sha256(data));
        await file.write(data);
      } finally {
        await file.close();
      }
      await rename(tmp, path(name));
    },
  };
}

/** Makes the engine read and write pattern databases under `dir` (default: the per-user cache). */
export function useFileCache(dir?: string): void {
  setPdbCache(fileCache(dir));
}
