import { fulfilRecharges, unrechargedUnits } from '../devices/device.service.ts';
import type { ProductKindHandler } from './product-kind.ts';

/** A data recharge: the fulfilment job asks the carrier, unit by unit; a failed one waits for a refund. */
export const rechargeKind: ProductKindHandler<'recharge'> = {
  kind: 'recharge',
  orderable: true,
  payableFromBalance: true,
  verifiedByShop: false,
  issueWithProviders: async (db, providers, order, items, now) => {
    await fulfilRecharges(db, providers.carrier, order, items, now);
  },
  deliver: (tx, _order, items) => unrechargedUnits(tx, items),
};
