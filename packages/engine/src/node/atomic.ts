/**
 * The one way searchlab writes a file (--output, --plot, the pattern-database cache). A regular file
 * (or a path not there yet) is written whole or not at all: a temporary file beside the target,
 * every byte written, flushed (fsync) and its size checked, then renamed over the target. A symlink
 * is followed and its target written that way (the link stays a link). A device, a FIFO or `-`
 * (stdout) is written directly: a rename would replace the device entry, and /dev is no place for
 * temporary files. Temporaries are removed on every exit path: an error, process exit, SIGINT and
 * SIGTERM.
 */
import { lstat, open, readlink, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { checkBytes, checkObject, checkString } from '../core/args.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';

/** Writes the content in chunks through `write` (for outputs too big for one string). */
export type ChunkedContent = (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>;

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** What the path is, for the error message ("--output", "--plot", "the cache file"). */
  label?: string;
}

/** Temporary files not yet renamed or removed: deleted if the process ends first. */
const live = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function removeLive(): void {
  for (const tmp of live) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  // Alone, we stand in for the default action (remove, then die of the same signal); beside other
  // listeners (the CLI's Ctrl-C handling) they decide, and the exit hook removes the files.
  if (process.listenerCount(signal) > 1) return;
  removeLive();
  unhook();
  process.kill(process.pid, signal);
}

function hook(): void {
  if (live.size > 0) return;
  process.on('exit', removeLive);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function unhook(): void {
  process.off('exit', removeLive);
  for (const s of SIGNALS) process.off(s, onSignal);
}

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  EISDIR: 'it is a directory',
  ENOENT: 'no such directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EPIPE: 'the reader closed the pipe',
};

/** Where the bytes go: the file renamed into place, or written in place (devices, FIFOs, stdout). */
type Target = { kind: 'atomic'; file: string; mode: number | undefined } | { kind: 'direct'; file: string } | { kind: 'stdout' };

/** Names of this process's stdout: written through fd 1 (opening a pipe by name needs rights on it). */
const STDOUT_NAMES = new Set(['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

async function targetOf(path: string): Promise<Target> {
  if (STDOUT_NAMES.has(path)) return { kind: 'stdout' };
  const st = await stat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  if (st !== undefined) {
    if (st.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    if (!st.isFile()) return { kind: 'direct', file: path };
    return { kind: 'atomic', file: await realpath(path), mode: st.mode & 0o7777 };
  }
  // Not there: a new file, or a dangling symlink whose target is to be created.
  let file = path;
  for (let hops = 0; hops < 40; hops++) {
    const link = await lstat(file).catch(() => undefined);
    if (link === undefined || !link.isSymbolicLink()) return { kind: 'atomic', file, mode: undefined };
    file = resolve(dirname(file), await readlink(file));
  }
  throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
}

const bytesOf = (chunk: string | Uint8Array): Uint8Array => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/** Writes all of `data` to `fh` (a write may take part of it); returns the bytes written. */
async function writeAll(fh: FileHandle, data: Uint8Array): Promise<number> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await fh.write(data, done, data.length - done);
    if (bytesWritten <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
    done += bytesWritten;
  }
  return done;
}

async function feed(content: string | Uint8Array | ChunkedContent, write: (chunk: Uint8Array) => Promise<void>): Promise<void> {
  if (typeof content === 'function') await content((chunk) => write(bytesOf(chunk)));
  else await write(bytesOf(content));
}

async function writeStdout(content: string | Uint8Array | ChunkedContent): Promise<void> {
  await feed(
    content,
    (chunk) =>
      new Promise<void>((done, fail) => {
        process.stdout.write(chunk, (e) => (e ? fail(e) : done()));
      }),
  );
}

async function writeDirect(file: string, content: string | Uint8Array | ChunkedContent): Promise<void> {
  const fh = await open(file, 'w');
  try {
    await feed(content, async (chunk) => {
      await writeAll(fh, chunk);
    });
  } finally {
    await fh.close();
  }
}

async function writeRenamed(file: string, mode: number | undefined, content: string | Uint8Array | ChunkedContent): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  hook();
  live.add(tmp);
  let fh: FileHandle | undefined;
  try {
    fh = await open(tmp, 'wx', mode ?? 0o666);
    if (mode !== undefined) await fh.chmod(mode); // the umask does not narrow an existing file's mode
    let written = 0;
    const handle = fh;
    await feed(content, async (chunk) => {
      written += await writeAll(handle, chunk);
    });
    await fh.sync();
    const size = (await fh.stat()).size;
    await fh.close();
    fh = undefined;
    if (size !== written) throw Object.assign(new Error(`short write (${size} of ${written} bytes)`), { code: 'ENOSPC' });
    await rename(tmp, file);
  } finally {
    await fh?.close().catch(() => undefined);
    if (live.delete(tmp)) await rm(tmp, { force: true }).catch(() => undefined);
    if (live.size === 0) unhook();
  }
}

/**
 * Writes `content` to `path` as the module comment says. Errors are InvalidInputError
 * ("cannot write --output out.json: no space left on the device"); nothing is left behind.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array | ChunkedContent, options: AtomicWriteOptions = {}): Promise<void> {
  checkString(path, 'path');
  if (typeof content !== 'string' && typeof content !== 'function') checkBytes(content, 'content');
  checkObject(options, 'options');
  if (options.label !== undefined) checkString(options.label, 'options.label');
  const label = options.label === undefined ? path : `${options.label} ${path}`;
  try {
    const target = await targetOf(path);
    if (target.kind === 'stdout') await writeStdout(content);
    else if (target.kind === 'direct') await writeDirect(target.file, content);
    else await writeRenamed(target.file, target.mode, content);
  } catch (e) {
    if (e instanceof SearchlabError) throw e; // the caller's own (a limit while writing), or ours
    const err = e as NodeJS.ErrnoException;
    const reason = (err.code !== undefined ? REASONS[err.code] : undefined) ?? err.message ?? String(e);
    throw Object.assign(new InvalidInputError(`cannot write ${label}: ${reason}`), { cause: e });
  }
}

/** Temporary files of writes in progress (tests check that none is left). */
export const liveTemporaries = (): readonly string[] => [...live];
