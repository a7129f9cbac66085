import { orderStatusLabelKey, type OrderStatus } from '@simshop/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** What an order's status asks of staff, as a colour: blue work to do, orange money waiting, green done, grey over. */
const COLORS: Partial<Record<OrderStatus, string>> = {
  unpaid: 'gold',
  paid: 'blue',
  unverified: 'blue',
  to_be_inquired: 'blue',
  inquiring: 'processing',
  to_be_submitted: 'blue',
  progressing: 'processing',
  partial_shipped: 'cyan',
  shipped: 'geekblue',
  sent: 'geekblue',
  delivered: 'green',
  received: 'green',
  completed: 'green',
  inquiry_completed: 'green',
  unlocked: 'green',
  service_completed: 'green',
  to_be_refunded: 'volcano',
  partial_refunded: 'purple',
  refunded: 'purple',
  inquiry_failed: 'red',
  unlock_failed: 'red',
  after_service: 'orange',
  order_locked: 'red',
};

/** An order status as a coloured tag in the current language (the order list, its page, the dashboard). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(orderStatusLabelKey(status))}
    </Tag>
  );
}
