import { List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatVolume } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { call } from '@/lib/api-client';

/** Roaming usage of a device (SPEC §2 roam-usage-list). */
export function RoamingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const list = useQuery({ queryKey: ['roaming', id], queryFn: ({ signal }) => call('sim', 'roaming', { id }, { signal }) });
  return (
    <PageLayout title={t('route.roam-usage-list')}>
      {list.isPending ? <LoadingState /> : list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : list.data.items.length === 0 ? <EmptyState /> : (
        <List className="card card--list">
          {list.data.items.map((r, i) => (
            <List.Item key={i} description={`${r.day} · MCC ${r.mcc}`} extra={formatVolume(r.usedMb)}>
              {r.country}
            </List.Item>
          ))}
        </List>
      )}
    </PageLayout>
  );
}
