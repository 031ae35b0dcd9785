// A hash router: the URL is #/<view>?<state>, so any static server can host the lab and a
// copied URL reopens the same view with the same settings.
import type { View } from './view.js';

export interface Route {
  id: string;
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const q = text.indexOf('?');
  return q < 0 ? { id: text, params: new URLSearchParams() } : { id: text.slice(0, q), params: new URLSearchParams(text.slice(q + 1)) };
}

export function formatHash({ id, params }: Route): string {
  const query = params.toString();
  return `#/${id}${query ? `?${query}` : ''}`;
}

/** URL writes are coalesced: an animation changes the board many times a second. */
const SAVE_DELAY_MS = 100;

export function startRouter(views: readonly View[], nav: HTMLElement, outlet: HTMLElement): void {
  let current: { route: Route; controller: AbortController } | null = null;
  let timer: number | undefined;

  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (current) history.replaceState(null, '', formatHash(current.route));
  };

  nav.replaceChildren(
    ...views.map((view) => {
      const a = document.createElement('a');
      a.href = `#/${view.id}`;
      a.textContent = view.title;
      a.dataset.view = view.id;
      return a;
    }),
  );

  function mount(): void {
    // A pending write belongs to the old URL: drop it, the new hash wins.
    clearTimeout(timer);
    current?.controller.abort();
    outlet.replaceChildren();
    const route = parseHash(location.hash);
    const view = views.find((v) => v.id === route.id) ?? views[0]!;
    route.id = view.id;
    const controller = new AbortController();
    current = { route, controller };
    history.replaceState(null, '', formatHash(route));
    for (const a of nav.querySelectorAll<HTMLElement>('a')) {
      if (a.dataset.view === view.id) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    outlet.dataset.view = view.id;
    view.mount({
      root: outlet,
      params: new URLSearchParams(route.params),
      signal: controller.signal,
      save(values) {
        if (controller.signal.aborted) return;
        for (const [key, value] of Object.entries(values)) {
          if (value === undefined) route.params.delete(key);
          else route.params.set(key, value);
        }
        timer ??= window.setTimeout(flush, SAVE_DELAY_MS);
      },
    });
  }

  window.addEventListener('hashchange', mount);
  window.addEventListener('pagehide', flush);
  mount();
}
