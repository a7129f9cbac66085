import { randomBytes, randomUUID } from 'node:crypto';
import {
  ApiKeyScope,
  BULK_ORDER_CHUNK_UNITS,
  BulkItemState,
  BulkJobKind,
  BulkJobState,
  RESELLER_API_BASE,
  serverErrors,
  toProblem,
  unitPriceFor,
  WebhookEventType,
  type ApiBulkJob,
  type ApiBulkOrderCreateBody,
  type ApiBulkUnitsBody,
  type ErrorDef,
  type Language,
} from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { requireScope, type ApiCaller } from '../api-keys/api-keys.service.ts';
import { requireWithinApiSpendLimit } from '../api-spend/api-spend.service.ts';
import { creditBalance, debitBalance } from '../balance/balance.service.ts';
import { skuSelling, skuWithProduct } from '../catalogue/catalogue.service.ts';
import { priceOneSku, writeOneSkuOrder } from '../orders/one-sku-order.service.ts';
import { payFromBalanceIn } from '../payments/payment.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.service.ts';
import { BulkLedger, JobMoved, type ItemRow, type JobRow } from './reseller-api-bulk-ledger.ts';
import { acceptedTopupJob, runTopups } from './reseller-api-bulk-topup.service.ts';
import * as jobs from './reseller-api-bulk.repository.ts';
import { API_ORDER_KINDS, requestHashOf, requireExpected, runIdempotent, type StoredAnswer } from './reseller-api-order.service.ts';

/**
 * Bulk orders of the reseller API. Accepting one is one transaction (with its Idempotency-Key):
 * the SKU priced for the whole quantity, the price guard, the stock checked, the whole amount
 * debited from the balance (never below zero: refused, nothing written) and an outbox job
 * queued. The job then writes the units as orders of at most `chunk_units`, each in its own
 * short transaction: the order's share of the amount is credited back and the order paid from
 * it by the shop's balance payment (which issues the ECodes and pool eSIMs and tells the
 * order.completed webhook), at the accepted unit price, with the job's progress. A refusal of
 * an order (sold out meanwhile, taken off sale, the balance locked) ends the job: the units not
 * ordered are credited back in the transaction that closes it, with the bulk_job.done event.
 * A top-up job (`kind: 'topup'`) is accepted and closed the same way; its items are carried out
 * by reseller-api-bulk-topup.service. The reseller may cancel an open job: it stops before its
 * next order and the rest is credited back at once (cancelBulkJob).
 */

/** The units of the next order: the rest spread evenly over as few orders as the chunk allows. */
export function nextOrderUnits(remaining: number, chunkUnits: number): number {
  return Math.ceil(remaining / Math.ceil(remaining / chunkUnits));
}

/** The units of each order a job of `quantity` writes, in order. */
function orderUnits(quantity: number, chunkUnits: number): number[] {
  const units: number[] = [];
  for (let left = quantity; left > 0; left -= units[units.length - 1]!) units.push(nextOrderUnits(left, chunkUnits));
  return units;
}

/** Accepts a bulk order: debits its amount and queues its job, or refuses with nothing written. */
export async function createBulkOrder(db: Database, caller: ApiCaller, idempotencyKey: string | undefined, body: ApiBulkOrderCreateBody, lang: Language, now: number): Promise<StoredAnswer> {
  if (body.kind === BulkJobKind.topup) requireScope(caller, ApiKeyScope.topup);
  const request = { idempotencyKey, requestHash: requestHashOf('POST /bulk-orders', body), status: 202, now };
  return runIdempotent(
    db,
    caller,
    request,
    async () => null,
    async (tx) => {
      const accepted = body.kind === BulkJobKind.topup ? await acceptedTopupJob(tx, caller, body) : { job: await acceptedJob(tx, caller, body), items: [] };
      const row = { ...accepted.job, ...jobFields(caller), created_at: now, updated_at: now };
      // The whole amount counts against the day's API spend limit when accepted, as it is debited.
      await requireWithinApiSpendLimit(tx, caller.userId, row.amount, row.currency, now);
      await debitBalance(tx, { userId: caller.userId, currency: row.currency, amount: row.amount, reason: BulkLedger.accepted(row.id), orderId: null }, now);
      await jobs.insertJob(tx, row);
      const items = accepted.items.map((i) => ({ ...i, job_id: row.id }));
      await jobs.insertItems(tx, items);
      await enqueue(tx, Topic.resellerApiBulk, { jobId: row.id }, now);
      return jobView(row, lang, items);
    },
  );
}

/** A new job's id, owner and progress. */
function jobFields(caller: ApiCaller) {
  const progress = { state: BulkJobState.queued, issued: 0, failed: 0, refunded: 0, order_nos: '[]', error_code: null };
  return { id: `bulk_${randomBytes(16).toString('base64url')}`, user_id: caller.userId, key_id: caller.keyId, ...progress };
}

