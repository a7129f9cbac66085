import { unstableSetRender } from 'antd-mobile';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { SERVER_RENDER_ATTRIBUTES } from '@simshop/contract';
import { AppRoot } from '@/app/app-root';
import { appRouter } from '@/app/router';
import { languageNow } from '@/i18n';
import { currencyNow } from '@/lib/currency';
import { firstAnswersFresh } from '@/lib/first-answers';
import { followReducedMotion } from '@/lib/motion';
import { firstPageLoaded } from '@/lib/router';
import { getSession } from '@/lib/session';
import { replayEarlyTaps } from '@/lib/early-taps';
import { BASENAME } from '@/config/paths';
import { watchSessionForOfflineEsims } from '@/pwa/offline-esims';
import { registerServiceWorker } from '@/pwa/register';
import { prepareToasts } from '@/lib/toast';
import '@/styles/global.css';

// antd-mobile 5 renders Toast and Dialog with React 18's legacy render, which React 19 removed:
// without this bridge they silently show nothing (antd-mobile "v5 for React 19" guide).
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    // The container may be reused by a later toast; a fresh root is needed then.
    delete host._reactRoot;
  };
});

followReducedMotion();

const container = document.getElementById('root');
if (!container) throw new Error('simshop: #root is missing from index.html');

// Start-up in three tasks rather than one (loading the code, the router with the first page's
// requests, the first render): a phone can paint and answer a tap between them, and each stays
// short (Lighthouse counts every task's time over 50 ms as blocking).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await nextTask();
const router = appRouter();
if (drawnAsWeWould(container)) {
  // The server drew this page: the app takes its HTML over once the page's code is here (its
  // first render must be the server's), instead of drawing it again. Not awaited here: the page's
  // code may sit in this very file's chunk, which is not loaded until this module has run.
  void firstPageLoaded(router).then(() => hydrateRoot(container, <AppRoot router={router} rendered={replayEarlyTaps} />));
} else {
  // Taps on the server's markup went to controls this render replaces.
  window.__simshopEarlyTaps = null;
  await nextTask();
  createRoot(container).render(<AppRoot router={router} />);
}

/**
 * The server drew a signed-out reader's page in its language and currency, at this address, from
 * answers still fresh (not a copy the service worker kept): the app's first render would be the
 * same. Otherwise (signed in, another language chosen here, an offline copy) it draws afresh.
 */
function drawnAsWeWould(root: HTMLElement): boolean {
  const attribute = (name: string) => root.getAttribute(name);
  return (
    root.firstElementChild !== null &&
    attribute(SERVER_RENDER_ATTRIBUTES.language) === languageNow() &&
    attribute(SERVER_RENDER_ATTRIBUTES.currency) === currencyNow() &&
    attribute(SERVER_RENDER_ATTRIBUTES.path) === `${location.pathname.slice(BASENAME.length)}${location.search}` &&
    !getSession().loggedIn &&
    firstAnswersFresh()
  );
}

// A toast mostly answers a tap: its code is fetched at the first one, not with the first screen.
for (const type of ['pointerdown', 'keydown'] as const) addEventListener(type, prepareToasts, { once: true, passive: true });

// Installable and usable offline: the app shell from the service worker, the eSIMs
// from the copy the eSIM pages save, which goes when the session does.
watchSessionForOfflineEsims();
registerServiceWorker();
