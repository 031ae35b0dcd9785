// The comparison's chart (Observable Plot, the lab's one chart library): nodes expanded per
// heuristic on a log scale, since heuristics differ by orders of magnitude.
import { barX, plot, ruleX, text } from '@observablehq/plot';
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
    x: { type: 'log', label: 'nodes expanded per board (log scale) →', grid: true },
    y: { label: null, domain: data.map((d) => d.label) },
    marks: [
      barX(data, { x1: 1, x2: 'x', y: 'label', fill: '#2f6fde' }),
      text(data, { x: 'x', y: 'label', text: (d: ChartBar) => formatCount(d.expanded), textAnchor: 'start', dx: 4 }),
      ruleX([1]),
    ],
  });
}
