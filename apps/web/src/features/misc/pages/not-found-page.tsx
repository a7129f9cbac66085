import { Button, List } from 'antd-mobile';
import { EmptyState } from '@/components/page-states';
import { FileOutline, MessageOutline, ScanCodeOutline, SearchOutline, ShopbagOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { PageLayout } from '@/components/page-layout';
import { paths } from '@/config/paths';
import type { ShortcutName } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { ListRow } from '@/components/list-row';

/** Where a lost visitor most likely wanted to go (SPEC §2: "links to other services"). */
const SERVICES: readonly { route: ShortcutName; icon: ReactNode }[] = [
  { route: 'cart', icon: <ShopbagOutline /> },
  { route: 'esim', icon: <ScanCodeOutline /> },
  { route: 'esim-search', icon: <SearchOutline /> },
  { route: 'tutorial', icon: <FileOutline /> },
  { route: 'contact', icon: <MessageOutline /> },
];

/** 404 (SPEC §2): for /pages/error/404 and for every address the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('route.not-found')}>
      <EmptyState className="state state--not-found" title={t('not-found.title')} description={t('not-found.desc')}>
        <Button color="primary" shape="rounded" size="large" onClick={() => openPage(paths.home.path)}>
          {t('not-found.home')}
        </Button>
      </EmptyState>
      <List className="card card--list" header={t('not-found.services')}>
        {SERVICES.map(({ route, icon }) => (
          <ListRow key={route} prefix={icon} to={paths[route].path}>
            {t(paths[route].title)}
          </ListRow>
        ))}
      </List>
    </PageLayout>
  );
}
