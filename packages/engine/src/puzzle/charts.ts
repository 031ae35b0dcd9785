/**
 * The puzzle experiment's chart, drawn with Observable Plot (the platform's chart library): mean
 * nodes generated against solution depth on a log scale, one line per column. It takes a `document`
 * so that the CLI renders in Node (happy-dom) the SVG the web view shows. A separate entry point,
 * `@searchlab/engine/puzzle/charts`, so that solving never needs the chart library (an optional peer).
 */
import * as Plot from '@observablehq/plot';
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

/** Mean nodes generated per depth and column (capped cells left out), log scale, a key in the corner. */
export function experimentChart(result: ExperimentResult, options: ExperimentChartOptions = {}): SVGSVGElement | HTMLElement {
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
