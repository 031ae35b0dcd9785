// Small DOM and formatting helpers shared by the views.

/** A lookup of elements by id inside `root` that fails loudly when the markup lacks one. */
export function byId(root: HTMLElement): <T extends HTMLElement = HTMLElement>(id: string) => T {
  return <T extends HTMLElement>(id: string): T => {
    const el = root.querySelector<T>(`#${id}`);
    if (!el) throw new Error(`missing #${id}`);
    return el;
  };
}

export type StatusState = 'idle' | 'running' | 'done' | 'limit' | 'cancelled' | 'unsolvable' | 'error';

export function setStatus(el: HTMLElement, state: StatusState, text: string): void {
  el.dataset.state = state;
  el.textContent = text;
}

export function fillSelect<T extends string>(select: HTMLSelectElement, values: readonly T[], labels: Record<T, string>, selected: T): void {
  select.replaceChildren(
    ...values.map((v) => {
      const opt = document.createElement('option');
      opt.value = v;
      opt.textContent = labels[v] ?? v;
      opt.selected = v === selected;
      return opt;
    }),
  );
}

const fmt = new Intl.NumberFormat('en-US');
export const formatCount = (n: number | bigint): string => fmt.format(typeof n === 'bigint' ? n : Math.round(n));
export function formatTime(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}
export function formatRate(expanded: number, ms: number): string {
  return ms > 0 ? formatCount((expanded / ms) * 1000) : '–';
}
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