/** The job a request for units stands for, priced and checked as its orders will be. */
async function acceptedJob(tx: Executor, caller: ApiCaller, body: ApiBulkUnitsBody) {
  const { product } = await skuWithProduct(tx, body.skuId);
  if (product && !API_ORDER_KINDS.has(product.kind)) throw new AppError(serverErrors.apiOrderKindUnsupported, 'body.skuId');
  const buyer = { userId: caller.userId, reseller: true, currency: body.currency ?? product?.currency ?? 'USD' };
  const chunkUnits = Math.min(BULK_ORDER_CHUNK_UNITS, product?.qty_max ?? BULK_ORDER_CHUNK_UNITS);
  const units = orderUnits(body.quantity, chunkUnits);
  // The first order priced now refuses what its orders would be refused (not on sale, limits, inputs).
  const part = await priceOneSku(tx, buyer, body.skuId, units[0]!, true);
  const line = part.lines[0]!;
  // Each order must be one the product allows; the smallest is the last.
  if (units[units.length - 1]! < line.product.qty_min) throw new AppError(serverErrors.paramInvalid, 'body.quantity', { min: line.product.qty_min, max: line.product.qty_max });
  if (line.sku.stock !== null && line.sku.stock < body.quantity) throw new AppError(serverErrors.stockInsufficient, 'body.quantity', { left: line.sku.stock });
  // The whole quantity's price (the wholesale price from its minimum on), for every order of the job.
  const unitPrice = unitPriceFor(skuSelling(line.product, line.sku, buyer.currency), body.quantity, true, line.product.wholesale_min_qty);
  requireExpected(body, unitPrice, part.currency);
  return { kind: BulkJobKind.units, sku_id: body.skuId, currency: part.currency, unit_price: unitPrice, quantity: body.quantity, chunk_units: chunkUnits, amount: unitPrice * body.quantity };
}

/** One of the reseller's jobs; another reseller's (or none) is not found. */
export async function bulkJobOf(db: Executor, caller: ApiCaller, id: string, lang: Language): Promise<ApiBulkJob> {
  const row = await jobs.findOwnJob(db, caller.userId, id);
  if (!row) throw new AppError(serverErrors.notFound, 'path.id');
  return jobView(row, lang, await itemsOf(db, row));
}

const itemsOf = (db: Executor, job: JobRow) => (job.kind === BulkJobKind.topup ? jobs.itemsOf(db, job.id) : Promise.resolve([]));

const errorDefOf = (code: number | null): ErrorDef | undefined => (code === null ? undefined : Object.values(serverErrors).find((d) => d.code === code));

type ViewRow = Omit<JobRow, 'finished_at' | 'kind'> & { kind: BulkJobKind; finished_at?: number | null };
type ViewItem = Pick<ItemRow, 'seq' | 'iccid' | 'sku_id' | 'price' | 'state' | 'order_no' | 'error_code'>;

function jobView(row: ViewRow, lang: Language, items: readonly ViewItem[]): ApiBulkJob {
  const orderNos = JSON.parse(row.order_nos) as string[];
  const units = orderUnits(row.quantity, row.chunk_units);
  const def = errorDefOf(row.error_code);
  const topup = row.kind === BulkJobKind.topup;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    skuId: topup ? null : row.sku_id,
    quantity: row.quantity,
    issued: row.issued,
    failed: row.failed,
    currency: row.currency,
    unitPrice: topup ? null : Number(row.unit_price),
    amount: Number(row.amount),
    refunded: Number(row.refunded),
    orders: orderNos.map((orderNo, i) => ({ orderNo, quantity: units[i]!, ecodes: `${RESELLER_API_BASE}/ecodes?order=${orderNo}` })),
    error: def ? toProblem(def, lang) : null,
    items: items.map((i) => {
      const why = errorDefOf(i.error_code);
      return { iccid: i.iccid, skuId: i.sku_id, price: Number(i.price), state: i.state, orderNo: i.order_no, error: why ? toProblem(why, lang, { field: `body.items.${i.seq}` }) : null };
    }),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at == null ? null : Number(row.finished_at),
  };
}

/**
 * Carries a job out from where its committed progress stands, an order at a time; run by the
 * outbox (again after a crash or a failure that is not a refusal: nothing is ordered twice).
 */
export async function runBulkJob(db: Database, jobId: string, carrier: CarrierProvider | null = null): Promise<void> {
  const first = await jobs.findJob(db, jobId);
  if (first?.kind === BulkJobKind.topup) {
    await runTopups(db, carrier, jobId);
    const job = await jobs.findJob(db, jobId);
    return job && jobs.isOpen(job) ? closeJob(db, job, null) : undefined;
  }
  for (;;) {
    const job = await jobs.findJob(db, jobId);
    if (!job || (job.state !== BulkJobState.queued && job.state !== BulkJobState.running)) return;
    if (job.issued >= job.quantity) return closeJob(db, job, null);
    try {
      await db.transaction().execute((tx) => orderUnitsOf(tx, job, nextOrderUnits(job.quantity - job.issued, job.chunk_units), Date.now()));
    } catch (err) {
      if (err instanceof JobMoved) continue;
      if (!(err instanceof AppError)) throw err;
      return closeJob(db, job, err.def);
    }
  }
}

