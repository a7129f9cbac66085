import type { Currency } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { requireTopupSku } from '../balance/balance.service.ts';
import { UNSHIPPED_ORDER, writeOrder } from './order-checkout.service.ts';

/**
 * A top-up is an ordinary unpaid order of one `topup` item, so it is paid, notified, refunded
 * and billed like any other order (the product kind's handler: product-kinds/topup-kind.ts).
 * Its price is the amount the reseller typed, not a catalogue price, and the hidden top-up
 * product is never on sale, so the order is written here rather than from a cart. It is the
 * orders module's (balance sits below orders: paying from a balance and crediting a top-up use it).
 */
export async function createTopupOrder(db: Database, userId: number, input: { amount: number; currency: Currency }, now: number) {
  return db.transaction().execute(async (tx) => {
    const sku = await requireTopupSku(tx, input.currency);
    const { orderNo, expiresAt } = await writeOrder(
      tx,
      {
        userId,
        reseller: true,
        currency: input.currency,
        subtotal: input.amount,
        ...UNSHIPPED_ORDER,
        reason: 'topup',
        items: [
          {
            product_id: sku.product_id,
            sku_id: sku.sku_id,
            kind: 'topup',
            name_en: sku.name_en,
            name_zh: sku.name_zh,
            options: '[]',
            images: sku.images,
            unit_price: input.amount,
            quantity: 1,
            amount: input.amount,
            inputs: '{}',
            required_inputs: '[]',
            stock_reserved: 0,
          },
        ],
      },
      now,
    );
    return { orderNo, amount: input.amount, currency: input.currency, expiresAt };
  });
}
