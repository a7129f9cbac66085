import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { PageLayout } from './page-layout';

/**
 * SPEC §2: "Visiting a page that needs sign-in while unauthenticated offers a prompt to sign
 * in." The router wraps every built page whose route is marked `auth` in this.
 */
export function RequireAuth({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (loggedIn) return children;
  return (
    <PageLayout title={t(route.title)} back={!route.tab}>
      <ErrorBlock className="state state--sign-in" status="empty" title={t('res.unauthenticated')} description={t('common.sign-in-needed')}>
        <Button color="primary" shape="rounded" onClick={() => openPage('login')}>
          {t('btn.sign-in')}
        </Button>
      </ErrorBlock>
    </PageLayout>
  );
}
