import { activationStatusLabelKey, esimRecordStatusLabelKey, installLogTypeLabelKey, type AdminOrderEsim } from '@simshop/contract';
import { Alert, Flex, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { errorText } from '@/lib/form-errors';
import { useOrderEsims } from '../api/order-esims';

/** MB as the shop shows volumes (1 GB = 1000 MB). */
const volume = (mb: number) => (mb >= 1000 ? `${Number((mb / 1000).toFixed(2))} GB` : `${mb} MB`);

function UsageLine({ esim }: { esim: AdminOrderEsim }) {
  const { t } = useTranslation();
  const u = esim.usage;
  if (!u) return <Typography.Text type="secondary">{t('orders.esim-context.no-plan')}</Typography.Text>;
  const used = u.usedMb === null ? t('orders.esim-context.unknown') : volume(u.usedMb);
  const total = u.dataMb === null ? t('orders.esim-context.unlimited') : volume(u.dataMb);
  return (
    <Flex vertical gap={2}>
      <Typography.Text>{t('orders.esim-context.used', { used, total })}</Typography.Text>
      {u.usedMb !== null && u.dataMb !== null ? <Progress percent={Math.min(100, Math.round((u.usedMb / u.dataMb) * 100))} size="small" aria-label={t('orders.esim-context.used', { used, total })} /> : null}
      <Typography.Text type="secondary">{t(`orders.esim-context.state.${u.state}`, { days: u.daysLeft ?? 0 })}</Typography.Text>
    </Flex>
  );
}

/**
 * Each eSIM of an order: installed or not (and when), the install log's last entries and the data
 * used of the total, as the esim module reads them. Before a refund an installed eSIM is the
 * warning; on the order page it is the good news, hence `forRefund`.
 */
export function EsimStateList({ items, forRefund }: { items: readonly AdminOrderEsim[]; forRefund: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {items.map((e) => (
        <Flex key={e.id} vertical gap={4} style={{ border: '1px solid rgba(0,0,0,0.12)', borderRadius: 8, padding: 12 }}>
          <Flex gap={8} wrap align="baseline">
            <Typography.Text strong>{i18n.language === 'zh-Hans' ? e.name.zh || e.name.en : e.name.en || e.name.zh}</Typography.Text>
            {e.iccid ? <Typography.Text code>{e.iccid}</Typography.Text> : null}
            <Tag color={forRefund ? (e.installed ? 'red' : 'green') : e.installed ? 'green' : 'default'}>{t(e.installed ? 'orders.esim-context.installed' : 'orders.esim-context.not-installed')}</Tag>
            <Typography.Text type="secondary">
              {t(esimRecordStatusLabelKey(e.status))} · {t(activationStatusLabelKey(e.activationStatus))}
            </Typography.Text>
          </Flex>
          {e.installedAt !== null ? (
            <Typography.Text>
              {t('orders.esim-context.installed-at')} <DateTime value={e.installedAt} />
            </Typography.Text>
          ) : null}
          <UsageLine esim={e} />
          {e.installLog.length > 0 ? (
            <div>
              <Typography.Text type="secondary">{t('orders.esim-context.log', { shown: e.installLog.length, total: e.installLogTotal })}</Typography.Text>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {e.installLog.map((l, i) => (
                  <li key={i}>
                    <DateTime value={l.at} /> · {t(installLogTypeLabelKey(l.type))}
                    {l.eid ? <Typography.Text type="secondary"> · EID {l.eid}</Typography.Text> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <Typography.Text type="secondary">{t('orders.esim-context.no-log')}</Typography.Text>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

/** What staff weigh before refunding an eSIM order: the state of each of its eSIMs. */
export function EsimRefundContext({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const query = useOrderEsims(orderNo);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <Alert type="warning" showIcon title={errorText(query.error, t)} />;
  if (query.data.items.length === 0) return null;
  return (
    <section aria-label={t('orders.esim-context.title')} data-testid="esim-refund-context" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {t('orders.esim-context.title')}
      </Typography.Title>
      <EsimStateList items={query.data.items} forRefund />
    </section>
  );
}
