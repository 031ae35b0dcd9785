// The pattern databases' browser storage: the engine's PdbCache over IndexedDB, installed in the
// lab's worker, so a reload (or another worker of the pool) reads the tables instead of building
// them. One record per table, keyed by the engine's cache name (which carries PDB_FORMAT), holding
// the format, the size and the SHA-256 of the bytes: a record of another format, size or checksum is
// deleted and reported missing, so the engine rebuilds it. Without IndexedDB (or when it fails, e.g.
// out of quota) the tables stay in the worker's memory only.
import { PDB_FORMAT, setPdbCache, type PdbCache } from '@searchlab/engine/puzzle';

export const PDB_DB = 'searchlab-pdb';
export const PDB_STORE = 'tables';

interface Entry {
  name: string;
  format: number;
  /** Hex SHA-256 of data; null where crypto.subtle is missing (then the size is the check). */
  sha256: string | null;
  data: Uint8Array;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

async function sha256(data: Uint8Array): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Opens the database and deletes the records of other formats (stale after an upgrade). */
async function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(PDB_DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(PDB_STORE, { keyPath: 'name' });
  const db = await request(open);
  const tx = db.transaction(PDB_STORE, 'readwrite');
  const cursor = tx.objectStore(PDB_STORE).openCursor();
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (c === null) return;
    if ((c.value as Entry).format !== PDB_FORMAT) c.delete();
    c.continue();
  };
  await finished(tx);
  return db;
}

async function remove(db: IDBDatabase, name: string): Promise<void> {
  const tx = db.transaction(PDB_STORE, 'readwrite');
  tx.objectStore(PDB_STORE).delete(name);
  await finished(tx);
}

/** A PdbCache in IndexedDB; every failure of the storage reads as "missing" and writes as no-ops. */
export function indexedDbPdbCache(factory: IDBFactory): PdbCache {
  let db: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => (db ??= openDb(factory));
  return {
    async read(name, bytes) {
      try {
        const handle = await database();
        const entry = (await request(handle.transaction(PDB_STORE).objectStore(PDB_STORE).get(name))) as Entry | undefined;
        if (entry === undefined) return undefined;
        const sized = entry.format === PDB_FORMAT && entry.data instanceof Uint8Array && entry.data.length === bytes;
        const sum = sized && entry.sha256 !== null ? await sha256(entry.data) : null;
        const intact = sized && (sum === null || sum === entry.sha256);
        if (intact) return entry.data;
        await remove(handle, name); // corrupt or truncated: the engine rebuilds it
        return undefined;
      } catch {
        return undefined;
      }
    },
    async write(name, data) {
      try {
        // A view of the kernel's memory: structured cloning would store its whole buffer, so the table alone.
        const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
        const entry: Entry = { name, format: PDB_FORMAT, sha256: await sha256(own), data: own };
        const tx = (await database()).transaction(PDB_STORE, 'readwrite');
        tx.objectStore(PDB_STORE).put(entry);
        await finished(tx);
      } catch {
        // Out of quota or storage refused: the tables stay in this worker's memory.
      }
    },
  };
}

/** In the lab's worker: the engine keeps built tables in memory, and in IndexedDB when the browser has it. */
export function usePdbStorage(): void {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (factory !== undefined) setPdbCache(indexedDbPdbCache(factory));
}
