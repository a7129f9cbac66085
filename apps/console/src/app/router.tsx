import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Forbidden, NotFound } from '@/components/forbidden';
import { CONSOLE_BASENAME } from '@/config/runtime';
import type { ConsoleRoute } from '@/lib/console-module';
import { useRouteAllowed } from '@/lib/staff-session';
import { ConsoleLayout } from './layout';
import { consoleModules } from './modules';
import { RequireStaff } from './require-staff';

const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));

const pages = new Map<ConsoleRoute, LazyExoticComponent<ComponentType>>();
const pageOf = (route: ConsoleRoute) => {
  if (!pages.has(route)) pages.set(route, lazy(route.page));
  return pages.get(route)!;
};

/** A page the role may not open shows why instead of a blank screen (the server refuses its calls anyway). */
function Guarded({ route }: { route: ConsoleRoute }) {
  const allowed = useRouteAllowed();
  const Page = pageOf(route);
  return allowed(route) ? <Page /> : <Forbidden />;
}

/** Without a dashboard module the first menu entry the role may open is home. */
function FirstAllowed() {
  const allowed = useRouteAllowed();
  const first = consoleModules.flatMap((m) => m.routes).find((r) => r.menu && allowed(r));
  return first ? <Navigate to={`/${first.path}`} replace /> : <Navigate to="/account" replace />;
}

const routes = consoleModules.flatMap((m) => m.routes);
const home = routes.find((r) => r.path === '');

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireStaff>
          <ConsoleLayout />
        </RequireStaff>
      ),
      children: [
        home ? { index: true, element: <Guarded route={home} /> } : { index: true, element: <FirstAllowed /> },
        ...routes.filter((r) => r.path !== '').map((r) => ({ path: r.path, element: <Guarded route={r} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: CONSOLE_BASENAME },
);
