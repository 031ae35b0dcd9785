// The contract between the shell and a domain's view: every domain's view (src/views.ts lists them) implements it.

/** What the shell gives a view while it is mounted. */
export interface ViewContext {
  /** The element the view renders into; emptied when the view goes. */
  root: HTMLElement;
  /** The view's state as found in the URL (so links can be shared and pages reloaded). */
  params: URLSearchParams;
  /** Merge values into the URL state; undefined removes a key. */
  save(values: Record<string, string | undefined>): void;
  /** Aborted when the view is unmounted: pass it to addEventListener, and stop workers on it. */
  signal: AbortSignal;
}

export interface View {
  /** The URL path segment: #/<id>?<state>. */
  id: string;
  /** Its name in the navigation. */
  title: string;
  mount(ctx: ViewContext): void;
}
