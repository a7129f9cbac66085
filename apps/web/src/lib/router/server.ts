import type { HistoryPort, Router } from './router';

/** One address and nothing else: the history of a page the server renders (it never navigates). */
export function serverHistory(href: string): HistoryPort {
  const url = new URL(href, 'http://shop');
  let state: unknown = null;
  return {
    read: () => ({ pathname: url.pathname, search: url.search, hash: url.hash, state }),
    push: () => undefined,
    replace: (_href, next) => {
      state = next;
    },
    go: () => undefined,
    listen: () => () => undefined,
  };
}

/** Resolves once the router's first page has loaded (or failed to). */
export function firstPageLoaded(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.getState().page) return resolve();
    const stop = router.subscribe(() => {
      if (!router.getState().page) return;
      stop();
      resolve();
    });
  });
}
