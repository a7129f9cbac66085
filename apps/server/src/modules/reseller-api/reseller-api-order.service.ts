import { createHash, randomUUID } from 'node:crypto';
import { ApiKeyScope, IDEMPOTENCY_TTL_MS, ProductKind, serverErrors, type ApiOrderCreateBody, type Currency, type Language } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { requireScope, type ApiCaller } from '../api-keys/api-keys.service.ts';
import { requireOrderWithinApiSpendLimit } from '../api-spend/api-spend.service.ts';
import { skuWithProduct } from '../catalogue/catalogue.service.ts';
import { requireFittingAddon } from '../esim/esim-addon.service.ts';
import { requireOwnEsimByIccid } from '../esim/esim.service.ts';
import { writeAddonOrder } from '../orders/esim-addon-order.service.ts';
import { writeOneSkuOrder } from '../orders/one-sku-order.service.ts';
import { orderDetail } from '../orders/order-views.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import * as idempotency from './reseller-api.repository.ts';

/**
 * The reseller API's orders: ECodes, eSIMs and top-ups bought from the balance. Priced, written,
 * paid (the shop's balance payment, which issues what it can at once) and the idempotency
 * record kept, all in one transaction: a refusal anywhere (price moved, stock, balance) leaves
 * nothing written, and the same Idempotency-Key sent again, at once or later, finds the first
 * answer or nothing.
 */

/** The kinds the API sells from the catalogue (a top-up is the other way in: it names its eSIM). */
export const API_ORDER_KINDS: ReadonlySet<string> = new Set([ProductKind.ecode, ProductKind.esim]);

/** What the order answers: the status and the JSON body, as first sent and as sent again. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** The first answer sent again for a repeated key (the Idempotent-Replayed header says so). */
  replayed: boolean;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request a key stands for: the operation and its input as validated (field order of the contract). */
export const requestHashOf = (operation: string, input: unknown) => createHash('sha256').update(`${operation}\n${JSON.stringify(input)}`).digest('hex');

/** The first answer to a key whose work is done, or a refusal for the same key with another request; null: not seen (or still running). */
function earlierAnswer(first: { request_hash: string; status: number; body: string; created_at: number } | undefined, requestHash: string, now: number): StoredAnswer | null {
  if (!first || first.status === 0 || first.created_at < now - IDEMPOTENCY_TTL_MS) return null;
  if (first.request_hash !== requestHash) throw new AppError(serverErrors.idempotencyKeyReused, 'header.Idempotency-Key');
  return { status: first.status, body: first.body, replayed: true };
}

/**
 * Runs `work` once per Idempotency-Key of the reseller: the key is claimed, the work done and its
 * answer kept in one transaction, so a refusal leaves nothing written and the same key sent
 * again, at once or later, finds the first answer. `prepare` runs first, outside the transaction
 * (reads that ask the network), and only when the key has no answer yet.
 */
