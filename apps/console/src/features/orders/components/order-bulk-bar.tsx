import { CarOutlined, CloseOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useBulkExport } from '../api/order-bulk';
import { BulkShipDialog } from './bulk-ship-dialog';

/**
 * What staff do to the orders they ticked in the list: ship them with tracking numbers, print
 * their packing slips, export them. Shown above the table while something is ticked; each
 * action is a button in the tab order right after the selection.
 */
export function OrderBulkBar({ orderNos, onClear }: { orderNos: readonly string[]; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [shipping, setShipping] = useState(false);
  const exporter = useBulkExport();
  const slipsHref = useHref(`/orders/packing-slips?orders=${orderNos.join(',')}`);
  if (orderNos.length === 0) return null;

  const runExport = () =>
    exporter.mutate(
      { orderNos: [...orderNos], lang: i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      { onSuccess: (r) => void message.success(t('orders.exported', { count: r.rows, filename: r.filename })), onError: (e) => void message.error(errorText(e, t)) },
    );

  return (
    <section aria-label={t('bulk.actions')} style={{ marginBottom: 12, padding: '8px 12px', background: '#f0f5ff', borderRadius: 8 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('bulk.selected', { count: orderNos.length })}</Typography.Text>
        {can('orders.fulfil') ? (
          <Button icon={<CarOutlined />} onClick={() => setShipping(true)}>
            {t('orders.bulk.ship')}
          </Button>
        ) : null}
        {/* A page of its own, opened beside the list, to print. */}
        <Button icon={<PrinterOutlined />} href={slipsHref} target="_blank" rel="noopener">
          {t('orders.bulk.slips')}
        </Button>
        {can('orders.export') ? (
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={runExport}>
            {t('orders.bulk.export')}
          </Button>
        ) : null}
        <Button type="text" icon={<CloseOutlined />} onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </Flex>
      <BulkShipDialog open={shipping} orderNos={orderNos} onClose={() => setShipping(false)} />
    </section>
  );
}
