import type { AdminOrderDetail } from '@simshop/contract';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardHeading } from '@/components/facts-card';
import { QueryError } from '@/components/query-error';
import { useOrderEsims } from '../api/order-esims';
import { EsimStateList } from './esim-refund-context';

/**
 * The order page's eSIMs: install state, install log and data used of each, the same view the
 * refund dialog gives, so staff answering "does my eSIM work?" need not start a refund to see it.
 */
export function OrderEsimsCard({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const hasEsims = order.items.some((i) => i.kind === 'esim');
  const query = useOrderEsims(order.orderNo, hasEsims);
  if (!hasEsims) return null;
  return (
    <Card title={cardHeading(t('orders.esim-card.title'))} size="small" data-testid="order-esims">
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.esim-card.none')} style={{ margin: 0 }} />
      ) : (
        <EsimStateList items={query.data.items} forRefund={false} />
      )}
    </Card>
  );
}
