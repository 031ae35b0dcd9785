// Bench only: an AssemblyScript file under tests/bench/native compiled with the kernels' flags
// (packages/core-as/scripts/build.mjs) and instantiated, for experiments beside the shipped kernels.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** The exports of tests/bench/native/`name`.ts, compiled with -O3 and `extra` flags. */
export async function compileBenchWasm(name, extra = []) {
  // assemblyscript is core-as's build dependency: take it from there.
  const asc = await import(pathToFileURL(join(repo, 'packages/core-as/node_modules/assemblyscript/dist/asc.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'searchlab-bench-asc-'));
  try {
    const out = join(dir, `${name}.wasm`);
    const { error, stderr } = await asc.main([
      join(repo, `tests/bench/native/${name}.ts`),
      '--outFile',
      out,
      '-O3',
      '--noAssert',
      '--converge',
      '--runtime',
      'stub',
      ...extra,
    ]);
    if (error) throw new Error(`${name}.ts: ${stderr.toString()}`);
    const { instance } = await WebAssembly.instantiate(readFileSync(out), {
      env: {
        abort() {
          throw new Error(`${name}.ts aborted`);
        },
      },
    });
    return instance.exports;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
