import { serverErrors, type Language } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { skuOptions, takeStock } from '../catalogue/catalogue.service.ts';
import { recordAddon, requireFittingAddon, type FittingAddon } from '../esim/esim-addon.service.ts';
import { notify } from '../notifications/notification.service.ts';
import { UNSHIPPED_ORDER, writeOrder } from './order-checkout.service.ts';
import { checkoutTerms, recordCheckoutTerms, type CheckoutTerms } from './order-withdrawal.service.ts';
import type { Buyer } from './order-pricing.service.ts';

/**
 * "Add data" on an eSIM's page: an ordinary unpaid order of one add-on, paid on the order's
 * payment page like any other. Everything is checked before the order is written (the eSIM is
 * the caller's, not removed or expired, the package is one that fits it), so a refusal charges
 * and writes nothing; the eSIM the package goes to is written with the order, for the worker.
 */
export async function createAddonOrder(
  db: Database,
  carrier: CarrierProvider | null,
  buyer: Buyer,
  input: { esimId: number; skuId: number; residenceCountry?: string | undefined; performanceConsent: boolean },
  lang: Language,
  now: number,
) {
  const fitting = await requireFittingAddon(db, carrier, buyer, input, lang, now);
  // An add-on is digital content: an EU consumer consents to immediate performance, as at checkout.
  const terms = checkoutTerms({ reseller: buyer.reseller, addressCountry: null, residenceCountry: input.residenceCountry, performanceConsent: input.performanceConsent, kinds: ['esim_addon'] }, now);
  return db.transaction().execute(async (tx) => writeAddonOrder(tx, buyer, fitting, terms, lang, now));
}

/**
 * Writes the checked add-on order in the caller's transaction (the reseller API writes and pays
 * it in one): the order, its terms, the eSIM its package goes to, the stock taken.
 */
export async function writeAddonOrder(tx: Executor, buyer: Buyer, fitting: FittingAddon, terms: CheckoutTerms | null, lang: Language, now: number, placedByClient?: string) {
  const { target, product, sku, offer } = fitting;
  const { id, orderNo, expiresAt, items } = await writeOrder(
    tx,
    {
      userId: buyer.userId,
      reseller: buyer.reseller,
      currency: offer.currency,
      subtotal: offer.price,
      ...UNSHIPPED_ORDER,
      merchantId: product.merchant_id,
      reason: 'esim_addon',
      ...(placedByClient ? { placedByClient } : {}),
      items: [
        {
          product_id: product.id,
          sku_id: sku.id,
          kind: 'esim_addon',
          name_en: product.name_en,
          name_zh: product.name_zh,
          options: JSON.stringify(skuOptions(product, sku)),
          images: product.images,
          unit_price: offer.price,
          quantity: 1,
          amount: offer.price,
          inputs: '{}',
          required_inputs: '[]',
          stock_reserved: sku.stock !== null ? 1 : 0,
        },
      ],
    },
    now,
  );
  await recordCheckoutTerms(tx, [id], terms);
  await recordAddon(tx, { esimId: target.esimId, userId: buyer.userId, orderId: id, orderItemId: items[0]!.id, dataMb: offer.dataMb, validityDays: offer.validityDays }, now);
  await notify(tx, { kind: 'order_placed', userId: buyer.userId, orderNo, language: lang }, now);
  if (sku.stock !== null && !(await takeStock(tx, sku.id, 1))) throw new AppError(serverErrors.stockInsufficient, 'skuId');
  return { orderNo, expiresAt };
}
