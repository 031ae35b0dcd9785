/**
 * The puzzle experiment's chart, drawn with Observable Plot (the platform's chart library): mean
 * nodes generated against solution depth on a log scale, one line per column. It takes a `document`
 * so that the CLI renders in Node (happy-dom) the SVG the web view shows. A separate entry point,
 * `@searchlab/engine/puzzle/charts`, so that solving never needs the chart library (an optional peer).
 */
import * as Plot from '@observablehq/plot';
import { checkArray, checkChartOptions, checkObject, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { columnName, type ExperimentResult } from './experiment.js';

/**
 * Options of {@link experimentChart}: the document to draw in (happy-dom's in Node; the global one by default), the size in pixels and a title.
 */
export interface ExperimentChartOptions {
  document?: Document;
  width?: number;
  height?: number;
  title?: string;
}

/** The parts the chart reads: depths, columns (named by columnName) and a cell per depth and column. */
function checkResult(result: ExperimentResult): void {
  checkObject(result, 'result');
  checkArray(result.depths, 'result.depths');
  checkArray(result.columns, 'result.columns');
  checkArray(result.cells, 'result.cells');
  if (result.cells.length !== result.depths.length)
    throw new InvalidInputError(`result.cells has ${result.cells.length} rows but result.depths has ${result.depths.length} depths`);
  result.depths.forEach((d, di) => {
    if (typeof d !== 'number' || !Number.isFinite(d)) throw new InvalidInputError(`result.depths[${di}] must be a number, got ${shown(d)}`);
    const row = result.cells[di];
    checkArray(row, `result.cells[${di}]`);
    if (row.length !== result.columns.length)
      throw new InvalidInputError(`result.cells[${di}] has ${row.length} cells but result.columns has ${result.columns.length} columns`);
    row.forEach((cell, ci) => {
      checkObject(cell, `result.cells[${di}][${ci}]`);
      const m = cell.meanGenerated;
      if (m !== undefined && typeof m !== 'number') throw new InvalidInputError(`result.cells[${di}][${ci}].meanGenerated must be a number, got ${shown(m)}`);
    });
  });
}

/** Mean nodes generated per depth and column (capped cells left out), log scale, a key in the corner. */
export function experimentChart(result: ExperimentResult, options: ExperimentChartOptions = {}): SVGSVGElement | HTMLElement {
  checkResult(result);
  checkChartOptions(options);
  const names = result.columns.map(columnName);
  const points = result.depths.flatMap((d, di) =>
    result.columns.flatMap((_c, ci) => {
      const m = result.cells[di]![ci]!.meanGenerated;
      return m === undefined ? [] : [{ depth: d, generated: Math.max(1, m), column: names[ci]! }];
    }),
  );
  return Plot.plot({
    ...(options.document ? { document: options.document } : {}),
    width: options.width ?? 720,
    height: options.height ?? 420,
    marginTop: options.title ? 36 : 20,
    marginRight: 20,
    style: { background: 'white', color: 'black' },
    // No label arrows: Plot draws ↑ and →, which some browsers' fonts lack.
    x: { label: 'solution depth d', labelArrow: 'none', ticks: result.depths, tickFormat: 'd' },
    y: { type: 'log', label: 'mean nodes generated (log scale)', labelArrow: 'none', grid: true },
    color: { type: 'ordinal', domain: names, scheme: 'tableau10' },
    marks: [
      Plot.line(points, { x: 'depth', y: 'generated', z: 'column', stroke: 'column', strokeWidth: 1.5 }),
      Plot.dot(points, { x: 'depth', y: 'generated', fill: 'column', r: 3 }),
      // A key in the top-left corner: one line per column (a legend would wrap the SVG in a <figure>).
      ...names.map((name, i) =>
        Plot.text([name], {
          text: (d: string) => `— ${d}`,
          fill: () => name,
          frameAnchor: 'top-left',
          dx: 6,
          dy: 6 + 14 * i,
          textAnchor: 'start',
          fontWeight: 'bold',
        }),
      ),
      ...(options.title ? [Plot.text([options.title], { frameAnchor: 'top', dy: -18, fontWeight: 'bold', fontSize: 12 })] : []),
    ],
  });
}
