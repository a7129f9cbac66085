import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { RouteDef } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { useSession } from '@/lib/session';
import { PageLayout } from './page-layout';

/**
 * Every route of the spec exists from the start (no dead links): a page not built yet shows
 * its real title, a back arrow and a "coming soon" state with a way home.
 */
export function PlaceholderPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  return (
    <PageLayout title={t(route.title)} back={!route.tab}>
      <ErrorBlock className="state state--coming-soon" status="busy" title={t('common.coming-soon')} description={t('common.coming-soon.desc')}>
        <div className="state-actions">
          <Button color="primary" shape="rounded" onClick={() => openPage(paths.home.path)}>
            {t('common.back-home')}
          </Button>
          {route.auth && !loggedIn && (
            <Button fill="outline" shape="rounded" onClick={() => openPage('login')}>
              {t('btn.sign-in')}
            </Button>
          )}
        </div>
      </ErrorBlock>
    </PageLayout>
  );
}
