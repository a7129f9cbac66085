import { adminApi, type AdminOrderDetail } from '@simshop/contract';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';
import { localText } from '@/lib/format';
import { useCan } from '@/lib/staff-session';
import { useOrderPickupDone } from '../api/order-pickup-done';
import { useOrderPickupReady } from '../api/order-pickup-ready';

/**
 * A store pickup order: which store, and the two steps the owner takes there: put it
 * out ready (the customer is told) and hand it over. Shown only for pickup orders.
 */
export function PickupCard({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const ready = useOrderPickupReady();
  const done = useOrderPickupDone();
  const store = order.pickupStore;
  if (!store) return null;
  const allowed = (action: 'pickup_ready' | 'pickup_done') => order.actions.includes(action) && can(adminApi.adminOrder.actions[action].permission);
  const confirm = (action: 'pickup_ready' | 'pickup_done') =>
    modal.confirm({
      title: t(`pickup.action.${action}`),
      content: t(`pickup.confirm.${action}`, { orderNo: order.orderNo }),
      okText: t('console.confirm'),
      cancelText: t('console.cancel'),
      onOk: () => (action === 'pickup_ready' ? ready : done).mutateAsync({ orderNo: order.orderNo }).then(() => void message.success(t(`pickup.done.${action}`)), (e: unknown) => void message.error(errorText(e, t))),
    });
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('pickup.title')}
        </Typography.Title>
      }
      extra={
        <Space>
          {allowed('pickup_ready') ? (
            <Button type="primary" onClick={() => confirm('pickup_ready')}>
              {t('pickup.action.pickup_ready')}
            </Button>
          ) : null}
          {allowed('pickup_done') ? (
            <Button type="primary" onClick={() => confirm('pickup_done')}>
              {t('pickup.action.pickup_done')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap={2}>
        <Typography.Text strong>{localText(store.name, i18n.language)}</Typography.Text>
        <span>
          {localText(store.address, i18n.language)}, {localText(store.city, i18n.language)}
        </span>
        {store.phone ? <Typography.Text type="secondary">{store.phone}</Typography.Text> : null}
      </Flex>
    </Card>
  );
}
