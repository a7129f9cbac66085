import type { ActivationStatus, EsimRecordStatus, InstallLogType } from '@simshop/contract';
import { sql } from 'kysely';
import { containsAnyText } from '../../db/text-search.ts';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import type { EsimsTable } from './esim.table.ts';

export async function insertProfiles(db: Executor, rows: Insertable<EsimsTable>[]) {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('esims').values(rows.slice(i, i + 200)).execute();
}

/** The merchant whose product a SKU is. */
export async function skuMerchant(db: Executor, skuId: number): Promise<number | undefined> {
  return (await db.selectFrom('product_skus').innerJoin('products', 'products.id', 'product_skus.product_id').select('products.merchant_id').where('product_skus.id', '=', skuId).executeTakeFirst())?.merchant_id;
}

/** A known profile and the merchant of the pool it is in (null: in no merchant's pool). */
export function findProfileOwner(db: Executor, dpAddress: string, activationCode: string) {
  return db
    .selectFrom('esims')
    .leftJoin('product_skus', 'product_skus.id', 'esims.sku_id')
    .leftJoin('products', 'products.id', 'product_skus.product_id')
    .select(['esims.id', 'products.merchant_id'])
    .where('esims.dp_address', '=', dpAddress)
    .where('esims.activation_code', '=', activationCode)
    .executeTakeFirst();
}

