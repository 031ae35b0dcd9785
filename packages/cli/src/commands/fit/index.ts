// `searchlab fit FILE|-`: least-squares polynomial fits (numpy.polyfit's method) with train/test
// error, k-fold cross-validation and a recommended degree; `searchlab fit --experiment`: seed 000's
// over/under-fitting experiment. Charts (--plot) are the engine's Observable Plot charts as SVG.
import { Option, type Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { InvalidInputError, SearchlabError, loadKernels, type Backend } from '@searchlab/engine';
import { EXPERIMENT_SEED, fitSpec, parseDegrees, runExperiment, sweepDegrees, type DegreeResult, type Points, type Sweep } from '@searchlab/engine/fit';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { printJson, table } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, numberParser, seedArg } from '../../options.js';
import { commandLimit } from '../../limits.js';
import { track } from '../../progress.js';
import { renderSvg, siblingPath, writeAtomic } from './plot.js';
import { readPoints } from './read.js';

interface FitOpts {
  degree?: number;
  degrees?: number[];
  x?: string;
  y?: string;
  weights?: string;
  test?: string;
  split?: number;
  folds?: number;
  seed?: number;
  json?: boolean;
  plot?: string;
  mapDomain?: boolean;
  covariance?: boolean;
  backend: Backend;
  experiment?: boolean;
  /** --timeout, in milliseconds. */
  timeout?: number;
}

const degreeList = (v: string): number[] => {
  try {
    return parseDegrees(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message.replace(/^degrees: /, ''));
  }
};
const fraction = numberParser('a fraction between 0 and 1, e.g. 0.3', false, (f) => f > 0 && f < 1);

export function registerFit(program: Command, ctx: Context, exit: (code: number) => void): void {
  program
    .command('fit')
    .description('least-squares polynomial fits as numpy.polyfit makes them, with train/test error and degree selection')
    .argument('[file]', 'points: CSV/TSV (header optional) or JSON / JSON Lines; - for stdin')
    .option('--degree <d>', 'fit one degree (default 1)', intArg(0))
    .option('--degrees <list>', 'fit several degrees, e.g. 1,2,5,8 or 1-6', degreeList)
    .option('--x <col>', 'x column: header name or number from 1 (default 1, or "x" in JSON)')
    .option('--y <col>', 'y column (default 2, or "y" in JSON)')
    .option('--weights <col>', 'weight column (w = 1/σ, as numpy)')
    .option('--test <file>', 'held-out points to report the testing RMS on (same columns)')
    .option('--split <fraction>', 'hold out this fraction of the points instead (seeded)', fraction)
    .option('--folds <k>', 'k-fold cross-validation on the training points (seeded)', intArg(2))
    .option('--seed <s>', 'seed for --split and --folds (default 1) and --experiment (default 3)', seedArg)
    .option('--map-domain', 'map x onto [-1, 1] before fitting (coefficients still in x)')
    .option('--covariance', 'include the coefficient covariance (JSON)')
    .addOption(new Option('--backend <b>', 'kernel backend').choices(['wasm', 'ts']).default('wasm'))
    .option('--json', 'JSON: one object per degree (an array for --degrees)')
    .option(TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg)
    .option('--plot <out.svg>', 'write the points and fitted curves as SVG (and RMS against degree to out-rms.svg)')
    .option('--experiment', "run the curve-fitting blog post's experiment: 3x²+4x+20 at x = 0,5,…,45 with noise σ = 1000, degrees 1,2,5,8")
    .action(async (file: string | undefined, opts: FitOpts) => exit(await fitCommand(file, opts, ctx)));
}

const fmt = (v: number | undefined, digits = 6): string => (v === undefined ? '-' : Number.isFinite(v) ? Number(v.toPrecision(digits)).toString() : String(v));
const finite = (v: number | undefined): number | null => (v !== undefined && Number.isFinite(v) ? v : null);

function degreeJson(d: DegreeResult, sweep: Sweep, opts: FitOpts, data?: Points): Record<string, unknown> {
  return {
    degree: d.degree,
    coefficients: d.coefficients,
    rank: d.rank,
    condition: finite(d.condition),
    trainRms: d.trainRms,
    testRms: finite(d.testRms),
    warnings: d.warnings,
    timeMs: Math.round(d.timeMs * 1000) / 1000,
    ...(d.cvRms !== undefined ? { cvRms: d.cvRms } : {}),
    r2: d.r2,
    n: d.n,
    ...(sweep.recommended !== undefined ? { recommended: d.degree === sweep.recommended } : {}),
    ...(d.domain ? { domain: d.domain } : {}),
    ...(opts.covariance && d.covariance ? { covariance: d.covariance } : {}),
    // How the input was read: rows used, and the header's line when there was one.
    ...(data ? { rows: data.n, headerLine: data.headerLine ?? null } : {}),
  };
}

