import { orderStatusLabelKeyFor, type OrderStatus, type ProductKind } from '@simshop/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What an order's status asks of staff, as a colour: blue work to do, gold or orange money
 * waiting, green done, purple refunded, red failed, grey over. Dark text on a pale ground, each
 * pair above WCAG's 4.5:1 (antd's preset tag colours are not).
 */
const PALETTE = {
  blue: ['#0b4a9e', '#e6f4ff', '#91caff'],
  cyan: ['#00474f', '#e6fffb', '#87e8de'],
  indigo: ['#1d39c4', '#f0f5ff', '#adc6ff'],
  gold: ['#7c4a03', '#fffbe6', '#ffe58f'],
  orange: ['#873800', '#fff7e6', '#ffd591'],
  green: ['#135200', '#f6ffed', '#b7eb8f'],
  purple: ['#391085', '#f9f0ff', '#d3adf7'],
  red: ['#820014', '#fff1f0', '#ffa39e'],
  grey: ['#434343', '#fafafa', '#d9d9d9'],
} as const;

const COLORS: Partial<Record<OrderStatus, keyof typeof PALETTE>> = {
  unpaid: 'gold',
  paid: 'blue',
  unverified: 'blue',
  to_be_inquired: 'blue',
  inquiring: 'cyan',
  to_be_submitted: 'blue',
  progressing: 'cyan',
  partial_shipped: 'cyan',
  shipped: 'indigo',
  sent: 'indigo',
  ready_for_pickup: 'cyan',
  delivered: 'green',
  received: 'green',
  completed: 'green',
  inquiry_completed: 'green',
  unlocked: 'green',
  service_completed: 'green',
  to_be_refunded: 'orange',
  partial_refunded: 'purple',
  refunded: 'purple',
  inquiry_failed: 'red',
  unlock_failed: 'red',
  after_service: 'orange',
  order_locked: 'red',
};

/**
 * An order status as a coloured tag in the current language (the order list, its page, the
 * dashboard); given the order's kinds (and whether it is collected), "paid" says what happens next.
 */
export function OrderStatusTag({ status, kinds, pickup }: { status: OrderStatus; kinds?: readonly ProductKind[]; pickup?: boolean }) {
  const { t } = useTranslation();
  const [text, background, border] = PALETTE[COLORS[status] ?? 'grey'];
  return (
    // A long status ("Paid (awaiting shipment)") wraps inside a narrow column instead of running past the table.
    <Tag style={{ marginInlineEnd: 0, color: text, background, borderColor: border, whiteSpace: 'normal', maxWidth: '100%' }}>
      {t(orderStatusLabelKeyFor(status, { kinds, pickup }))}
    </Tag>
  );
}
