import { invalidateRefundedEcodes, issueOrderEcodes, orderEcodes, refuseFullRefundOfUsedEcodes } from '../ecode/ecode.service.ts';
import type { ProductKindHandler } from './product-kind.ts';

/**
 * An ECode: issued in the payment's transaction. A used code cannot be refunded in full; codes
 * nobody used go with any refund (a partial one is how the unused part of a used order is paid back).
 */
export const ecodeKind: ProductKindHandler<'ecode'> = {
  kind: 'ecode',
  orderable: true,
  payableFromBalance: true,
  verifiedByShop: false,
  deliver: (tx, order, items, now) => issueOrderEcodes(tx, order, items, now),
  detail: async (db, _userId, orderId) => ({ ecodes: await orderEcodes(db, orderId) }),
  checkRefund: async (tx, order, refund) => {
    if (refund.full) await refuseFullRefundOfUsedEcodes(tx, order.id);
  },
  undoOnRefund: (tx, order, _refund, now) => invalidateRefundedEcodes(tx, order.id, now),
};
