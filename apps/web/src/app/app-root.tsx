import { StrictMode } from 'react';
import { AppProviders } from '@/app/providers';
import { AppShell } from '@/app/app-shell';
import { RouteError, RouteLoading } from '@/components/route-error';
import { RouterProvider } from '@/lib/router';
import type { Router } from '@/lib/router';

/** The whole shop around a router: what the browser draws and what the server draws for it. */
export function AppRoot({ router }: { router: Router }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} Layout={AppShell} Loading={RouteLoading} Failure={RouteError} />
      </AppProviders>
    </StrictMode>
  );
}
