import { deliverAddons, dropUndeliveredAddons, orderAddonTargets, undeliveredAddons } from '../esim/esim-addon.service.ts';
import type { ProductKindHandler } from './product-kind.ts';

/**
 * A data add-on for an eSIM the customer has (orders/esim-addon-order.service.ts writes the order
 * from the eSIM's page, never the cart): the worker has the carrier add it to the same eSIM; a
 * refund before that drops it.
 */
export const esimAddonKind: ProductKindHandler<'esim_addon'> = {
  kind: 'esim_addon',
  orderable: false,
  payableFromBalance: true,
  verifiedByShop: false,
  issueWithProviders: (db, providers, order, items, now) => deliverAddons(db, providers.carrier, order, items, now),
  deliver: (tx, _order, items) => undeliveredAddons(tx, items),
  detail: async (db, userId, orderId, lang) => ({ addonTargets: await orderAddonTargets(db, userId, orderId, lang) }),
  undoOnRefund: async (tx, order, refund) => {
    if (refund.full) await dropUndeliveredAddons(tx, order.id);
  },
};
