import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppShell } from '@/app/app-shell';
import { appRouter } from '@/app/router';
import { RouteError, RouteLoading } from '@/components/route-error';
import { RouterProvider } from '@/lib/router';
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

const container = document.getElementById('root');
if (!container) throw new Error('simshop: #root is missing from index.html');

// Start-up in three tasks rather than one (loading the code, the router with the first page's
// requests, the first render): a phone can paint and answer a tap between them, and each stays
// short (Lighthouse counts every task's time over 50 ms as blocking).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await nextTask();
const router = appRouter();
await nextTask();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} Layout={AppShell} Loading={RouteLoading} Failure={RouteError} />
    </AppProviders>
  </StrictMode>,
);

// A toast mostly answers a tap: its code is fetched at the first one, not with the first screen.
for (const type of ['pointerdown', 'keydown'] as const) addEventListener(type, prepareToasts, { once: true, passive: true });

// Installable and usable offline: the app shell from the service worker, the eSIMs
// from the copy the eSIM pages save, which goes when the session does.
watchSessionForOfflineEsims();
registerServiceWorker();
