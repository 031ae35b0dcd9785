/**
 * The fit charts, drawn with Observable Plot (the platform's one chart library): points, held-out
 * points and fitted curves; RMS against degree. They take a `document` so that the CLI can render
 * the same SVG in Node (happy-dom) that the web view shows. No legend (a legend would wrap the SVG
 * in a <figure>): a key of the series in a corner. A separate entry point,
 * `@searchlab/engine/fit/charts`, so that fitting never needs the chart library (an optional peer).
 */
import * as Plot from '@observablehq/plot';
import { checkArray, checkArrayLike, checkChartOptions, checkObject, checkOptionalCount, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { polyval } from './fit.js';

/**
 * Options of every fit chart: where to draw, the size in pixels (Plot's defaults: 640 × auto) and a title.
 */
export interface ChartOptions {
  /** The document to draw in (a happy-dom Window's document in Node); the global one by default. */
  document?: Document;
  width?: number;
  height?: number;
  title?: string;
}

/**
 * What {@link curvesChart} draws: the training (and test) points, the fitted polynomials, and the true one when known.
 */
export interface CurvesChartData {
  train: { x: ArrayLike<number>; y: ArrayLike<number> };
  test?: { x: ArrayLike<number>; y: ArrayLike<number> } | undefined;
  fits: { degree: number; coefficients: readonly number[] }[];
  /** The true polynomial (highest power first) when the data is synthetic: drawn dashed. */
  truth?: readonly number[] | undefined;
  /** Most points to draw per set (large files are thinned evenly). */
  maxPoints?: number;
}

type Point = { x: number; y: number };

/** x and y of one length. */
function checkPoints(d: unknown, name: string): void {
  checkObject(d, name);
  const { x, y } = d as { x: unknown; y: unknown };
  checkArrayLike(x, `${name}.x`);
  checkArrayLike(y, `${name}.y`);
  if (x.length !== y.length) throw new InvalidInputError(`${name}.x has ${x.length} values but ${name}.y has ${y.length}`);
}

/** What curvesChart and residualsChart share: the points, the fits, the most points to draw. */
function checkFitsData(data: ResidualsChartData): void {
  checkObject(data, 'data');
  checkPoints(data.train, 'data.train');
  if (data.test !== undefined) checkPoints(data.test, 'data.test');
  checkArray(data.fits, 'data.fits');
  data.fits.forEach((f, i) => {
    checkObject(f, `data.fits[${i}]`);
    checkArrayLike(f.coefficients, `data.fits[${i}].coefficients`);
    if (!Number.isSafeInteger(f.degree) || f.degree < 0)
      throw new InvalidInputError(`data.fits[${i}].degree must be a whole number ≥ 0, got ${shown(f.degree)}`);
  });
  checkOptionalCount(data.maxPoints, 'data.maxPoints', 1);
}

function points(d: { x: ArrayLike<number>; y: ArrayLike<number> }, max: number): Point[] {
  const n = d.x.length;
  const step = Math.max(1, Math.ceil(n / max));
  const out: Point[] = [];
  for (let i = 0; i < n; i += step) out.push({ x: d.x[i]!, y: d.y[i]! });
  return out;
}

function extent(values: number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

const base = (o: ChartOptions) => ({
  ...(o.document ? { document: o.document } : {}),
  width: o.width ?? 720,
  height: o.height ?? 420,
  marginRight: 80,
  marginTop: o.title ? 36 : 20,
  style: { background: 'white', color: 'black' },
});

/** Training points (filled), held-out points (hollow) and one curve per fitted degree. */
export function curvesChart(data: CurvesChartData, options: ChartOptions = {}): SVGSVGElement | HTMLElement {
  checkFitsData(data);
  if (data.truth !== undefined) checkArrayLike(data.truth, 'data.truth');
  checkChartOptions(options);
  const max = data.maxPoints ?? 2000;
  const train = points(data.train, max);
  const test = data.test ? points(data.test, max) : [];
  const [x0, x1] = extent([...train, ...test].map((p) => p.x));
  const [y0, y1] = extent([...train, ...test].map((p) => p.y));
  const pad = (y1 - y0 || 1) * 0.5;
  const samples = 240;
  const curves = data.fits.flatMap((f) =>
    Array.from({ length: samples + 1 }, (_, i) => {
      const x = x0 + ((x1 - x0) * i) / samples;
      return { x, y: polyval(f.coefficients, x), series: `degree ${f.degree}` };
    }),
  );
  const truth = data.truth;
  const trueCurve =
    truth === undefined
      ? []
      : Array.from({ length: samples + 1 }, (_, i) => {
          const x = x0 + ((x1 - x0) * i) / samples;
          return { x, y: polyval(truth, x) };
        });
  // The points' key, under the curves' key: filled = training, hollow = held out, dashed = the truth.
  const pointKeys = [
    // Words, not ● and ○: the glyphs draw blank in some browsers' fonts.
    { text: 'training points (filled)', fill: '#d62728' },
    ...(test.length > 0 ? [{ text: 'held-out points (hollow)', fill: 'black' }] : []),
    ...(truth !== undefined ? [{ text: '- - true curve', fill: 'black' }] : []),
  ];
  return Plot.plot({
    ...base(options),
    // No label arrows: Plot draws them as ↑ and →, which some browsers' fonts lack (they render blank).
    x: { label: 'x', labelArrow: 'none' },
    y: { label: 'y', labelArrow: 'none', domain: [y0 - pad, y1 + pad], grid: true },
    color: { type: 'ordinal', scheme: 'tableau10' },
    marks: [
      Plot.line(curves, { x: 'x', y: 'y', z: 'series', stroke: 'series', strokeWidth: 1.5, clip: true }),
      Plot.line(trueCurve, { x: 'x', y: 'y', stroke: 'black', strokeWidth: 1.5, strokeDasharray: '5,4', clip: true }),
      ...pointKeys.map((k, i) =>
        Plot.text([k.text], {
          text: (d: string) => d,
          fill: k.fill,
          frameAnchor: 'top-right',
          dx: -4,
          dy: 4 + 14 * (data.fits.length + i),
          textAnchor: 'end',
        }),
      ),
      // A key in the top-right corner (curve ends crowd together), one line per degree.
      ...data.fits.map((f, i) =>
        Plot.text([`degree ${f.degree}`], {
          text: (d: string) => `— ${d}`,
          fill: (d: string) => d,
          frameAnchor: 'top-right',
          dx: -4,
          dy: 4 + 14 * i,
          textAnchor: 'end',
          fontWeight: 'bold',
        }),
      ),
      Plot.dot(train, { x: 'x', y: 'y', r: 3, fill: '#d62728', stroke: '#d62728' }),
      Plot.dot(test, { x: 'x', y: 'y', r: 3, fill: 'white', stroke: 'black' }),
      ...titleMark(options),
    ],
  });
}

/** The chart's title, centred above the frame (a <figure> caption would wrap the SVG). */
function titleMark(options: ChartOptions): Plot.Markish[] {
  return options.title ? [Plot.text([options.title], { frameAnchor: 'top', dy: -18, fontWeight: 'bold', fontSize: 12 })] : [];
}

/**
 * One degree's errors for {@link rmsChart}: RMS on the training points, and on the test points and in cross-validation when measured.
 */
export interface RmsRow {
  degree: number;
  trainRms: number;
  testRms?: number | undefined;
  cvRms?: number | undefined;
}

/** Training, testing and cross-validated RMS against degree (log scale when they span 100×). */
export function rmsChart(rows: readonly RmsRow[], options: ChartOptions = {}): SVGSVGElement | HTMLElement {
  checkArray(rows, 'rows');
  rows.forEach((r, i) => {
    checkObject(r, `rows[${i}]`);
    if (!Number.isSafeInteger(r.degree) || r.degree < 0) throw new InvalidInputError(`rows[${i}].degree must be a whole number ≥ 0, got ${shown(r.degree)}`);
    for (const key of ['trainRms', 'testRms', 'cvRms'] as const) {
      const v = r[key];
      if (typeof v !== 'number' && (key === 'trainRms' || v !== undefined)) throw new InvalidInputError(`rows[${i}].${key} must be a number, got ${shown(v)}`);
    }
  });
  checkChartOptions(options);
  const long = rows
    .flatMap((r) => [
      { degree: r.degree, rms: r.trainRms, set: 'train' },
      ...(r.testRms !== undefined ? [{ degree: r.degree, rms: r.testRms, set: 'test' }] : []),
      ...(r.cvRms !== undefined ? [{ degree: r.degree, rms: r.cvRms, set: 'cross-validated' }] : []),
    ])
    .filter((d) => Number.isFinite(d.rms));
  const [lo, hi] = extent(long.map((d) => d.rms));
  const log = lo > 0 && hi / lo > 100;
  return Plot.plot({
    ...base(options),
    x: { label: 'degree', labelArrow: 'none', ticks: rows.map((r) => r.degree), tickFormat: 'd' },
    y: { label: 'RMS error', labelArrow: 'none', type: log ? 'log' : 'linear', grid: true, ...(log ? {} : { zero: true }) },
    color: { type: 'ordinal', domain: ['train', 'test', 'cross-validated'], range: ['#d62728', '#1f77b4', '#2ca02c'] },
    marks: [
      Plot.line(long, { x: 'degree', y: 'rms', z: 'set', stroke: 'set', strokeWidth: 1.5 }),
      Plot.dot(long, { x: 'degree', y: 'rms', fill: 'set', r: 3 }),
      Plot.text(long, Plot.selectLast({ x: 'degree', y: 'rms', z: 'set', text: 'set', fill: 'set', dx: 6, textAnchor: 'start' })),
      ...titleMark(options),
    ],
  });
}

/**
 * What {@link residualsChart} draws: the points, the fitted polynomials, and the most points to draw per set.
 */
export interface ResidualsChartData {
  train: { x: ArrayLike<number>; y: ArrayLike<number> };
  test?: { x: ArrayLike<number>; y: ArrayLike<number> } | undefined;
  fits: { degree: number; coefficients: readonly number[] }[];
  maxPoints?: number;
}

/** Residuals y − fit(x) of every fitted degree against x (training filled, held out hollow), a rule at 0. */
export function residualsChart(data: ResidualsChartData, options: ChartOptions = {}): SVGSVGElement | HTMLElement {
  checkFitsData(data);
  checkChartOptions(options);
  const max = data.maxPoints ?? 2000;
  const rows = data.fits.flatMap((f) => [
    ...points(data.train, max).map((p) => ({ x: p.x, r: p.y - polyval(f.coefficients, p.x), series: `degree ${f.degree}`, set: 'train' })),
    ...(data.test ? points(data.test, max) : []).map((p) => ({ x: p.x, r: p.y - polyval(f.coefficients, p.x), series: `degree ${f.degree}`, set: 'test' })),
  ]);
  return Plot.plot({
    ...base(options),
    x: { label: 'x', labelArrow: 'none' },
    y: { label: 'residual y − fit(x)', labelArrow: 'none', grid: true },
    color: { type: 'ordinal', scheme: 'tableau10' },
    marks: [
      Plot.ruleY([0]),
      Plot.dot(
        rows.filter((d) => d.set === 'train'),
        { x: 'x', y: 'r', fill: 'series', stroke: 'series', r: 3 },
      ),
      Plot.dot(
        rows.filter((d) => d.set === 'test'),
        { x: 'x', y: 'r', stroke: 'series', fill: 'white', r: 3 },
      ),
      ...data.fits.map((f, i) =>
        Plot.text([`degree ${f.degree}`], {
          text: (d: string) => d,
          fill: () => `degree ${f.degree}`,
          frameAnchor: 'top-right',
          dx: -4,
          dy: 4 + 14 * i,
          textAnchor: 'end',
          fontWeight: 'bold',
        }),
      ),
      ...titleMark(options),
    ],
  });
}
