import { assignPoolProfiles, discardRefundedEsims, issueOnDemandProfiles, orderEsims, orderEsimsUntouched, unissuedOnDemand } from '../esim/esim.service.ts';
import type { ProductKindHandler } from './product-kind.ts';

/**
 * An eSIM: a pool profile is assigned in the payment's transaction (DESIGN §4); an on-demand one
 * is fetched from the SM-DP+ by the fulfilment job. A full refund discards the profiles not installed.
 */
export const esimKind: ProductKindHandler<'esim'> = {
  kind: 'esim',
  orderable: true,
  payableFromBalance: true,
  verifiedByShop: false,
  issueWithProviders: async (db, providers, order, items, now) => {
    await issueOnDemandProfiles(db, providers.smdp, order, items, now);
  },
  deliver: async (tx, order, items, now) => (await assignPoolProfiles(tx, order, items, now)) + (await unissuedOnDemand(tx, items)),
  detail: async (db, userId, orderId, lang) => ({ esims: await orderEsims(db, userId, orderId, lang) }),
  untouchedForRefund: (tx, order, claim) => orderEsimsUntouched(tx, order.id, claim),
  undoOnRefund: async (tx, order, refund, now) => {
    if (refund.full) await discardRefundedEsims(tx, order.id, now);
  },
};
