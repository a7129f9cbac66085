import type { ComponentType } from 'react';

/*
 * The shop's router: its routes are flat, fixed paths under one basename with their
 * parameters in the query (SPEC §2), plus prefixes (`/esim/*`) whose page reads the rest of its
 * address; every page lazy-loaded. Why our own: React Router 7 costs 28.9 KB brotli in data mode
 * (13.8 declarative) against this one's 2.2 KB, on a first screen of 160 KB whose budget is 170
 * (docs/decisions.md). Kept free of the DOM: unit-tested with a history in memory, and the server
 * draws pages with it on a fixed address (server.ts). What it does not do: nested routes or
 * layouts per route, path parameters, loaders or actions, blocking a navigation, relative links.
 */

/** A place in the shop: the path under the basename, the query and the history entry's identity. */
export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
  /** 'default' for the entry the shop was opened on (nothing of ours behind it). */
  readonly key: string;
  /** The entry's index in this tab's history since the shop was opened; survives a reload. */
  readonly idx: number;
}

export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

export interface RouteEntry {
  /** A path under the basename; '/x/*' for every path below '/x/'; '*' for every path no other entry has. */
  readonly path: string;
  /** The page, loaded when first shown. */
  load(): Promise<ComponentType>;
  /** Starts what the page asks the server for first, together with its chunk. */
  prefetch?(url: URL): void;
}

export type PageState = { readonly Component: ComponentType } | { readonly error: unknown };

export interface RouterState {
  readonly location: RouterLocation;
  readonly action: NavigationAction;
  /** null until the first page has loaded. */
  readonly page: PageState | null;
  /** A navigation is waiting for its page's code. */
  readonly loading: boolean;
}

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

/** The browser's history, or one in memory for tests. */
export interface HistoryPort {
  /** The current entry: the full path (with the basename) and its state. */
  read(): { pathname: string; search: string; hash: string; state: unknown };
  push(href: string, state: HistoryEntryState): void;
  replace(href: string, state: HistoryEntryState): void;
  go(delta: number): void;
  /** Calls back when the user moves in the history (back, forward). */
  listen(onPop: () => void): () => void;
}

/** The page's scroll position, saved per history entry and restored when going back. */
export interface ScrollPort {
  read(): number;
  scrollTo(y: number): void;
  /** Brings the element the hash names into view; false when there is none. */
  scrollToHash(hash: string): boolean;
  /** Positions saved by an earlier load of this tab (a reload), and where to keep them. */
  load(): Record<string, number>;
  save(positions: Record<string, number>): void;
}

export interface HistoryEntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface Router {
  getState(): RouterState;
  subscribe(listener: () => void): () => void;
  /** A path under the basename (with its query), or a step in the history (-1 is back). */
  navigate(to: string | number, options?: NavigateOptions): void;
  /** The address of a path under the basename, for links. */
  href(to: string): string;
  /** Called once the committed page has rendered: puts the scroll where this entry wants it. */
  restoreScroll(): void;
  /** Keeps the scroll positions for a reload of the tab. */
  persistScroll(): void;
  dispose(): void;
}

export interface RouterOptions {
  readonly basename: string;
  readonly history: HistoryPort;
  readonly scroll?: ScrollPort;
  /** Makes history entry keys; random unless a test needs them predictable. */
  readonly newKey?: () => string;
}

const randomKey = (): string => Math.random().toString(36).slice(2, 10);

function isEntryState(value: unknown): value is Partial<HistoryEntryState> {
  return typeof value === 'object' && value !== null;
}

/** The path under the basename ('/uni/goods' → '/goods', '/uni' → '/'). */
function stripBasename(pathname: string, basename: string): string {
  if (pathname === basename) return '/';
  if (pathname.startsWith(`${basename}/`)) return pathname.slice(basename.length);
  return pathname;
}

