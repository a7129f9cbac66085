import { createHash, randomUUID } from 'node:crypto';
import { ApiKeyMode, IDEMPOTENCY_TTL_MS, ProductKind, serverErrors, type ApiOrderCreateBody, type Currency, type Language, type OrderDetail } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { skuOptions, skuWithProduct, takeStock } from '../catalogue/catalogue.service.ts';
import { UNSHIPPED_ORDER, writeOrder } from '../orders/order-checkout.service.ts';
import { priceCheckout } from '../orders/order-pricing.service.ts';
import { orderDetail } from '../orders/order-views.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import * as idempotency from './reseller-api.repository.ts';

/**
 * The reseller API's order: ECodes bought from the balance. Priced, written, paid (the shop's
 * balance payment, which issues the codes) and its idempotency record kept, all in one
 * transaction: a refusal anywhere (price moved, stock, balance) leaves nothing written, and the
 * same Idempotency-Key sent again, at once or later, finds the first answer or nothing.
 */

/** What the order answers: the status and the JSON body, as first sent and as sent again. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** The first answer sent again for a repeated key (the Idempotent-Replayed header says so). */
  replayed: boolean;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request a key stands for: the operation and its body as validated (field order of the contract). */
const requestHashOf = (body: ApiOrderCreateBody) => createHash('sha256').update(`POST /orders\n${JSON.stringify(body)}`).digest('hex');

export async function createApiOrder(db: Database, caller: ApiCaller, idempotencyKey: string | undefined, body: ApiOrderCreateBody, lang: Language, now: number): Promise<StoredAnswer> {
  if (idempotencyKey === undefined || !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError(serverErrors.idempotencyKeyMissing, 'header.Idempotency-Key');
  if (caller.mode === ApiKeyMode.test) throw new AppError(serverErrors.apiSandboxNotYet);
  const requestHash = requestHashOf(body);
  return db.transaction().execute(async (tx) => {
    if (!(await idempotency.claimKey(tx, { userId: caller.userId, key: idempotencyKey, requestHash, now }, now - IDEMPOTENCY_TTL_MS))) {
      // Taken by an earlier request, whose record this transaction now sees (the claim waited for
      // it): its answer, if this is the same request.
      const first = await idempotency.findKey(tx, caller.userId, idempotencyKey);
      if (!first) throw new Error('an Idempotency-Key was taken but its record is not there');
      if (first.request_hash !== requestHash) throw new AppError(serverErrors.idempotencyKeyReused, 'header.Idempotency-Key');
      return { status: first.status, body: first.body, replayed: true };
    }
    const detail = await placeEcodeOrder(tx, caller, body, lang, now);
    const answer = { status: 201, body: JSON.stringify(detail) };
    await idempotency.saveAnswer(tx, caller.userId, idempotencyKey, answer);
    return { ...answer, replayed: false };
  });
}

/** Writes one order of one ECode SKU at the reseller's price and pays it from the balance, in `tx`. */
async function placeEcodeOrder(tx: Executor, caller: ApiCaller, body: ApiOrderCreateBody, lang: Language, now: number): Promise<OrderDetail> {
  const { userId } = caller;
  const buyer = { userId, reseller: true, currency: body.currency ?? (await defaultCurrency(tx, body.skuId)) };
  const priced = await priceCheckout(tx, buyer, [{ skuId: body.skuId, quantity: body.quantity, inputs: {} }], true);
  const part = priced.parts[0]!;
  const line = part.lines[0]!;
  if (line.product.kind !== ProductKind.ecode) throw new AppError(serverErrors.apiOrderKindUnsupported, 'body.skuId');
  if (body.expectedPrice !== undefined && body.expectedPrice !== line.unitPrice) {
    throw new AppError(serverErrors.priceChanged, 'body.expectedPrice', { price: line.unitPrice, expected: body.expectedPrice, currency: part.currency });
  }
  const order = await writeOrder(
    tx,
    {
      userId,
      reseller: true,
      currency: part.currency,
      subtotal: part.subtotal,
      ...UNSHIPPED_ORDER,
      merchantId: part.merchantId,
      // The order's first event names the key that placed it (the console's order history shows it).
      reason: `api key #${caller.keyId}`,
      items: [
        {
          product_id: line.product.id,
          sku_id: line.sku.id,
          kind: line.product.kind,
          name_en: line.product.name_en,
          name_zh: line.product.name_zh,
          options: JSON.stringify(skuOptions(line.product, line.sku)),
          images: line.product.images,
          unit_price: line.unitPrice,
          quantity: line.quantity,
          amount: line.amount,
          inputs: '{}',
          required_inputs: '[]',
          stock_reserved: line.sku.stock !== null ? 1 : 0,
        },
      ],
    },
    now,
  );
  if (line.sku.stock !== null && !(await takeStock(tx, line.sku.id, line.quantity))) throw new AppError(serverErrors.stockInsufficient, 'body.quantity');
  // The shop's balance payment: debits (never below zero), records the payment and issues the codes.
  await payFromBalanceIn(tx, userId, order.orderNo, randomUUID(), now);
  return orderDetail(tx, userId, order.orderNo, lang);
}

/** Without a currency asked for, the product's own (an unknown SKU is refused by pricing). */
async function defaultCurrency(tx: Executor, skuId: number): Promise<Currency> {
  return (await skuWithProduct(tx, skuId)).product?.currency ?? 'USD';
}

/** Forgets idempotency records past their 24 hours, a batch at a time. */
export const pruneIdempotencyKeys = (db: Database, now: number) => deleteInBatches((limit) => idempotency.deleteKeysBefore(db, now - IDEMPOTENCY_TTL_MS, limit));
