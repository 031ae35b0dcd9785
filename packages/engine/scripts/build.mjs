// Builds the engine into dist/: the WebAssembly kernels of @searchlab/core-as are copied into
// dist/core-as (reached through the `#core-as` import map of package.json), so the published
// engine carries its kernels and installs alone; core-as is needed at build time only. The testing
// build (core-as dist/testing.*: the kernels plus test hooks) stays out. Then tsc.
import { cpSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const coreAs = dirname(require.resolve('@searchlab/core-as'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
cpSync(coreAs, join(root, 'dist', 'core-as'), { recursive: true, filter: (file) => !basename(file).startsWith('testing.') });
// The tarball's licence is the repository's (a copy made at build, not kept in git).
cpSync(join(root, '..', '..', 'LICENSE'), join(root, 'LICENSE'));
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
