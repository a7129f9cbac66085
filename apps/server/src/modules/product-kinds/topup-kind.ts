import { creditOrderTopups, reverseRefundedTopups } from '../balance/topup-credit.service.ts';
import type { ProductKindHandler } from './product-kind.ts';

/**
 * A reseller balance top-up (modules/orders/topup-order.service.ts writes the order): credited
 * in the payment's transaction; a refund takes the money back out of the balance.
 */
export const topupKind: ProductKindHandler<'topup'> = {
  kind: 'topup',
  orderable: false,
  payableFromBalance: false,
  verifiedByShop: false,
  deliver: (tx, order, items, now) => creditOrderTopups(tx, order, items, now),
  undoOnRefund: (tx, order, refund, now) => reverseRefundedTopups(tx, order, refund.amount, now),
};
