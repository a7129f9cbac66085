import { List } from 'antd-mobile';
import { formatVolume } from '@simshop/contract';
import { useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { useRechargeList } from '../api/list-recharges';
import { formatDate } from '@/lib/format-date';

/** Recharge records of a device (SPEC §2 recharge-list). */
export function RechargeListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const list = useRechargeList(id);
  return (
    <PageLayout title={t('route.recharge-list')}>
      <QueryState query={list} isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <List className="card card--list recharge-records">
            {data.items.map((r) => (
              <List.Item key={r.id} description={`${r.number} · ${formatDate(r.createdAt, lang, 'dateTime')} · ${r.orderNo}`} extra={t(`recharge.status.${r.status}`)}>
                {r.packageName} · {formatVolume(r.volumeMb)}
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </PageLayout>
  );
}