export async function runIdempotent<P>(
  db: Database,
  caller: ApiCaller,
  request: { idempotencyKey: string | undefined; requestHash: string; status: number; now: number },
  prepare: () => Promise<P>,
  work: (tx: Executor, prepared: P) => Promise<unknown>,
): Promise<StoredAnswer> {
  const { idempotencyKey, requestHash, now } = request;
  if (idempotencyKey === undefined || !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError(serverErrors.idempotencyKeyMissing, 'header.Idempotency-Key');
  // A repeat of a finished request answers at once, without its checks.
  const done = earlierAnswer(await idempotency.findKey(db, caller.userId, idempotencyKey), requestHash, now);
  if (done) return done;
  const prepared = await prepare();
  return db.transaction().execute(async (tx) => {
    if (!(await idempotency.claimKey(tx, { userId: caller.userId, key: idempotencyKey, requestHash, now }, now - IDEMPOTENCY_TTL_MS))) {
      // Taken by an earlier request, whose record this transaction now sees (the claim waited for it).
      const first = earlierAnswer(await idempotency.findKey(tx, caller.userId, idempotencyKey), requestHash, now);
      if (!first) throw new Error('an Idempotency-Key was taken but its answer is not there');
      return first;
    }
    const answer = { status: request.status, body: JSON.stringify(await work(tx, prepared)) };
    await idempotency.saveAnswer(tx, caller.userId, idempotencyKey, answer);
    return { ...answer, replayed: false };
  });
}

/**
 * An order of one SKU: ECodes or eSIMs at the reseller's price, or a top-up of one of the
 * reseller's eSIMs (its `iccid`; the `topup` scope). A top-up's checks (the eSIM is the
 * reseller's, not removed or expired, the package fits it) ask the network about the eSIM, so
 * they run before the transaction, as the shop's "Add data" runs them.
 */
export async function createApiOrder(db: Database, carrier: CarrierProvider | null, caller: ApiCaller, idempotencyKey: string | undefined, body: ApiOrderCreateBody, lang: Language, now: number): Promise<StoredAnswer> {
  if (body.iccid !== undefined) requireScope(caller, ApiKeyScope.topup);
  const request = { idempotencyKey, requestHash: requestHashOf('POST /orders', body), status: 201, now };
  return runIdempotent(
    db,
    caller,
    request,
    async () => (body.iccid === undefined ? null : fittingTopup(db, carrier, caller, body, body.iccid, lang, now)),
    async (tx, topup) => {
      const orderNo = topup ? (await writeAddonOrder(tx, topup.buyer, topup.fitting, null, lang, now)).orderNo : await writeCatalogueOrder(tx, caller, body, now);
      await requireOrderWithinApiSpendLimit(tx, caller.userId, orderNo, now);
      // The shop's balance payment: debits (never below zero), records the payment and issues
      // what can be issued at once (codes, pool eSIMs); the rest is the fulfilment job's.
      await payFromBalanceIn(tx, caller.userId, orderNo, randomUUID(), now);
      return orderDetail(tx, caller.userId, orderNo, lang);
    },
  );
}

/** The package a top-up names, checked against the reseller's eSIM with that ICCID and the price expected. */
async function fittingTopup(db: Database, carrier: CarrierProvider | null, caller: ApiCaller, body: ApiOrderCreateBody, iccid: string, lang: Language, now: number) {
  if (body.quantity !== 1) throw new AppError(serverErrors.apiTopupNeedsIccid, 'body.quantity');
  const esimId = (await requireOwnEsimByIccid(db, caller.userId, iccid, lang)).id;
  const buyer = { userId: caller.userId, reseller: true, currency: body.currency ?? (await defaultCurrency(db, body.skuId)) };
  const fitting = await requireFittingAddon(db, carrier, buyer, { esimId, skuId: body.skuId }, lang, now).catch((err: unknown) => {
    // The eSIM's own refusals (removed, expired) are about the ICCID the request named.
    throw err instanceof AppError && err.field === 'id' ? new AppError(err.def, 'body.iccid', err.data) : err;
  });
  requireExpected(body, fitting.offer.price, fitting.offer.currency);
  return { buyer, fitting };
}

/** The price guard: refused when the unit price is no longer the one the request expected. */
export function requireExpected(body: { expectedPrice?: number | undefined }, price: number, currency: Currency) {
  if (body.expectedPrice !== undefined && body.expectedPrice !== price) throw new AppError(serverErrors.priceChanged, 'body.expectedPrice', { price, expected: body.expectedPrice, currency });
}

/** Writes one unpaid order of one ECode or eSIM SKU at the reseller's price, in `tx`; its number. */
async function writeCatalogueOrder(tx: Executor, caller: ApiCaller, body: ApiOrderCreateBody, now: number): Promise<string> {
  const { product } = await skuWithProduct(tx, body.skuId);
  // A top-up is not bought from the catalogue's cart: it names its eSIM.
  if (product?.kind === ProductKind.esimAddon) throw new AppError(serverErrors.apiTopupNeedsIccid, 'body.iccid');
  if (product && !API_ORDER_KINDS.has(product.kind)) throw new AppError(serverErrors.apiOrderKindUnsupported, 'body.skuId');
  const buyer = { userId: caller.userId, reseller: true, currency: body.currency ?? product?.currency ?? 'USD' };
  // The order's first event names the key that placed it (the console's order history shows it).
  const input = { buyer, skuId: body.skuId, quantity: body.quantity, checkInputs: true, reason: `api key #${caller.keyId}`, quantityField: 'body.quantity' };
  const written = await writeOneSkuOrder(tx, input, now, ({ part, line }) => requireExpected(body, line.unitPrice, part.currency));
  return written.orderNo;
}

/** Without a currency asked for, the product's own (an unknown SKU is refused later). */
async function defaultCurrency(tx: Executor, skuId: number): Promise<Currency> {
  return (await skuWithProduct(tx, skuId)).product?.currency ?? 'USD';
}

/** Forgets idempotency records past their 24 hours, a batch at a time. */
export const pruneIdempotencyKeys = (db: Database, now: number) => deleteInBatches((limit) => idempotency.deleteKeysBefore(db, now - IDEMPOTENCY_TTL_MS, limit));
