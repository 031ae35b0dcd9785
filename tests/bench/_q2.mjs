import { execFile, spawn, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
const exec = promisify(execFile);
const BIN = 'packages/cli/dist/searchlab.js';
function serve(args, ready) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  return new Promise((resolve) => { const look = (d) => { text += d; const m = text.match(ready); if (m) resolve({ child, m }); }; child.stdout.on('data', look); child.stderr.on('data', look); });
}
const ticks = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return +f[11] + +f[12]; } catch { return 0; } };
const pgPids = () => execSync('pgrep -f postgres || true', { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
const c = await serve(['cluster', 'up'], /^(postgres:\/\/\S+)$/m); const url = c.m[1];
const ws = []; for (const name of ['b1', 'b2']) ws.push((await serve(['worker', '--db', url, '--jobs', '1', '--name', name], /serving the queue/)).child);
await exec(process.execPath, [BIN, 'queens', 'count', '16', '--db', url, '--json']);
for (let i = 0; i < 3; i++) {
  const pids = [...ws.map((w) => w.pid), ...pgPids()];
  const before = pids.map(ticks);
  const t0 = performance.now();
  const r = await exec('bash', ['-c', `/usr/bin/time -f '%U %S' ${process.execPath} ${BIN} queens count 16 --db ${url} --json`]);
  const wall = performance.now() - t0;
  const after = pids.map(ticks);
  const d = after.map((a, j) => a - before[j]);
  console.log('wall', Math.round(wall), 'workers cpu ms', d.slice(0, 2).map((x) => x * 10), 'postgres cpu ms', d.slice(2).reduce((a, b) => a + b, 0) * 10, 'producer user/sys s', r.stderr.trim());
  const t1 = performance.now();
  const r2 = await exec('bash', ['-c', `/usr/bin/time -f '%U %S' ${process.execPath} ${BIN} queens count 16 --jobs 2 --json`]);
  console.log('local wall', Math.round(performance.now() - t1), 'user/sys', r2.stderr.trim());
}
for (const w of ws) w.kill('SIGTERM'); c.child.kill('SIGTERM');
