import { Button, List, Tag } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { activationStatusLabelKey, esimClassLabelKey, esimRecordStatusLabelKey, isCmpClass } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { openPage } from '@/lib/open-page';
import { useEsimList } from '../api/esim-queries';
import { OfflineNote } from '../components/offline-note';

/** My eSIMs (SPEC §2 mine/esim); offline, the list saved on the last online visit. */
export function EsimListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useEsimList(lang);
  return (
    <PageLayout title={t('route.esim')}>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryState
          query={list}
          isEmpty={(saved) => saved.data.length === 0}
          empty={
            <EmptyState title={t('esim.empty')}>
              <Button color="primary" onClick={() => openPage('home')}>{t('esim.buy')}</Button>
            </EmptyState>
          }
        >
          {(saved) => (
            <>
              {saved.offlineSavedAt !== null && <OfflineNote savedAt={saved.offlineSavedAt} />}
              <List className="card card--list esim-list">
                {saved.data.map((e) => (
                  <List.Item
                    key={e.id}
                    onClick={() => openPage(paths['esim-detail'].getHref({ id: String(e.id) }))}
                    description={`${t(esimClassLabelKey(e.class))} · ${e.remark || e.activationCode}`}
                    extra={<Tag color={e.activationStatus === 3 || e.activationStatus === 5 ? 'success' : 'default'}>{t(activationStatusLabelKey(e.activationStatus))}</Tag>}
                  >
                    {e.name || e.activationCode} {isCmpClass(e.class) ? <Tag>{t('esim.cmp')}</Tag> : null}
                    <span className="muted"> · {t(esimRecordStatusLabelKey(e.status))}</span>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </QueryState>
      </PullToRefresh>
    </PageLayout>
  );
}