function sweepTable(sweep: Sweep): string {
  const cv = sweep.degrees.some((d) => d.cvRms !== undefined);
  const header = ['degree', 'train RMS', 'test RMS', ...(cv ? ['CV RMS'] : []), 'R²', 'rank', 'condition', 'coefficients (highest power first)'];
  const rows = sweep.degrees.map((d) => [
    `${d.degree}${d.degree === sweep.recommended ? ' *' : ''}`,
    fmt(d.trainRms),
    fmt(d.testRms),
    ...(cv ? [fmt(d.cvRms)] : []),
    fmt(d.r2, 4),
    String(d.rank),
    fmt(d.condition, 3),
    d.coefficients.map((c) => fmt(c)).join('  '),
  ]);
  return table(header, rows, 1)
    .split('\n')
    .map((l) => l.replace(/\s+\|$/, ' |'))
    .join('\n');
}

function warningLines(sweep: Sweep): string {
  return sweep.degrees.flatMap((d) => d.warnings.map((w) => `warning (degree ${d.degree}): ${w}`)).join('\n');
}

function recommendation(sweep: Sweep): string {
  if (sweep.recommended === undefined) return 'No held-out points: use --split, --test or --folds to compare degrees.';
  return `Recommended degree: ${sweep.recommended} (${sweep.criterion === 'cv' ? 'lowest cross-validated RMS within one standard error, smallest degree' : 'lowest testing RMS'}).`;
}

async function writePlots(
  path: string,
  data: Points,
  sweep: Sweep,
  test: { x: ArrayLike<number>; y: ArrayLike<number> } | undefined,
  title: string,
): Promise<string[]> {
  const { curvesChart, rmsChart } = await import('@searchlab/engine/fit/charts'); // Plot is loaded only for --plot
  const curves = await renderSvg((document) =>
    curvesChart(
      {
        train: sweep.split ? pick(data, sweep.split.train) : data,
        test,
        fits: sweep.degrees.map((d) => ({ degree: d.degree, coefficients: d.coefficients })),
      },
      { document, title },
    ),
  );
  await writeAtomic(path, curves);
  const written = [path];
  if (sweep.degrees.length > 1) {
    const rms = siblingPath(path, 'rms');
    await writeAtomic(rms, await renderSvg((document) => rmsChart(sweep.degrees, { document, title: `${title}: RMS error against degree` })));
    written.push(rms);
  }
  return written;
}

function pick(p: { x: ArrayLike<number>; y: ArrayLike<number> }, index: ArrayLike<number>): { x: number[]; y: number[] } {
  return { x: Array.from(index, (i) => p.x[i]!), y: Array.from(index, (i) => p.y[i]!) };
}

