import type { HistoryPort, ScrollPort } from './router';

/** The tab's history, as the router reads and writes it. */
export function browserHistory(): HistoryPort {
  return {
    read: () => ({ pathname: location.pathname, search: location.search, hash: location.hash, state: window.history.state }),
    push: (href, state) => window.history.pushState(state, '', href),
    replace: (href, state) => window.history.replaceState(state, '', href),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      addEventListener('popstate', onPop);
      return () => removeEventListener('popstate', onPop);
    },
  };
}

const SCROLL_STORAGE_KEY = 'simshop-scroll-positions';

/** The window's scroll; positions outlive a reload in the tab's session storage. */
export function windowScroll(): ScrollPort {
  // The router puts the scroll back itself, after the page it belongs to has rendered.
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  return {
    read: () => window.scrollY,
    scrollTo: (y) => window.scrollTo(0, y),
    scrollToHash(id) {
      const element = document.getElementById(decodeURIComponent(id));
      element?.scrollIntoView();
      return element !== null;
    },
    load() {
      try {
        const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
        return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
      } catch {
        return {};
      }
    },
    save(positions) {
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused (private mode): the positions are only lost on reload.
      }
    },
  };
}
