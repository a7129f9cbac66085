/**
 * The shop's service worker (built to /uni/sw.js by tools/vite-shop-pwa.ts, which writes the two
 * constants below). It makes the shop open without a network:
 * - install: every fingerprinted file of this build and the app page are cached (precache);
 * - pages (navigations): network first, so a deploy is seen at once; offline, the copy of that
 *   page saved on the last visit, else the app page;
 * - fingerprinted files: from the cache (their content never changes under one name);
 * - anything else — the API above all — is not touched: data is never served stale from here.
 *   The eSIMs the traveller needs offline are kept by the app itself (offline-esims.ts).
 *
 * Typed with the few worker types it uses, because the app's TypeScript program has the DOM
 * library, whose globals clash with the WebWorker one.
 */

declare const BUILD_VERSION: string;
declare const PRECACHE: readonly string[];
declare const BASE: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** Chromium's static routing (ServiceWorker Static Routing API); absent elsewhere. */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: Array<{ condition: { urlPattern: string }; source: 'network' }>): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const SHELL_CACHE = `simshop-shell-${BUILD_VERSION}`;
/** Pages as last seen online, one entry per address; replaced on every online visit. */
const PAGES_CACHE = 'simshop-pages';
const ASSETS = `${BASE}assets/`;

/** What the worker never handles: the API, content images, the console. */
const BYPASSED = ['/fetch/*', '/static/*', '/console/*'];

scope.addEventListener('install', (event) => {
  // Where the browser can, those requests do not even wake the worker: they go straight to the
  // network, as if there were no worker (elsewhere the fetch handler below lets them through).
  const routes = event.addRoutes?.(BYPASSED.map((urlPattern) => ({ condition: { urlPattern }, source: 'network' }))).catch(() => undefined);
  event.waitUntil(
    Promise.resolve(routes).then(() => caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      // A new build takes over at once: pages are network-first, so nothing old is shown.
      .then(() => scope.skipWaiting())),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('simshop-shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => scope.clients.claim()),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(PAGES_CACHE).then((cache) => cache.put(request.url, copy));
    }
    return response;
  } catch (error) {
    const saved = (await caches.match(request.url, { cacheName: PAGES_CACHE })) ?? (await caches.match(BASE, { cacheName: SHELL_CACHE }));
    if (saved) return saved;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin || !url.pathname.startsWith(BASE)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(asset(request));
});

// A module, so its names stay out of the app's global scope (removed from the built sw.js).
export {};
