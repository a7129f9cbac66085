import { randomUUID } from 'node:crypto';
import { BULK_TOPUP_CHUNK_ITEMS, BulkItemState, BulkJobKind, ProductKind, serverErrors, type ApiBulkTopupBody, type Currency, type ErrorDef } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { creditBalance } from '../balance/balance.service.ts';
import { skuWithProduct } from '../catalogue/catalogue.service.ts';
import { offerOf, requireFittingAddon, type FittingAddon } from '../esim/esim-addon.service.ts';
import { requireOwnEsimByIccid } from '../esim/esim.service.ts';
import { writeAddonOrder } from '../orders/esim-addon-order.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import { BulkLedger, JobMoved, type ItemRow, type JobRow } from './reseller-api-bulk-ledger.ts';
import * as jobs from './reseller-api-bulk.repository.ts';

/**
 * Bulk top-ups: data add-ons for many of the reseller's eSIMs in one job. Accepting prices each
 * package from the catalogue (the add-on is on sale, in the currency asked, in stock for the
 * items naming it, at the price expected) without asking the network about 10,000 eSIMs; the
 * job then carries out each item as the single top-up of POST /orders does: the eSIM checked
 * (the reseller's, not removed or expired, the package fits it, which may ask the network) and
 * the add-on order written and paid from the item's share in one transaction that first counts
 * the item on the job's row. An item the checks or the order refuse fails with its reason; the
 * money of failed items goes back when the job ends (reseller-api-bulk.service closes it).
 */

/** A job's items are priced, and refused whole, by the packages they name. */
export async function acceptedTopupJob(tx: Executor, caller: ApiCaller, body: ApiBulkTopupBody) {
  const currency: Currency = body.currency ?? (await skuWithProduct(tx, body.items[0]!.skuId)).product?.currency ?? 'USD';
  const buyer = { userId: caller.userId, reseller: true, currency };
  const prices = new Map<number, number>();
  for (const [at, { skuId }] of body.items.entries()) {
    if (prices.has(skuId)) continue;
    const field = `body.items.${at}.skuId`;
    const { product, sku } = await skuWithProduct(tx, skuId);
    if (!product || !sku || product.on_sale !== 1) throw new AppError(serverErrors.productNotFound, field);
    if (product.kind !== ProductKind.esimAddon) throw new AppError(serverErrors.apiOrderKindUnsupported, field);
    const offer = offerOf(product, sku, 'en', buyer);
    if (!offer) throw new AppError(serverErrors.soldOut, field);
    if (offer.currency !== currency) throw new AppError(serverErrors.paramInvalid, 'body.currency');
    const wanted = body.items.filter((i) => i.skuId === skuId).length;
    if (sku.stock !== null && sku.stock < wanted) throw new AppError(serverErrors.stockInsufficient, field, { left: sku.stock });
    prices.set(skuId, offer.price);
  }
  for (const [at, item] of body.items.entries()) {
    const price = prices.get(item.skuId)!;
    if (item.expectedPrice !== undefined && item.expectedPrice !== price) throw new AppError(serverErrors.priceChanged, `body.items.${at}.expectedPrice`, { price, expected: item.expectedPrice, currency });
  }
  const items = body.items.map((item, seq) => ({ seq, iccid: item.iccid, sku_id: item.skuId, price: prices.get(item.skuId)!, state: BulkItemState.pending, order_no: null, error_code: null }));
  const job = { kind: BulkJobKind.topup, sku_id: 0, currency, unit_price: 0, quantity: items.length, chunk_units: BULK_TOPUP_CHUNK_ITEMS, amount: items.reduce((sum, i) => sum + i.price, 0) };
  return { job, items };
}

/**
 * Carries out a top-up job's pending items, a chunk at a time, until none is left or the job is
 * over (cancelled); the caller closes it. Again after a crash or a failure that is not a
 * refusal: an item is settled once, whichever run gets to it.
 */
export async function runTopups(db: Database, carrier: CarrierProvider | null, jobId: string): Promise<void> {
  let after = -1;
  for (;;) {
    const job = await jobs.findJob(db, jobId);
    if (!job || !jobs.isOpen(job)) return;
    const chunk = await jobs.itemsAfter(db, jobId, after, BULK_TOPUP_CHUNK_ITEMS);
    if (chunk.length === 0) return;
    for (const item of chunk) {
      if (item.state === BulkItemState.pending) {
        try {
          await topUp(db, carrier, job, item, Date.now());
        } catch (err) {
          if (!(err instanceof JobMoved)) throw err;
          // Read the job again: cancelled, or this item settled by another run.
          break;
        }
      }
      after = item.seq;
    }
  }
}

/** One item, as POST /orders tops up one eSIM, at the price accepted; a refusal fails the item. */
async function topUp(db: Database, carrier: CarrierProvider | null, job: JobRow, item: ItemRow, now: number): Promise<void> {
  const { user_id: userId, currency } = job;
  const buyer = { userId, reseller: true, currency };
  let fitting: FittingAddon;
  try {
    const esimId = (await requireOwnEsimByIccid(db, userId, item.iccid, 'en')).id;
    fitting = await requireFittingAddon(db, carrier, buyer, { esimId, skuId: item.sku_id }, 'en', now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return failItem(db, job, item, err.def, now);
  }
  const price = Number(item.price);
  try {
    await db.transaction().execute(async (tx) => {
      if (!(await jobs.countItem(tx, job.id, true, now))) throw new JobMoved();
      const { orderNo } = await writeAddonOrder(tx, buyer, { ...fitting, offer: { ...fitting.offer, price } }, null, 'en', now);
      // The item's share of the amount debited at acceptance goes back and pays its order at once.
      await creditBalance(tx, { userId, currency, amount: price, reason: BulkLedger.toOrder(job.id, orderNo), orderId: null }, now);
      await payFromBalanceIn(tx, userId, orderNo, randomUUID(), now);
      if (!(await jobs.settleItem(tx, job.id, item.seq, { state: BulkItemState.done, orderNo, errorCode: null }))) throw new JobMoved();
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await failItem(db, job, item, err.def, now);
  }
}

async function failItem(db: Database, job: JobRow, item: ItemRow, why: ErrorDef, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await jobs.countItem(tx, job.id, false, now))) throw new JobMoved();
    if (!(await jobs.settleItem(tx, job.id, item.seq, { state: BulkItemState.failed, orderNo: null, errorCode: why.code }))) throw new JobMoved();
  });
}