async function fitCommand(file: string | undefined, opts: FitOpts, ctx: Context): Promise<number> {
  if (opts.degree !== undefined && opts.degrees !== undefined) throw new InvalidInputError('give --degree or --degrees, not both');
  if (opts.test !== undefined && opts.split !== undefined) throw new InvalidInputError('give --test or --split, not both');
  await loadKernels();
  if (opts.experiment) {
    if (file !== undefined) throw new InvalidInputError('--experiment generates its own points: drop the file argument');
    return experiment(opts, ctx);
  }
  if (file === undefined) throw new InvalidInputError('missing FILE (or - for stdin); or use --experiment');
  const limit = commandLimit(ctx, opts.timeout);
  const stop = (): void => {
    limit.check('while the points were read');
    if (ctx.signal.aborted) throw new SearchlabError('aborted', 'stopped while the points were read');
  };
  const columns = { x: opts.x, y: opts.y, weights: opts.weights };
  const data = await readPoints(file, columns, stop);
  const test = opts.test !== undefined ? await readPoints(opts.test, columns, stop) : undefined;
  stop();
  const spec = fitSpec({
    degrees: opts.degrees ?? [opts.degree ?? 1],
    split: opts.split,
    folds: opts.folds,
    seed: opts.seed,
    mapDomain: opts.mapDomain,
    covariance: opts.covariance,
    backend: opts.backend,
  });
  const { degrees, ...fitting } = spec;
  const top = Math.max(...degrees);
  if (data.n < top + 1)
    throw new InvalidInputError(`${file === '-' ? 'stdin' : file}: ${data.n} point${data.n === 1 ? '' : 's'}, but degree ${top} needs at least ${top + 1}`);
  const sweep = await track(ctx, { label: 'fitting', unit: 'points', quiet: opts.json === true }, (progress) =>
    sweepDegrees({ x: data.x, y: data.y, w: data.w }, degrees, {
      ...fitting,
      test,
      covariance: fitting.covariance && data.n > top + 1,
      signal: ctx.signal,
      ...(limit.remainingMs() !== undefined ? { timeoutMs: limit.remainingMs() } : {}),
      onProgress: (done) => progress.update(done),
    }),
  );
  const held = test ?? (sweep.split ? pick(data, sweep.split.test) : undefined);
  const written =
    opts.plot !== undefined ? await writePlots(opts.plot, data, sweep, held, `${file === '-' ? 'stdin' : file}: ${data.names.y} against ${data.names.x}`) : [];
  if (opts.json) {
    const objects = sweep.degrees.map((d) => degreeJson(d, sweep, opts, data));
    printJson(ctx, opts.degrees === undefined ? objects[0] : objects);
    return EXIT.ok;
  }
  const out = [
    `${data.n} points from ${file === '-' ? 'stdin' : file} (${data.headerLine !== undefined ? `header on line ${data.headerLine}` : 'no header'}; x: ${data.names.x}, y: ${data.names.y}${data.names.w ? `, weights: ${data.names.w}` : ''}); ` +
      `training on ${sweep.trainCount}${sweep.testCount ? `, testing on ${sweep.testCount}${test ? ` from ${opts.test}` : ` held out (seed ${opts.seed ?? 1})`}` : ''}` +
      `${opts.folds ? `, ${opts.folds}-fold cross-validation` : ''}.`,
    sweepTable(sweep),
    warningLines(sweep),
    degrees.length > 1 || sweep.recommended !== undefined ? recommendation(sweep) : '',
    ...written.map((w) => `Wrote ${w}`),
  ].filter((s) => s !== '');
  ctx.out(`${out.join('\n')}\n`);
  return EXIT.ok;
}

async function experiment(opts: FitOpts, ctx: Context): Promise<number> {
  const e = await runExperiment({ seed: opts.seed ?? EXPERIMENT_SEED, backend: opts.backend, ...(opts.degrees ? { degrees: opts.degrees } : {}) });
  const title = `The curve-fitting blog post's experiment (random seed ${e.seed}): y = 3x² + 4x + 20 + N(0, ${e.sigma}²)`;
  const written =
    opts.plot !== undefined
      ? await writePlots(
          opts.plot,
          { x: Float64Array.from(e.x), y: Float64Array.from(e.yTrain), n: e.x.length, names: { x: 'x', y: 'y' } },
          e.sweep,
          { x: e.x, y: e.yTest },
          title,
        )
      : [];
  if (opts.json) {
    printJson(ctx, {
      seed: e.seed,
      truth: e.truth,
      sigma: e.sigma,
      x: e.x,
      yTrain: e.yTrain,
      yTest: e.yTest,
      degrees: e.sweep.degrees.map((d) => degreeJson(d, e.sweep, opts)),
      recommended: e.sweep.recommended,
    });
    return EXIT.ok;
  }
  ctx.out(
    `${experimentText(e, title)}\n${written.map((w) => `Wrote ${w}\n`).join('')}` +
      `${written.length === 0 ? '(add --plot out.svg for the curves and the RMS-against-degree chart)\n' : ''}`,
  );
  return EXIT.ok;
}

/** The experiment's printout (also used by `searchlab demo`). */
export function experimentText(e: Awaited<ReturnType<typeof runExperiment>>, title: string): string {
  const rows = e.sweep.degrees.map((d) => [`${d.degree}${d.degree === e.sweep.recommended ? ' *' : ''}`, d.trainRms.toFixed(3), d.testRms!.toFixed(3)]);
  // Coefficients span many magnitudes (degree 8's run to 1e-10): a list under the table, 6 significant digits each.
  const coefficients = e.sweep.degrees.map((d) => `  degree ${d.degree}: ${d.coefficients.map((c) => fmt(c)).join(', ')}`);
  return [
    title,
    `training x = ${e.x.join(', ')}; testing: the same x with fresh noise`,
    table(['degree', 'training RMS', 'testing RMS'], rows, 1),
    'Coefficients (highest power first, 6 significant digits):',
    ...coefficients,
    ...e.sweep.degrees.flatMap((d) => d.warnings.map((w) => `warning (degree ${d.degree}): ${w}`)),
    `Lowest testing RMS: degree ${e.sweep.recommended}. Training RMS falls as the degree rises; testing RMS shows the over-fitting.`,
  ].join('\n');
}
