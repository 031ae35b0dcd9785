// The Monty Hall view: play by hand with a running tally beside the exact values, and a seeded
// simulation whose running win rates converge on the exact lines, with their 95% Wilson bands.
// Settings live in the URL.
import { Rng, loadKernels, runAsync } from '@searchlab/engine';
import {
  COUNTER,
  STRATEGIES,
  createKernel,
  createMontyRun,
  exactAnswer,
  normalizeGame,
  normalizeSimulation,
  summarize,
  type Estimate,
  type ExactAnswer,
  type MontyGame,
} from '@searchlab/engine/monty';
import { byId, errorMessage, formatCount, formatTime, setStatus } from '../shell/dom.js';
import { JobSlot } from '../shell/pool.js';
import type { View, ViewContext } from '../shell/view.js';
import { convergenceChart, type RatePoint } from './chart.js';
import { decide, emptyTally, newHandGame, pickDoor, record, switched, won, type HandGame, type Tally } from './game.js';
import template from './view.html';

export const montyView: View = {
  id: 'monty',
  title: 'Monty Hall',
  mount(ctx) {
    ctx.root.innerHTML = template;
    new MontyView(ctx);
  },
};

const FIELDS = {
  doors: 'monty-doors',
  open: 'monty-open',
  host: 'monty-host',
  bias: 'monty-bias',
  p: 'monty-p',
  trials: 'monty-trials',
  seed: 'monty-seed',
} as const;
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(2)}%` : '–');

class MontyView {
  private readonly $: ReturnType<typeof byId>;
  private readonly rng = new Rng(Math.floor(Math.random() * 2 ** 32));
  private readonly jobs = new JobSlot();
  private game: MontyGame = normalizeGame();
  private exact: ExactAnswer = exactAnswer(this.game);
  private hand!: HandGame;
  private tally: Tally = emptyTally();

  constructor(private readonly ctx: ViewContext) {
    this.$ = byId(ctx.root);
    for (const [key, id] of Object.entries(FIELDS)) {
      const el = this.$<HTMLInputElement | HTMLSelectElement>(id);
      const saved = ctx.params.get(key);
      if (saved !== null) el.value = saved;
      el.addEventListener('change', () => this.settingsChanged(), { signal: ctx.signal });
    }
    this.$('monty-next').addEventListener('click', () => this.newGame(), { signal: ctx.signal });
    this.$('monty-run').addEventListener('click', () => void this.simulate(), { signal: ctx.signal });
    this.$('monty-stop').addEventListener('click', () => this.jobs.stop(), { signal: ctx.signal });
    ctx.signal.addEventListener('abort', () => this.jobs.stop());
    this.settingsChanged();
  }

  private value(key: keyof typeof FIELDS): string {
    return this.$<HTMLInputElement | HTMLSelectElement>(FIELDS[key]).value;
  }

  private settingsChanged(): void {
    this.ctx.save(Object.fromEntries(Object.keys(FIELDS).map((k) => [k, this.value(k as keyof typeof FIELDS)])));
    const err = this.$('monty-error');
    try {
      this.game = normalizeGame({
        doors: Number(this.value('doors')),
        open: Number(this.value('open')),
        host: this.value('host') as MontyGame['host'],
        bias: Number(this.value('bias')),
        switchProbability: Number(this.value('p')),
      });
      err.hidden = true;
    } catch (e) {
      err.textContent = errorMessage(e);
      err.hidden = false;
      return;
    }
    this.exact = exactAnswer(this.game);
    this.tally = emptyTally();
    this.jobs.stop();
    this.clearSimulation(); // a simulation of other settings would sit beside the new exact values
    this.newGame();
  }

  private newGame(): void {
    this.hand = newHandGame(this.game, this.rng);
    this.renderHand();
  }

  private clickDoor(door: number): void {
    if (this.hand.phase === 'pick') this.hand = pickDoor(this.hand, door, this.rng);
    else if (this.hand.phase === 'decide') this.hand = decide(this.hand, door);
    if (this.hand.phase === 'over') this.tally = record(this.tally, this.hand);
    this.renderHand();
  }

  private renderHand(): void {
    const g = this.hand;
    const row = this.$('monty-doors-row');
    row.replaceChildren(
      ...Array.from({ length: g.game.doors }, (_, d) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'monty-door';
        b.dataset.door = String(d);
        const open = g.opened.includes(d) || g.phase === 'over';
        b.dataset.state = open ? (d === g.car ? 'car' : 'goat') : 'closed';
        if (d === g.pick) b.dataset.picked = 'true';
        if (d === g.final) b.dataset.final = 'true';
        b.textContent = open ? (d === g.car ? `${d + 1}: car` : `${d + 1}: goat`) : `${d + 1}`;
        b.disabled = g.phase === 'over' || (g.phase === 'decide' && g.opened.includes(d));
        b.addEventListener('click', () => this.clickDoor(d), { signal: this.ctx.signal });
        return b;
      }),
    );
    const prompt = this.$('monty-prompt');
    if (g.phase === 'pick') prompt.textContent = 'Pick a door.';
    else if (g.phase === 'decide')
      prompt.textContent = `The host opened ${g.opened.map((d) => d + 1).join(', ')}. Click your door ${g.pick! + 1} to stay, or another closed door to switch.`;
    else if (g.void) prompt.textContent = 'The host revealed the car: this game does not count.';
    else prompt.textContent = `You ${switched(g) ? 'switched' : 'stayed'} and ${won(g) ? 'won the car' : 'got a goat'}.`;
    this.$('monty-next').hidden = g.phase !== 'over';
    const body = this.$('monty-tally').querySelector('tbody')!;
    body.replaceChildren(
      ...(['stay', 'switch'] as const).map((s) => {
        const t = this.tally[s];
        return tableRow([
          s,
          String(t.wins),
          String(t.games),
          pct(t.games ? t.wins / t.games : NaN),
          `${this.exact.win[s]} = ${pct(this.exact.win[s].toNumber())}`,
        ]);
      }),
    );
    this.$('monty-void').textContent = this.game.host === 'ignorant' ? `${this.tally.void} games where the host revealed the car (left out)` : '';
  }

  private async simulate(): Promise<void> {
    const status = this.$('monty-status');
    let sim;
    try {
      sim = normalizeSimulation({ trials: Number(this.value('trials')), seed: Number(this.value('seed')), ...this.game });
    } catch (e) {
      setStatus(status, 'error', errorMessage(e));
      return;
    }
    const signal = this.jobs.start();
    this.clearSimulation(); // the last run's chart and table belong to other settings
    const stop = this.$<HTMLButtonElement>('monty-stop');
    stop.disabled = false;
    setStatus(status, 'running', 'running…');
    const exact = this.exact;
    const points: RatePoint[] = [];
    const sample = (counters: number[], games: number): void => {
      const r = summarize(counters, exact, false);
      for (const s of STRATEGIES) if (r[s].games > 0) points.push({ strategy: s, games, rate: r[s].rate, lo: r[s].ci95[0], hi: r[s].ci95[1] });
      this.renderSimulation(points, counters);
    };
    try {
      const kernels = await loadKernels();
      const run = createMontyRun(createKernel('wasm', sim.game, sim.seed, kernels), sim.trials);
      // A few early points (from 16 games on, doubling), so the chart shows the noise settling.
      let played = 0;
      for (let next = 16; next < Math.min(sim.trials, 4096); next *= 2) {
        run.step(next - played);
        played = next;
        sample(run.stats().counters, played);
      }
      const d = await runAsync(run, { signal, onProgress: (s) => sample(s.counters, s.games) });
      if (!this.jobs.current(signal)) return;
      sample(d.stats.counters, d.stats.games);
      setStatus(
        status,
        d.status === 'done' ? 'done' : 'cancelled',
        `${d.status === 'done' ? 'done' : 'stopped'}: ${formatCount(d.stats.games)} games in ${formatTime(d.workMs)}`,
      );
    } catch (e) {
      setStatus(status, 'error', errorMessage(e));
    } finally {
      if (this.jobs.current(signal)) stop.disabled = true;
    }
  }

  private clearSimulation(): void {
    this.$('monty-chart').replaceChildren();
    this.$('monty-results').querySelector('tbody')!.replaceChildren();
    this.$('monty-excluded').hidden = true;
  }

  private renderSimulation(points: RatePoint[], counters: number[]): void {
    const chart = this.$('monty-chart');
    chart.replaceChildren(
      convergenceChart(
        points,
        STRATEGIES.map((s) => ({ strategy: s, value: this.exact.win[s].toNumber() })),
        Math.max(320, chart.clientWidth || 640),
      ),
    );
    // The biased host's door carries information: also the rates given which door he opened first.
    const r = summarize(counters, this.exact, this.game.host === 'biased');
    const row = (label: string, opened: string, e: Estimate): HTMLTableRowElement =>
      tableRow([
        label,
        opened,
        formatCount(e.wins),
        formatCount(e.games),
        pct(e.rate),
        e.exact === null ? '–' : `${e.exact} = ${pct(fractionValue(e.exact))}`,
        `[${pct(e.ci95[0])}, ${pct(e.ci95[1])}]`,
      ]);
    const rows = STRATEGIES.map((s) => row(s, 'any', r[s]));
    for (const s of STRATEGIES) {
      const b = r[s].byOpened;
      if (b) rows.push(row(s, 'the lowest other door', b.lowest), row(s, 'another door', b.other));
    }
    this.$('monty-results')
      .querySelector('tbody')!
      .replaceChildren(...rows);
    // The ignorant host's car reveals are left out of every rate: say how many, beside the exact share.
    const excluded = counters[COUNTER.excluded] ?? 0;
    const note = this.$('monty-excluded');
    note.hidden = this.game.host !== 'ignorant';
    const played = excluded + (counters[COUNTER.gamesLowest] ?? 0) + (counters[COUNTER.gamesOther] ?? 0);
    note.textContent = note.hidden
      ? ''
      : `${formatCount(excluded)} of ${formatCount(played)} games were excluded: the host opened the car's door ` +
        `(exact share ${this.exact.excluded.toString()} = ${pct(this.exact.excluded.toNumber())}). The rates are over the other ${formatCount(played - excluded)}.`;
  }
}

function fractionValue(text: string): number {
  const [a, b] = text.split('/');
  return Number(a) / Number(b ?? 1);
}

function tableRow(cells: string[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const c of cells) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.append(td);
  }
  return tr;
}