/** Whether a profile with this ICCID is anywhere but in this merchant's pools. */
export async function iccidOutsideMerchant(db: Executor, iccid: string, merchantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('esims')
    .leftJoin('product_skus', 'product_skus.id', 'esims.sku_id')
    .leftJoin('products', 'products.id', 'product_skus.product_id')
    .select('esims.id')
    .where('esims.iccid', '=', iccid)
    .where((eb) => eb.or([eb('products.merchant_id', 'is', null), eb('products.merchant_id', '!=', merchantId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `quantity` unassigned pool profiles of a SKU for an order item. On PostgreSQL the
 * candidate rows are locked and skipped by concurrent payers; on SQLite the writer lock does it.
 * The status check in the update makes a profile go to one order only, whatever happens.
 */
export async function assignFromPool(db: Executor, opts: { skuId: number; quantity: number; userId: number; orderId: number; orderItemId: number; now: number; postgres: boolean }) {
  let candidates = db.selectFrom('esims').select('id').where('sku_id', '=', opts.skuId).where('record_status', '=', 'unassigned').orderBy('id').limit(opts.quantity);
  if (opts.postgres) candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('esims')
    .set({ user_id: opts.userId, order_id: opts.orderId, order_item_id: opts.orderItemId, record_status: 'assigned', assigned_at: opts.now, updated_at: opts.now })
    .where('id', 'in', ids)
    .where('record_status', '=', 'unassigned')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function countAssignedToItem(db: Executor, orderItemId: number) {
  return Number((await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('order_item_id', '=', orderItemId).executeTakeFirstOrThrow()).n);
}

/** eSIMs with the order number and product name they were sold under. */
const withNames = (db: Executor) =>
  db
    .selectFrom('esims')
    .leftJoin('orders', 'orders.id', 'esims.order_id')
    .leftJoin('order_items', 'order_items.id', 'esims.order_item_id')
    .selectAll('esims')
    .select(['orders.order_no', 'order_items.name_en', 'order_items.name_zh', 'order_items.options']);

/** The user's eSIMs, newest first, with where each plan works (its product's coverage, `,JP,KR,`; null when not bought here). */
export function listOwn(db: Executor, userId: number, offset: number, limit: number) {
  return withNames(db)
    .leftJoin('product_skus', 'product_skus.id', 'esims.sku_id')
    .leftJoin('products', 'products.id', 'product_skus.product_id')
    .select('products.coverage')
    .where('esims.user_id', '=', userId)
    .orderBy('esims.assigned_at', 'desc')
    .orderBy('esims.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** When each of these eSIMs was first installed, as the SM-DP+ reported it (one query for a whole list). */
export async function firstInstalls(db: Executor, esimIds: readonly number[], type: InstallLogType): Promise<Map<number, number>> {
  if (esimIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('esim_install_logs')
    .select(['esim_id', (eb) => eb.fn.min<number>('created_at').as('at')])
    .where('esim_id', 'in', [...esimIds])
    .where('type', '=', type)
    .groupBy('esim_id')
    .execute();
  return new Map(rows.map((r) => [r.esim_id, Number(r.at)]));
}

/** The eSIMs an order of this user delivered, in the order they were issued. */
export function ofOrder(db: Executor, userId: number, orderId: number) {
  return withNames(db).where('esims.user_id', '=', userId).where('esims.order_id', '=', orderId).orderBy('esims.id').execute();
}

/** A page of the user's eSIMs (of one order, or all), newest first, with ids below `before`. */
export function pageOwn(db: Executor, userId: number, filter: { orderId?: number | undefined; before?: number | undefined }, limit: number) {
  let query = withNames(db).where('esims.user_id', '=', userId);
  if (filter.orderId !== undefined) query = query.where('esims.order_id', '=', filter.orderId);
  if (filter.before !== undefined) query = query.where('esims.id', '<', filter.before);
  return query.orderBy('esims.id', 'desc').limit(limit).execute();
}

export async function countOwn(db: Executor, userId: number) {
  return Number((await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
}

/** One of the user's eSIMs, with the plan it was sold with (its own copy: migration 0031). */
export function findOwn(db: Executor, userId: number, id: number) {
  return withNames(db)
    .where('esims.user_id', '=', userId)
    .where('esims.id', '=', id)
    .executeTakeFirst();
}

/** The user's eSIM ids (whether it is theirs, before a write). */
export function ownId(db: Executor, userId: number, id: number) {
  return db.selectFrom('esims').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function installLogOf(db: Executor, esimId: number) {
  return db.selectFrom('esim_install_logs').selectAll().where('esim_id', '=', esimId).orderBy('id').execute();
}

export async function updateOwn(db: Executor, userId: number, id: number, changes: { remark?: string; scan_times?: number }, now: number) {
  await db.updateTable('esims').set({ ...changes, updated_at: now }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function incrementScans(db: Executor, userId: number, id: number, now: number) {
  await db
    .updateTable('esims')
    .set((eb) => ({ scan_times: eb('scan_times', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Records an on-demand profile for one ordered unit; false when that unit already has one. */
export async function insertIssued(db: Executor, row: Insertable<EsimsTable>): Promise<boolean> {
  const res = await db.insertInto('esims').values(row).onConflict((oc) => oc.columns(['order_item_id', 'unit_index']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function issuedUnits(db: Executor, orderItemId: number) {
  return db.selectFrom('esims').select('unit_index').where('order_item_id', '=', orderItemId).where('unit_index', 'is not', null).execute();
}

/** A profile the shop's SM-DP+ issued for an order unit (never a pool or outside profile). */
/**
 * The profile an SM-DP+ reports on by ICCID: one it issued (on demand, one per ordered unit), or
 * a sold pool profile whose SM-DP+ address is among those it also serves.
 */
export function findReportedByIccid(db: Executor, iccid: string, poolAddresses: readonly string[]) {
  return db
    .selectFrom('esims')
    .selectAll()
    .where('iccid', '=', iccid)
    .where((eb) => {
      const issued = eb('unit_index', 'is not', null);
      if (poolAddresses.length === 0) return issued;
      return eb.or([issued, eb.and([eb('unit_index', 'is', null), eb('dp_address', 'in', poolAddresses), eb('record_status', '!=', 'unassigned')])]);
    })
    .executeTakeFirst();
}

/** A pool profile's ICCID by its SM-DP+ address and activation code (none for an on-demand one or one without an ICCID). */
export function findPoolIccid(db: Executor, dpAddress: string, activationCode: string) {
  return db
    .selectFrom('esims')
    .select('iccid')
    .where('dp_address', '=', dpAddress)
    .where('activation_code', '=', activationCode)
    .where('unit_index', 'is', null)
    .where('iccid', 'is not', null)
    .executeTakeFirst();
}

export async function updateProfile(db: Executor, id: number, changes: Partial<{ activation_status: ActivationStatus; record_status: EsimRecordStatus; eid: string; added: number; added_at: number }>, now: number) {
  await db.updateTable('esims').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function insertInstallLog(db: Executor, row: { esimId: number; type: InstallLogType; eid: string | null; now: number }) {
  await db.insertInto('esim_install_logs').values({ esim_id: row.esimId, type: row.type, eid: row.eid, created_at: row.now }).execute();
}

/** Records a notification key once; false for a replay. */
export async function recordNotification(db: Executor, row: { key: string; iccid: string; point: number; now: number }): Promise<boolean> {
  const res = await db.insertInto('smdp_notifications').values({ key: row.key, iccid: row.iccid, point: row.point, created_at: row.now }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function esimSourcesOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'esim_source', 'profile_type']).where('id', 'in', productIds).execute();
}

export function searchOwn(db: Executor, userId: number, column: 'eid' | 'iccid' | 'activation_code', value: string) {
  return withNames(db).where('esims.user_id', '=', userId).where(`esims.${column}`, '=', value).orderBy('esims.id', 'desc').limit(50).execute();
}

export function findByActivationCode(db: Executor, activationCode: string) {
  return db.selectFrom('esims').selectAll().where('activation_code', '=', activationCode).executeTakeFirst();
}

/** Claims a profile nobody holds yet; false when someone was first. */
export async function claim(db: Executor, id: number, userId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('esims')
    .set({ user_id: userId, added: 1, added_at: now, assigned_at: now, record_status: 'assigned', updated_at: now })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The order's eSIMs a refund takes back: those never installed. */
export function uninstalledOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('esims')
    .select(['id', 'iccid', 'unit_index'])
    .where('order_id', '=', orderId)
    .where('activation_status', '=', 0)
    .where('record_status', '=', 'assigned')
    .execute();
}

/**
 * The order's eSIMs and how many of them the SM-DP+ never reported downloading or installing.
 * With `claim` those are written (their `updated_at`) in the caller's transaction, so a progress
 * report racing it waits for the transaction, and one that came first is seen (PostgreSQL re-reads
 * the row before updating it).
 */
export async function untouchedOfOrder(db: Executor, orderId: number, claim: { now: number } | null): Promise<{ all: number; untouched: number }> {
  const all = await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  if (claim) {
    const res = await db.updateTable('esims').set({ updated_at: claim.now }).where('order_id', '=', orderId).where('activation_status', '=', 0).where('record_status', '=', 'assigned').executeTakeFirst();
    return { all: Number(all.n), untouched: Number(res.numUpdatedRows) };
  }
  const row = await db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).where('activation_status', '=', 0).where('record_status', '=', 'assigned').executeTakeFirstOrThrow();
  return { all: Number(all.n), untouched: Number(row.n) };
}

export async function discard(db: Executor, ids: readonly number[], now: number) {
  if (ids.length) await db.updateTable('esims').set({ record_status: 'discarded', updated_at: now }).where('id', 'in', ids).execute();
}

/** Each on-sale pool eSIM SKU with its free (unassigned) profiles. */
export function poolLevels(db: Executor) {
  return db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .leftJoin('esims', (join) => join.onRef('esims.sku_id', '=', 'product_skus.id').on('esims.record_status', '=', 'unassigned'))
    .select(['product_skus.id', 'product_skus.code', 'products.key', 'products.name_en', 'products.name_zh', (eb) => eb.fn.count<number>('esims.id').as('free')])
    .where('products.kind', '=', 'esim')
    .where('products.esim_source', '=', 'pool')
    .where('products.on_sale', '=', 1)
    .groupBy(['product_skus.id', 'product_skus.code', 'products.key', 'products.name_en', 'products.name_zh'])
    .execute();
}

/** Profiles per pool SKU by record status, for the console's pool levels. */
export function profileCountsBySku(db: Executor, skuIds: readonly number[]) {
  if (skuIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('esims')
    .select(['sku_id', 'record_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sku_id', 'in', [...skuIds])
    .groupBy(['sku_id', 'record_status'])
    .execute();
}

export interface PoolFilter {
  q?: string | undefined;
  freeBelow?: number | undefined;
  /** One merchant's pools. */
  merchantId?: number | undefined;
}

const freeProfiles = sql<number>`(select count(*) from esims e where e.sku_id = product_skus.id and e.record_status = 'unassigned')`;

/** The SKUs of pool eSIM products (on sale or not), with their free profiles and reseller class. */
function poolSkus(db: Executor, f: PoolFilter) {
  let q = db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .leftJoin('reseller_esim_classes', 'reseller_esim_classes.sku_id', 'product_skus.id')
    .where('products.kind', '=', 'esim')
    .where('products.esim_source', '=', 'pool');
  if (f.merchantId !== undefined) q = q.where('products.merchant_id', '=', f.merchantId);
  if (f.q) q = q.where(containsAnyText(['product_skus.code', 'products.key', 'products.name_en', 'products.name_zh'], f.q));
  if (f.freeBelow !== undefined) q = q.where(freeProfiles, '<', f.freeBelow);
  return q;
}

export function listPoolSkus(db: Executor, f: PoolFilter, page: { offset: number; limit: number; sort: 'code' | 'free'; order: 'asc' | 'desc' }) {
  return pageWithTotal(poolSkus(db, f), (q) =>
    q
      .select([
        'product_skus.id',
        'product_skus.code',
        'product_skus.options',
        'product_skus.stock',
        'product_skus.price',
        'product_skus.wholesale_price',
        'products.currency',
        'products.id as product_id',
        'products.key',
        'products.name_en',
        'products.name_zh',
        'products.specs',
        'products.on_sale',
        'reseller_esim_classes.class',
        'reseller_esim_classes.enabled',
        freeProfiles.as('free'),
      ])
      .orderBy(page.sort === 'free' ? 'free' : 'product_skus.code', page.order)
      .orderBy('product_skus.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  );
}

/** eSIMs with an owner, by their activation status (the pool's unassigned profiles aside). */
export async function countAssignedByActivation(db: Executor): Promise<Array<{ status: ActivationStatus; count: number }>> {
  const rows = await db.selectFrom('esims').select(['activation_status as status', (eb) => eb.fn.countAll<number | string>().as('count')]).where('user_id', 'is not', null).groupBy('activation_status').execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}
