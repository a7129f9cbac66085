/**
 * The shop's service worker (built to /uni/sw.js by tools/vite-shop-pwa.ts, which writes the two
 * constants below). It makes the shop open without a network:
 * - install: every fingerprinted file of this build and the app page are cached (precache);
 * - pages (navigations): network first, so a deploy is seen at once; offline, the copy of that
 *   page saved on the last visit, else the app page;
 * - fingerprinted files: from the cache (their content never changes under one name);
 * - anything else — the API above all — is not touched: data is never served stale from here.
 *   The eSIMs the traveller needs offline are kept by the app itself (offline-esims.ts).
 * - no address with a code or token in its query (an ECode, a sign-in link, a preview) is ever
 *   kept: such a code is a bearer voucher that would outlive the session in the cache. The app
 *   deletes the pages cache when no one is signed in (personal-caches.ts).
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
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<unknown>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<unknown> };
  readonly registration: { showNotification(title: string, options: { body: string; tag: string; icon: string; badge: string; data: { url: string } }): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const SHELL_CACHE = `simshop-shell-${BUILD_VERSION}`;
/** Pages as last seen online, one entry per address; replaced on every online visit. personal-caches.ts names it too. */
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

/**
 * Query parameters that carry a secret: an ECode or other code, a token, a signature, a ticket…
 * Matched at the end of the name (`code`, `ecode`, `inviteCode`, `access_token`; not `keyword`), case-insensitively.
 */
const SECRET_PARAM = /(?:code|token|ticket|secret|sig|signature|password|pwd|otp|state|voucher|preview|nonce|key)$|session|auth/i;

/**
 * False for an address with a secret in its query or fragment, also inside a nested address
 * (`?redirect=%2Fpages%2Fx%3Fcode%3D…`): every `name=` after `?`, `&`, `#` or `;` is checked,
 * in the address as it is and decoded up to three times.
 */
function isCacheableUrl(address: string): boolean {
  let text = address;
  for (let i = 0; i <= 3; i++) {
    for (const match of text.matchAll(/[?&#;]([^=&#?;/]*)=/g)) if (SECRET_PARAM.test(match[1] ?? '')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      // A broken escape cannot be read: keep it out of the cache rather than guess.
      return false;
    }
    if (decoded === text) break;
    text = decoded;
  }
  return true;
}

async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && isCacheableUrl(request.url)) {
      const copy = response.clone();
      void caches.open(PAGES_CACHE).then((cache) => cache.put(request.url, copy));
    }
    return response;
  } catch (error) {
    const saved = (isCacheableUrl(request.url) ? await caches.match(request.url, { cacheName: PAGES_CACHE }) : undefined) ?? (await caches.match(BASE, { cacheName: SHELL_CACHE }));
    if (saved) return saved;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && isCacheableUrl(request.url)) {
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

/**
 * A page of this shop for a link a message carries: its path and query under BASE on this
 * worker's origin (the server may name another host for the same shop), else the shop's home.
 */
function shopPage(link: unknown): string {
  try {
    const url = new URL(typeof link === 'string' ? link : BASE, scope.location.origin);
    return url.pathname.startsWith(BASE) ? `${scope.location.origin}${url.pathname}${url.search}` : `${scope.location.origin}${BASE}`;
  } catch {
    return `${scope.location.origin}${BASE}`;
  }
}

// Web Push: the shop's alert (usage, expiry) as the server wrote it, {title, body, url, tag}.
scope.addEventListener('push', (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    message = JSON.parse(event.data?.text() ?? '{}') as typeof message;
  } catch {
    // Not ours to read: still show something, as browsers require of a push.
  }
  const title = typeof message.title === 'string' ? message.title : 'SimShop';
  event.waitUntil(
    scope.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // The same alert again replaces the first rather than stacking.
      tag: typeof message.tag === 'string' ? message.tag : 'simshop',
      icon: `${BASE}icon-192.png`,
      badge: `${BASE}favicon-48.png`,
      data: { url: shopPage(message.url) },
    }),
  );
});

// A click opens the eSIM page: the window already showing it if there is one, else a new one.
scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = shopPage((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      return open ? open.focus() : scope.clients.openWindow(target);
    }),
  );
});

// A module, so its names stay out of the app's global scope (removed from the built sw.js).
export {};
