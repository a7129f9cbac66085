import { List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { formatVolume } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { useRoaming } from '../api/list-roaming';

/** Roaming usage of a device (SPEC §2 roam-usage-list). */
export function RoamingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const list = useRoaming(id);
  return (
    <PageLayout title={t('route.roam-usage-list')}>
      <QueryState query={list} isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <List className="card card--list">
            {data.items.map((r, i) => (
              <List.Item key={i} description={`${r.day} · MCC ${r.mcc}`} extra={formatVolume(r.usedMb)}>
                {r.country}
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </PageLayout>
  );
}
