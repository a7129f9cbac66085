import { OrderStatus, orderStatusLabelKeyFor, type ProductKind } from '@simshop/contract';
import { useTranslation } from '@/i18n';

/**
 * Status colours that mean something: waiting on the customer, under way, done,
 * closed, gone wrong. The colour only repeats the word, it never replaces it.
 */
export type StatusTone = 'action' | 'progress' | 'done' | 'closed' | 'problem';

const TONES: Partial<Record<OrderStatus, StatusTone>> = {
  [OrderStatus.unpaid]: 'action',
  [OrderStatus.toBeRefunded]: 'action',
  [OrderStatus.completed]: 'done',
  [OrderStatus.received]: 'done',
  [OrderStatus.delivered]: 'done',
  [OrderStatus.inquiryCompleted]: 'done',
  [OrderStatus.unlocked]: 'done',
  [OrderStatus.serviceCompleted]: 'done',
  [OrderStatus.invalid]: 'closed',
  [OrderStatus.deleted]: 'closed',
  [OrderStatus.refunded]: 'closed',
  [OrderStatus.partialRefunded]: 'closed',
  [OrderStatus.inquiryFailed]: 'problem',
  [OrderStatus.unlockFailed]: 'problem',
  [OrderStatus.orderLocked]: 'problem',
};

export function orderStatusTone(status: OrderStatus): StatusTone {
  return TONES[status] ?? 'progress';
}

/** The words for an order's status, said for what it delivers (the contract decides, for the console too). */
export function orderStatusKey(status: OrderStatus, facts: { pickup?: boolean; kinds?: readonly ProductKind[] } = {}): string {
  return orderStatusLabelKeyFor(status, facts);
}

export function OrderStatusText({ status, strong = false, pickup = false, kinds }: { status: OrderStatus; strong?: boolean; pickup?: boolean; kinds?: readonly ProductKind[] }) {
  const { t } = useTranslation();
  const Tag = strong ? 'strong' : 'span';
  return <Tag className={`order-status order-status--${orderStatusTone(status)}`}>{t(orderStatusKey(status, { pickup, kinds }))}</Tag>;
}
