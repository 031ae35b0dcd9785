// searchlab: a thin commander shell over @searchlab/engine. It maps options, formats output and
// maps errors to exit codes; parsing, validation and search live in the engine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { Command, CommanderError } from 'commander';
import { SearchlabError } from '@searchlab/engine';
import { MAX_BUILD_THREADS, useFileCache, useThreadedPdbBuilds } from '@searchlab/engine/node';
import type { Context } from './context.js';
import { EXIT, EXIT_FOR_ERROR } from './exit.js';
import { useDigitGrouping } from './format.js';
import { registerPuzzle } from './commands/puzzle/index.js';
import { registerQueens } from './commands/queens/index.js';
import { registerDemo } from './commands/demo.js';
import { registerMonty } from './commands/monty/index.js';
import { registerQueue } from './commands/queue/index.js';
import { registerFit } from './commands/fit/index.js';

declare const SEARCHLAB_VERSION: string | undefined;

/** One line, whatever the message holds. */
const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();

async function main(argv: string[]): Promise<number> {
  // A reader that went away (`… | head -1`) ends the output, not the program with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? EXIT.ok : EXIT.failure));
  useFileCache(); // pattern databases under the per-user cache directory
  // and built on every core (SEARCHLAB_BUILD_THREADS=N: on N threads)
  const threads = process.env.SEARCHLAB_BUILD_THREADS?.trim() || undefined;
  if (threads !== undefined && !(/^\d+$/.test(threads) && Number(threads) >= 1 && Number(threads) <= MAX_BUILD_THREADS)) {
    process.stderr.write(`searchlab: SEARCHLAB_BUILD_THREADS must be a whole number from 1 to ${MAX_BUILD_THREADS}, got ${JSON.stringify(threads)}\n`);
    return EXIT.invalid;
  }
  useThreadedPdbBuilds(threads === undefined ? undefined : Number(threads));
  const options = argv.slice(2, argv.includes('--') ? argv.indexOf('--') : undefined);
  useDigitGrouping(Boolean(process.stdout.isTTY) && !options.includes('--json'));
  const abort = new AbortController();
  let running = 0;
  process.on('SIGINT', () => {
    // First Ctrl-C stops a running search (it returns 'aborted' with its statistics); otherwise, or
    // on a second Ctrl-C, leave at once.
    if (running > 0 && !abort.signal.aborted) abort.abort();
    else process.exit(EXIT.interrupted);
  });

  const ctx: Context = {
    signal: abort.signal,
    out: (t) => void process.stdout.write(t),
    write: (t) =>
      new Promise<void>((resolve) => {
        if (process.stdout.write(t)) resolve();
        else process.stdout.once('drain', resolve);
      }),
    err: (t) => void process.stderr.write(t),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    async busy(job) {
      running++;
      try {
        return await job;
      } finally {
        running--;
      }
    },
  };

  let code: number = EXIT.ok;
  const exit = (c: number) => {
    code = c;
  };

  const program = new Command('searchlab')
    .description(
      'classic AI problems: sliding-tile puzzles (solve, check, generate, compare, play), N-Queens (solve, count, verify), Monty Hall (monty) and polynomial curve fitting (fit)',
    )
    .version(typeof SEARCHLAB_VERSION === 'string' ? SEARCHLAB_VERSION : '0.1.0')
    // Set before adding commands: subcommands inherit both.
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(`searchlab: ${oneLine(str.replace(/^error: /, ''))}\n`) });

  // One line per domain: each registers its command group from commands/<domain>/index.ts.
  registerPuzzle(program, ctx, exit);
  registerQueens(program, ctx, exit);
  registerMonty(program, ctx, exit);
  registerQueue(program, ctx, exit);
  registerFit(program, ctx, exit);
  registerDemo(program, ctx, exit);

  // With --json, an error is also one JSON object on stdout, so scripts need not parse stderr.
  const jsonError = (code: string, message: string): void => {
    if (options.includes('--json')) process.stdout.write(`${JSON.stringify({ error: { code, message: oneLine(message) } })}\n`);
  };
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help / --version exit 0; every other commander error is a usage error (already printed).
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0) return EXIT.ok;
      jsonError('invalid-input', e.message.replace(/^error: /, ''));
      return EXIT.invalid;
    }
    if (e instanceof SearchlabError) {
      process.stderr.write(`searchlab: ${oneLine(e.message)}\n`);
      jsonError(e.code, e.message);
      return EXIT_FOR_ERROR[e.code] ?? EXIT.failure;
    }
    const err = e as Error;
    if (WASM_RESERVATION_FAILED.test(err?.message ?? '')) {
      const message = 'not enough address space for the WASM memory (ulimit -v): raise the limit, or run under node --disable-wasm-trap-handler';
      process.stderr.write(`searchlab: ${message}\n`);
      jsonError('limit', message);
      return EXIT.limit;
    }
    if (/Array buffer allocation failed/.test(err?.message ?? '')) {
      const message = "not enough memory for this run's arrays (ulimit -v, or the machine's memory)";
      process.stderr.write(`searchlab: ${message}\n`);
      jsonError('limit', message);
      return EXIT.limit;
    }
    process.stderr.write(`searchlab: internal error: ${oneLine(err?.message ?? String(e))}\n`);
    jsonError('internal', err?.message ?? String(e));
    if (process.env.SEARCHLAB_DEBUG === '1' && err?.stack) process.stderr.write(`${err.stack}\n`);
    return EXIT.failure;
  }
  // A Ctrl-C that came as the work ended (nothing left to stop) is an interrupt too: 130, like one a moment earlier.
  return abort.signal.aborted && code === EXIT.ok ? EXIT.interrupted : code;
}

/** V8 could not reserve a WASM memory (its guard region is ~10 GiB of address space per memory). */
const WASM_RESERVATION_FAILED = /WebAssembly\.(Instance|Memory|instantiate)\(\).*(Out of memory|could not allocate)/i;

/** The soft limit on address space (`ulimit -v`), when there is one (Linux; elsewhere none is seen). */
function addressSpaceLimited(): boolean {
  try {
    const m = /^Max address space\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m !== null && m[1] !== 'unlimited';
  } catch {
    return false;
  }
}

/**
 * Under `ulimit -v`, V8 cannot reserve the guard regions its WASM trap handler wants for every
 * memory (even `queens solve 8` failed at 16 GiB): run again under --disable-wasm-trap-handler
 * (explicit bounds checks instead), which needs only the memory itself. Ctrl-C reaches both
 * processes (one process group): this one waits for the child and exits with its code.
 */
function reexecWithoutTrapHandler(): Promise<number> | undefined {
  const flag = '--disable-wasm-trap-handler';
  if (!addressSpaceLimited() || process.execArgv.includes(flag) || process.env.SEARCHLAB_REEXEC === '1') return undefined;
  // This process only waits; a WASM module instantiated here in the background (Node's own HTTP
  // parser, loaded by a dependency) fails to reserve its memory just as ours did: not our failure.
  process.on('unhandledRejection', (e: unknown) => {
    if (!WASM_RESERVATION_FAILED.test((e as Error)?.message ?? '')) throw e;
  });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [flag, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, SEARCHLAB_REEXEC: '1' },
    });
    process.on('SIGINT', () => undefined); // the child has it too and decides
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('error', () => resolve(EXIT.failure));
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 1)));
  });
}

process.exitCode = await (reexecWithoutTrapHandler() ?? main(process.argv));