/** One order of the job, paid from its amount, and the job's progress, in one transaction. */
async function orderUnitsOf(tx: Executor, job: JobRow, units: number, now: number): Promise<void> {
  const { user_id: userId, currency } = job;
  if (!(await jobs.claimJob(tx, job.id, job.issued, now))) throw new JobMoved();
  const buyer = { userId, reseller: true, currency };
  // The order's first event names the key and the job (the console's order history shows it).
  const input = { buyer, skuId: job.sku_id, quantity: units, checkInputs: true, reason: `api key #${job.key_id}, ${job.id}`, quantityField: 'body.quantity', agreedUnitPrice: Number(job.unit_price) };
  const { orderNo, part } = await writeOneSkuOrder(tx, input, now);
  // The order's share of the amount debited at acceptance goes back and pays it at once.
  await creditBalance(tx, { userId, currency, amount: part.total, reason: BulkLedger.toOrder(job.id, orderNo), orderId: null }, now);
  await payFromBalanceIn(tx, userId, orderNo, randomUUID(), now);
  const orderNos = JSON.stringify([...(JSON.parse(job.order_nos) as string[]), orderNo]);
  if (!(await jobs.recordOrder(tx, job.id, job.issued, { issued: job.issued + units, orderNos, now }))) throw new JobMoved();
}

/** Ends a job: the units not ordered are credited back and the bulk_job.done event told, in one transaction. */
async function closeJob(db: Database, read: JobRow, why: ErrorDef | null): Promise<void> {
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    const job = (await jobs.findJob(tx, read.id))!;
    const failed = job.quantity - job.issued;
    const state = job.issued === 0 ? BulkJobState.failed : BulkJobState.done;
    const rest = await unorderedAmount(tx, job);
    if (!(await jobs.closeJob(tx, job.id, job.issued, { state, failed, refunded: Number(job.refunded) + rest, errorCode: failed > 0 ? (why?.code ?? null) : null, now }))) return;
    await jobs.endPendingItems(tx, job.id, BulkItemState.failed);
    if (rest > 0) await creditBalance(tx, { userId: job.user_id, currency: job.currency, amount: rest, reason: BulkLedger.refund(job.id), orderId: null }, now);
    await announceEnd(tx, job, state, failed, now);
  });
}

/** What the job took at acceptance and has not spent on orders nor given back yet. */
async function unorderedAmount(tx: Executor, job: JobRow): Promise<number> {
  const ordered = job.kind === BulkJobKind.topup ? await jobs.madeItemsAmount(tx, job.id) : job.issued * Number(job.unit_price);
  return Number(job.amount) - ordered - Number(job.refunded);
}

/** bulk_job.done: how the job ended, what it ordered and what it refunded. */
async function announceEnd(tx: Executor, job: JobRow, state: BulkJobState, failed: number, now: number) {
  const orderNos = JSON.parse(job.order_nos) as string[];
  await emitWebhookEvent(tx, job.user_id, WebhookEventType.bulkJobDone, { jobId: job.id, state, orderNo: orderNos.length === 1 ? orderNos[0]! : null, done: job.issued, failed }, now);
}

/**
 * Cancels one of the reseller's open jobs in one transaction. The job's row is taken first: a
 * chunk being written either committed before (its units count as made) or finds the job
 * cancelled and keeps nothing, so each unit is either ordered or credited back, never both.
 */
export async function cancelBulkJob(db: Database, caller: ApiCaller, id: string, lang: Language, now: number): Promise<ApiBulkJob> {
  return db.transaction().execute(async (tx) => {
    if (!(await jobs.findOwnJob(tx, caller.userId, id))) throw new AppError(serverErrors.notFound, 'path.id');
    if (!(await jobs.cancelOpenJob(tx, id, now))) throw new AppError(serverErrors.bulkJobNotCancellable, 'path.id', { state: (await jobs.findJob(tx, id))!.state });
    const job = (await jobs.findJob(tx, id))!;
    const failed = job.quantity - job.issued;
    const rest = await unorderedAmount(tx, job);
    const refunded = Number(job.refunded) + rest;
    await jobs.setOutcome(tx, id, { failed, refunded });
    await jobs.endPendingItems(tx, id, BulkItemState.cancelled);
    if (rest > 0) await creditBalance(tx, { userId: job.user_id, currency: job.currency, amount: rest, reason: BulkLedger.cancelled(id), orderId: null }, now);
    await announceEnd(tx, job, BulkJobState.cancelled, failed, now);
    return jobView({ ...job, failed, refunded }, lang, await itemsOf(tx, job));
  });
}
