import { StrictMode, useEffect } from 'react';
import { AppProviders } from '@/app/providers';
import { AppShell } from '@/app/app-shell';
import { RouteError, RouteLoading } from '@/components/route-error';
import { RouterProvider } from '@/lib/router';
import type { Router } from '@/lib/router';

/** Runs once the first render is on the page (a server-drawn page: once the app has taken it over). */
function Rendered({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/** The whole shop around a router: what the browser draws and what the server draws for it. */
export function AppRoot({ router, rendered }: { router: Router; rendered?: () => void }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} Layout={AppShell} Loading={RouteLoading} Failure={RouteError} />
      </AppProviders>
      {rendered ? <Rendered then={rendered} /> : null}
    </StrictMode>
  );
}
