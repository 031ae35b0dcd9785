// The puzzle view's charts (Observable Plot, the lab's one chart library): the comparison's nodes
// expanded per heuristic on a log scale, since heuristics differ by orders of magnitude; and an
// anytime solve's solution length and proven lower bound over time, the gap between them shaded.
import { areaY, barX, dot, lineY, plot, ruleX, text } from '@observablehq/plot';
import { formatCount } from '../shell/dom.js';

export interface ChartBar {
  label: string;
  expanded: number;
}

export function expandedChart(bars: readonly ChartBar[], width: number): SVGSVGElement | HTMLElement {
  // A log scale cannot show 0 (a board already at its goal): such bars start and end at 1.
  const data = bars.map((b) => ({ ...b, x: Math.max(1, b.expanded) }));
  return plot({
    width,
    height: 50 + 28 * data.length,
    marginLeft: 130,
    marginRight: 60,
    x: { type: 'log', label: 'nodes expanded per board (log scale)', labelArrow: 'none', grid: true },
    y: { label: null, domain: data.map((d) => d.label) },
    marks: [
      barX(data, { x1: 1, x2: 'x', y: 'label', fill: '#2f6fde' }),
      text(data, { x: 'x', y: 'label', text: (d: ChartBar) => formatCount(d.expanded), textAnchor: 'start', dx: 4 }),
      ruleX([1]),
    ],
  });
}

/** The state of an anytime solve after each event: the best length so far (if any) and the lower bound. */
export interface AnytimePoint {
  /** Seconds since the search began. */
  t: number;
  length?: number;
  lowerBound?: number;
  /** This point is an improvement (a new best solution). */
  improved?: boolean;
}

const SERIES = ['solution length', 'proven lower bound'] as const;

export function anytimeChart(points: readonly AnytimePoint[], width: number): SVGSVGElement | HTMLElement {
  const rows = points.flatMap((p) => [
    ...(p.length !== undefined ? [{ t: p.t, value: p.length, series: SERIES[0] }] : []),
    ...(p.lowerBound !== undefined ? [{ t: p.t, value: p.lowerBound, series: SERIES[1] }] : []),
  ]);
  const both = points.filter((p) => p.length !== undefined && p.lowerBound !== undefined);
  return plot({
    width,
    height: 240,
    marginLeft: 50,
    x: { label: 'seconds', labelArrow: 'none', grid: true },
    y: { label: 'moves', labelArrow: 'none', grid: true },
    color: { domain: [...SERIES], range: ['#2f6fde', '#d9480f'], legend: true },
    marks: [
      areaY(both, { x: 't', y1: 'lowerBound', y2: 'length', curve: 'step-after', fill: '#2f6fde', fillOpacity: 0.12 }),
      lineY(rows, { x: 't', y: 'value', stroke: 'series', curve: 'step-after', strokeWidth: 2 }),
      dot(
        points.filter((p) => p.improved),
        { x: 't', y: 'length', fill: '#2f6fde', r: 3.5 },
      ),
    ],
  });
}
