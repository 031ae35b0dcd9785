// The benchmark harness every domain's case file uses: warm-up, medians over repeats, ratio
// columns, each domain's environment (domains may come from different runs), and one results file
// (results.json, from which results.md is generated). A case file exports `run(bench)` and adds its
// tables through `bench.table(…)`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

export function environment() {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].filter((f) => f !== '');
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    ...cpuGeneration(),
    cores: os.cpus().length,
    kernels: kernelsDigest(),
    ...(flags.length > 0 ? { nodeFlags: flags.join(' ') } : {}),
  };
}

/**
 * The CPU's family and model numbers where Linux tells them: this workplace's machines all call
 * themselves "AMD EPYC", yet runs on different days landed on different generations, and the same
 * kernels.wasm ran Manhattan IDA* at 70 M nodes/s on one and 57 on another (native C at 80 and 78).
 */
function cpuGeneration() {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const family = /^cpu family\s*:\s*(\d+)/m.exec(info)?.[1];
    const model = /^model\s*:\s*(\d+)/m.exec(info)?.[1];
    return family && model ? { cpuFamily: `family ${family}, model ${model}` } : {};
  } catch {
    return {};
  }
}

/**
 * The first 12 hex digits of the SHA-256 of the kernels module the engine's build embeds (what the
 * cases ran), so that a table measured on a stale build says so: one run's Q(16) and Q(17) figures
 * matched the speed of the count kernel from before a merge that had made it faster by a quarter, and
 * could not be told apart from a run without the trap handler (node --disable-wasm-trap-handler: a
 * bounds check on every WASM memory access), which the node flags now show.
 */
function kernelsDigest() {
  try {
    const text = readFileSync(new URL('../../packages/engine/dist/core-as/index.js', import.meta.url), 'utf8');
    const base64 = /wasmBase64 = "([^"]+)"/.exec(text)?.[1];
    return base64 === undefined ? 'unknown' : createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex').slice(0, 12);
  } catch {
    return 'unknown';
  }
}

/**
 * Times `fn` (sync or async; it may return `{ ms }` to report its own work time instead of the wall
 * clock, e.g. a solver's timeMs) after `warmup` untimed calls; the median, min and max of `repeats`.
 */
export async function timed(fn, { repeats = 3, warmup = 1 } = {}) {
  let value;
  for (let i = 0; i < warmup; i++) value = await fn();
  const ms = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    value = await fn();
    const wall = performance.now() - t0;
    ms.push(typeof value?.ms === 'number' ? value.ms : wall);
  }
  return { median: median(ms), min: Math.min(...ms), max: Math.max(...ms), repeats, value };
}

/** a / b rounded for a ratio column (e.g. TS time / WASM time = the WASM speed-up). */
export const ratio = (a, b, digits = 1) => +(a / b).toFixed(digits);

const cell = (v) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : String(+v.toFixed(3))) : String(v ?? '-'));

/** Markdown for a results object: each domain's environment, then each table with its notes. */
export function renderMarkdown(results) {
  const describe = (env) =>
    `${env.date}, node ${env.node}${env.nodeFlags ? ` (${env.nodeFlags})` : ''}, ${env.cpu} (${env.cpuFamily ? `${env.cpuFamily}; ` : ''}${env.cores} cores)${env.kernels ? `, kernels.wasm ${env.kernels}` : ''}`;
  const out = [
    '# Benchmark results (pnpm bench)',
    '',
    "Figures are medians unless a column says otherwise; generated from results.json. `pnpm bench <domain>` re-runs one domain and keeps the others' tables, so each domain says when and where it was measured.",
    '',
  ];
  let domain = '';
  for (const t of results.tables) {
    out.push(`## ${t.domain}: ${t.title}`, '');
    if (t.domain !== domain) {
      domain = t.domain;
      const env = results.environments?.[domain];
      if (env) out.push(`Measured ${describe(env)}.`, '');
    }
    if (t.notes) out.push(t.notes, '');
    out.push(`| ${t.columns.map((c) => c.label).join(' | ')} |`, `|${t.columns.map((c) => (c.align === 'left' ? '---' : '---:')).join('|')}|`);
    for (const r of t.rows) out.push(`| ${t.columns.map((c) => cell(r[c.key])).join(' | ')} |`);
    out.push('');
  }
  return out.join('\n');
}

/** What a case file receives: options, and `table(title, columns, notes)` → `{ add(row) }`. */
export function createBench(domain, { quick = false } = {}) {
  const tables = [];
  return {
    domain,
    quick,
    repeats: quick ? 1 : 3,
    tables,
    log: (line) => console.log(`[${domain}] ${line}`),
    table(title, columns, notes = '') {
      const t = { domain, title, notes, columns: columns.map((c) => (typeof c === 'string' ? { key: c, label: c } : c)), rows: [] };
      tables.push(t);
      return { add: (row) => void t.rows.push(row), note: (text) => void (t.notes = t.notes ? `${t.notes}\n${text}` : text) };
    },
  };
}
