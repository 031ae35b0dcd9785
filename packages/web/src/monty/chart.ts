// The simulation's chart (Observable Plot): each strategy's running win rate against the number of
// games (log scale), its 95% Wilson band, and the exact value as a dashed line.
import { areaY, line, plot, ruleY } from '@observablehq/plot';

export interface RatePoint {
  strategy: string;
  games: number;
  rate: number;
  lo: number;
  hi: number;
}

export interface ExactLine {
  strategy: string;
  value: number;
}

const COLORS = { domain: ['stay', 'switch', 'random'], range: ['#d1495b', '#2f6fde', '#7a9e3b'] };

export function convergenceChart(points: readonly RatePoint[], exact: readonly ExactLine[], width: number): SVGSVGElement | HTMLElement {
  return plot({
    width,
    height: 320,
    marginLeft: 50,
    // Labels without arrows: the lab's fonts need not have them (Plot adds none to explicit labels here).
    x: { type: 'log', label: 'games played (log scale)', labelArrow: 'none', grid: true },
    y: { domain: [0, 1], label: 'win rate', labelArrow: 'none', grid: true },
    color: { ...COLORS, legend: true },
    marks: [
      // z given: one series per strategy (an implicit z makes Plot warn about its cardinality).
      areaY(points, { x: 'games', y1: 'lo', y2: 'hi', fill: 'strategy', z: 'strategy', fillOpacity: 0.18 }),
      line(points, { x: 'games', y: 'rate', stroke: 'strategy', z: 'strategy', strokeWidth: 1.5 }),
      ruleY(exact, { y: 'value', stroke: 'strategy', strokeDasharray: '5,4' }),
    ],
  });
}
