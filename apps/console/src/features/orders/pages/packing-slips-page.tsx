import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@simshop/contract';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { QueryError } from '@/components/query-error';
import { localText } from '@/lib/format';
import { packingSlipsQueryOptions } from '../api/order-bulk';

/**
 * Packing slips for the orders ticked in the list, one a printed page: the order number, when it
 * was placed, where it goes and what goes in the parcel, with no prices. Printing hides the
 * console around them. Orders that could not be read are named above, not printed.
 */
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  .packing-slips, .packing-slips * { visibility: visible; }
  .packing-slips { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .packing-slips .no-print { display: none; }
  .packing-slip { break-after: page; border: none !important; }
}`;

export default function PackingSlipsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const orderNos = (params.get('orders') ?? '').split(',').filter(Boolean).slice(0, 200);
  const query = useQuery({ ...packingSlipsQueryOptions({ orderNos }), enabled: orderNos.length > 0 });
  if (orderNos.length === 0) return <Alert type="info" showIcon title={t('orders.slips.none')} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin />;
  const failed = query.data.results.filter((r) => !r.ok);
  return (
    <div className="packing-slips">
      <style>{PRINT_CSS}</style>
      <Flex className="no-print" justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('orders.slips.title', { count: query.data.orders.length })}
        </Typography.Title>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('orders.slips.print')}
        </Button>
      </Flex>
      {failed.length > 0 ? (
        <Alert className="no-print" type="warning" showIcon style={{ marginBottom: 16 }} title={t('orders.slips.failed', { count: failed.length })} description={failed.map((r) => `${r.ref}: ${r.error ? t(r.error.i18n) : ''}`).join('; ')} />
      ) : null}
      {query.data.orders.map((o) => (
        <Slip key={o.orderNo} order={o} lang={i18n.language} />
      ))}
    </div>
  );
}

function Slip({ order, lang }: { order: AdminOrderDetail; lang: string }) {
  const { t } = useTranslation();
  const a = order.address;
  return (
    <section className="packing-slip" aria-label={order.orderNo} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 24, marginBottom: 16, background: '#fff' }}>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={4} style={{ margin: 0, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>
          {order.orderNo}
        </Typography.Title>
        <span>
          {t('orders.col.placed')}: <DateTime value={order.createdAt} />
        </span>
      </Flex>
      <Typography.Title level={5}>{t('orders.slips.ship-to')}</Typography.Title>
      {a ? (
        <address style={{ fontStyle: 'normal' }}>
          <strong>{a.name}</strong> · {a.tel}
          <br />
          {[a.detail, a.district, a.city, a.province, a.country, a.postCode].filter(Boolean).join(', ')}
        </address>
      ) : (
        <Typography.Text type="secondary">{t('orders.slips.no-address')}</Typography.Text>
      )}
      <Typography.Title level={5}>{t('orders.slips.contents')}</Typography.Title>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'left', borderBottom: '1px solid #d9d9d9', padding: '4px 0' }}>{t('orders.col.items')}</th>
            <th style={{ textAlign: 'right', borderBottom: '1px solid #d9d9d9', padding: '4px 0', width: 80 }}>{t('orders.slips.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td style={{ padding: '4px 0' }}>
                {localText(item.name, lang)}
                {item.options.length > 0 ? <Typography.Text type="secondary"> · {item.options.map((o) => localText(o, lang)).join(' / ')}</Typography.Text> : null}
              </td>
              <td style={{ textAlign: 'right', padding: '4px 0' }}>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