/** Splits a path under the basename into its parts, relative ones against `from`. */
export function parsePath(to: string, from: string): Pick<RouterLocation, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://shop${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createRouter(routes: readonly RouteEntry[], options: RouterOptions): Router {
  const { basename, history, scroll } = options;
  const newKey = options.newKey ?? randomKey;
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const fallback = byPath.get('*');
  // '/esim/*': every path below '/esim/' (the page reads the rest of its address itself).
  const prefixes = routes.filter((route) => route.path.length > 2 && route.path.endsWith('/*')).map((route) => ({ prefix: route.path.slice(0, -1), route }));
  // A page's component once loaded: the same one on every visit, so a query change re-renders
  // the page instead of mounting a new one. A failed load is tried again on the next visit.
  const loaded = new Map<RouteEntry, ComponentType>();
  const listeners = new Set<() => void>();
  const positions: Record<string, number> = scroll?.load() ?? {};
  let navigationId = 0;

  const href = (to: string): string => {
    const { pathname, search, hash } = parsePath(to, '/');
    return `${pathname === '/' ? `${basename}/` : `${basename}${pathname}`}${search}${hash}`;
  };

  function readLocation(): RouterLocation {
    const entry = history.read();
    const saved = isEntryState(entry.state) ? entry.state : {};
    return {
      pathname: stripBasename(entry.pathname, basename),
      search: entry.search,
      hash: entry.hash,
      state: saved.usr ?? null,
      key: typeof saved.key === 'string' ? saved.key : 'default',
      idx: typeof saved.idx === 'number' ? saved.idx : 0,
    };
  }

  const first = readLocation();
  // The first entry gets its index, so a reload still knows where in the history it is.
  const firstEntry = history.read();
  if (!isEntryState(firstEntry.state) || typeof firstEntry.state.idx !== 'number') {
    history.replace(`${firstEntry.pathname}${firstEntry.search}${firstEntry.hash}`, {
      ...(isEntryState(firstEntry.state) ? firstEntry.state : {}),
      usr: first.state,
      key: first.key,
      idx: 0,
    });
  }
  let state: RouterState = { location: first, action: 'POP', page: null, loading: true };

  function set(next: Partial<RouterState>): void {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  }

  // '/goods/' is '/goods', as a user typing an address expects.
  const routeFor = (pathname: string): RouteEntry | undefined =>
    byPath.get(pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname) ?? prefixes.find((p) => pathname.startsWith(p.prefix))?.route ?? fallback;

  function go(next: RouterLocation, action: NavigationAction, writeHistory?: () => void): void {
    const id = ++navigationId;
    const route = routeFor(next.pathname);
    route?.prefetch?.(new URL(`${next.pathname}${next.search}${next.hash}`, 'http://shop'));
    const commit = (page: PageState): void => {
      // A later navigation started meanwhile: this one is abandoned, as a user expects.
      if (id !== navigationId) return;
      writeHistory?.();
      if (state.page) positions[state.location.key] = scroll?.read() ?? 0;
      set({ location: next, action, page, loading: false });
    };
    if (!route) {
      commit({ error: new Error(`no route for ${next.pathname}`) });
      return;
    }
    const known = loaded.get(route);
    if (known) {
      commit({ Component: known });
      return;
    }
    if (!state.loading) set({ loading: true });
    route.load().then(
      (Component) => {
        loaded.set(route, Component);
        commit({ Component });
      },
      (error: unknown) => commit({ error }),
    );
  }

  const stopListening = history.listen(() => go(readLocation(), 'POP'));
  go(first, 'POP');

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, navigateOptions = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const current = state.location;
      const parts = parsePath(to, current.pathname);
      const action: NavigationAction = navigateOptions.replace ? 'REPLACE' : 'PUSH';
      const next: RouterLocation = {
        ...parts,
        state: navigateOptions.state ?? null,
        key: newKey(),
        idx: action === 'PUSH' ? current.idx + 1 : current.idx,
      };
      const entry: HistoryEntryState = { usr: next.state, key: next.key, idx: next.idx };
      const target = href(`${parts.pathname}${parts.search}${parts.hash}`);
      go(next, action, () => (action === 'PUSH' ? history.push(target, entry) : history.replace(target, entry)));
    },
    href,
    restoreScroll() {
      if (!scroll) return;
      const { location, action } = state;
      const saved = positions[location.key];
      if (action === 'POP' && saved !== undefined) scroll.scrollTo(saved);
      else if (location.hash && scroll.scrollToHash(location.hash.slice(1))) return;
      // A new page starts at its top (a back step with nothing saved too).
      else scroll.scrollTo(0);
    },
    persistScroll() {
      if (!scroll) return;
      positions[state.location.key] = scroll.read();
      scroll.save(positions);
    },
    dispose() {
      stopListening();
      listeners.clear();
    },
  };
}
