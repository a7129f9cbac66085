import type { AdminOrderDetail } from '@simshop/contract';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useFulfilmentAction, useOrderFulfilment } from '../api/order-fulfilment';

/**
 * A paid eSIM or recharge order still being issued: how many tries, the last error, the next
 * try; staff issue it now (jobs.write) or refund it instead (orders.refund). Nothing is shown
 * when nothing waits to be issued.
 */
export function FulfilmentCard({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const status = useOrderFulfilment(order.orderNo, order.status === 'paid' && can('jobs.read'));
  const issueNow = useFulfilmentAction('fulfil_now');
  const refund = useFulfilmentAction('fulfil_refund');
  const f = status.data;
  if (!f || f.state === null) return null;

  const confirmRefund = () =>
    modal.confirm({
      title: t('orders.fulfilment.refund'),
      content: t('orders.fulfilment.refund-confirm', { orderNo: order.orderNo }),
      okText: t('console.confirm'),
      cancelText: t('console.cancel'),
      okButtonProps: { danger: true },
      onOk: () => refund.mutateAsync({ orderNo: order.orderNo }).then(() => void message.success(t('orders.fulfilment.refunded')), (e: unknown) => void message.error(errorText(e, t))),
    });
  const runNow = () => issueNow.mutate({ orderNo: order.orderNo }, { onSuccess: () => void message.success(t('orders.fulfilment.queued')), onError: (e) => void message.error(errorText(e, t)) });

  return (
    <Alert
      data-testid="fulfilment-card"
      type={f.state === 'delayed' ? 'error' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      title={t(`orders.fulfilment.${f.state}`)}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text>
            {f.running ? t('orders.fulfilment.running') : t('orders.fulfilment.next', { when: formatDateTime(f.nextTryAt ?? Date.now(), i18n.language) })} · {t('orders.fulfilment.tries', { count: f.attempts })}
          </Typography.Text>
          {f.lastError ? <Typography.Text type="secondary">{t('orders.fulfilment.last-error', { error: f.lastError })}</Typography.Text> : null}
          <Space wrap>
            {can('jobs.write') ? (
              <Button type="primary" loading={issueNow.isPending} disabled={f.running} onClick={runNow}>
                {t('orders.fulfilment.now')}
              </Button>
            ) : null}
            {can('orders.refund') ? (
              <Button danger loading={refund.isPending} onClick={confirmRefund}>
                {t('orders.fulfilment.refund')}
              </Button>
            ) : null}
          </Space>
        </Space>
      }
    />
  );
}
