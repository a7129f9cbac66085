import type { Executor } from '../../db/database.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { checkoutCatalogue } from '../catalogue/catalogue.service.ts';
import { requireRechargeableNumber } from '../devices/device.service.ts';
import type { DraftItem } from './order-pricing.service.ts';

/**
 * Before an order that targets an existing line is written (and so before any money is taken):
 * every recharge's number must be one the carrier serves. Asked outside the order's transaction,
 * as it is a call to the carrier; a number it does not know is refused at its input.
 */
export async function checkLineTargets(db: Executor, carrier: CarrierProvider | null, items: readonly DraftItem[]): Promise<void> {
  const { skus, products } = await checkoutCatalogue(db, items.map((i) => i.skuId));
  for (const [index, item] of items.entries()) {
    const product = products.find((p) => p.id === skus.find((s) => s.id === item.skuId)?.product_id);
    if (product?.kind !== 'recharge') continue;
    const number = item.inputs.rechargeNumber?.trim();
    // A missing or malformed number is the pricing's to refuse, with the input rules' message.
    if (number) await requireRechargeableNumber(carrier, number, `items.${index}.inputs.rechargeNumber`);
  }
}
