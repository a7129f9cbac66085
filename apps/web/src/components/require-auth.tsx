import { Button } from 'antd-mobile';
import { EmptyState } from '@/components/page-states';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { RouteDef } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { PageLayout } from './page-layout';

/**
 * SPEC §2: "Visiting a page that needs sign-in while unauthenticated offers a prompt to sign
 * in." The router wraps every built page whose route is marked `auth` in this. Routes marked
 * `reseller` also need a reseller session (SPEC §6): others get "no permission to view" and a
 * way to the reseller sign-in.
 */
export function RequireAuth({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation();
  const { loggedIn, reseller } = useSession();
  if (loggedIn && (!route.reseller || reseller)) return children;
  const needsReseller = loggedIn && route.reseller;
  return (
    <PageLayout title={t(route.title)} back={!route.tab}>
      <EmptyState
        className={needsReseller ? 'state state--denied' : 'state state--sign-in'}
        title={t(needsReseller ? 'res.view.denied' : 'res.unauthenticated')}
        description={t(needsReseller ? 'common.reseller-needed' : 'common.sign-in-needed')}
      >
        <Button color="primary" shape="rounded" onClick={() => openPage(needsReseller ? 'login-reseller' : 'login')}>
          {t(needsReseller ? 'common.reseller-sign-in' : 'btn.sign-in')}
        </Button>
      </EmptyState>
    </PageLayout>
  );
}
