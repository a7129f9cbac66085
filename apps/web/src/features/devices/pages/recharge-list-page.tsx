import { List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatVolume } from '@simshop/contract';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';

/** Recharge records of a device (SPEC §2 recharge-list). */
export function RechargeListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const list = useQuery({ queryKey: ['recharges', id, lang], queryFn: ({ signal }) => call('charge', 'list', { page: 1, size: 50, i18n: lang, ...(id ? { deviceId: id } : {}) }, { signal }) });
  return (
    <PageLayout title={t('route.recharge-list')}>
      {list.isPending ? <LoadingState /> : list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : list.data.items.length === 0 ? <EmptyState /> : (
        <List className="card card--list recharge-records">
          {list.data.items.map((r) => (
            <List.Item key={r.id} description={`${r.number} · ${new Date(r.createdAt).toLocaleString(lang)} · ${r.orderNo}`} extra={t(`recharge.status.${r.status}`)}>
              {r.packageName} · {formatVolume(r.volumeMb)}
            </List.Item>
          ))}
        </List>
      )}
    </PageLayout>
  );
}
