import type { EsimClass, EsimRecordStatus } from '@simshop/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { EsimBatchesTable } from './reseller-esim.table.ts';

/** A generate-able class: the pool SKU, its product (name, currency) and prices. */
const classRows = (db: Executor) =>
  db
    .selectFrom('reseller_esim_classes')
    .innerJoin('product_skus', 'product_skus.id', 'reseller_esim_classes.sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'reseller_esim_classes.sku_id',
      'reseller_esim_classes.class',
      'product_skus.price',
      'product_skus.wholesale_price',
      'product_skus.stock',
      'products.name_en',
      'products.name_zh',
      'products.currency',
      'products.wholesale_min_qty',
      'product_skus.code',
      'reseller_esim_classes.enabled',
      'reseller_esim_classes.sort',
    ]);

/** Every class, open or closed, for the owner. */
export function allClasses(db: Executor) {
  return classRows(db).orderBy('reseller_esim_classes.sort').orderBy('reseller_esim_classes.sku_id').execute();
}

export function listClasses(db: Executor) {
  return classRows(db).where('reseller_esim_classes.enabled', '=', 1).orderBy('reseller_esim_classes.sort').orderBy('reseller_esim_classes.sku_id').execute();
}

export function findClass(db: Executor, skuId: number) {
  return classRows(db).where('reseller_esim_classes.enabled', '=', 1).where('reseller_esim_classes.sku_id', '=', skuId).executeTakeFirst();
}

/** Unassigned profiles per pool SKU. */
export async function unassignedCounts(db: Executor, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('esims')
    .select(['sku_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sku_id', 'in', skuIds)
    .where('record_status', '=', 'unassigned')
    .groupBy('sku_id')
    .execute();
  return new Map(rows.map((r) => [r.sku_id!, Number(r.n)]));
}

export async function upsertClass(db: Executor, row: { skuId: number; class: EsimClass; sort: number; enabled: boolean; now: number }) {
  await db
    .insertInto('reseller_esim_classes')
    .values({ sku_id: row.skuId, class: row.class, sort: row.sort, enabled: row.enabled ? 1 : 0, created_at: row.now })
    .onConflict((oc) => oc.column('sku_id').doUpdateSet({ class: row.class, sort: row.sort, enabled: row.enabled ? 1 : 0 }))
    .execute();
}

/**
 * Takes up to `quantity` unassigned profiles of a pool SKU for a reseller and returns their ids.
 * As in the shop's own assignment (esim.repository `assignFromPool`): on PostgreSQL the
 * candidates are locked and skipped by concurrent takers; on SQLite the writer lock does it; the
 * status check in the update means a profile goes to one owner only, whatever happens.
 */
export async function takeFromPool(db: Executor, opts: { skuId: number; quantity: number; userId: number; now: number; postgres: boolean }): Promise<number[]> {
  let candidates = db.selectFrom('esims').select('id').where('sku_id', '=', opts.skuId).where('record_status', '=', 'unassigned').where('user_id', 'is', null).orderBy('id').limit(opts.quantity);
  if (opts.postgres) candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('esims')
    .set({ user_id: opts.userId, record_status: 'assigned', assigned_at: opts.now, updated_at: opts.now })
    .where('id', 'in', ids)
    .where('record_status', '=', 'unassigned')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertBatch(db: Executor, row: Insertable<EsimBatchesTable>) {
  return (await db.insertInto('esim_batches').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertBatchItems(db: Executor, batchId: number, esimIds: readonly number[]) {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < esimIds.length; i += 400) {
    await db
      .insertInto('esim_batch_items')
      .values(esimIds.slice(i, i + 400).map((esimId) => ({ esim_id: esimId, batch_id: batchId })))
      .execute();
  }
}

/** The caller's eSIMs with the batch they were generated in (if any) and their product's name. */
const ownEsims = (db: Executor, userId: number) =>
  db
    .selectFrom('esims')
    .leftJoin('esim_batch_items', 'esim_batch_items.esim_id', 'esims.id')
    .leftJoin('esim_batches', 'esim_batches.id', 'esim_batch_items.batch_id')
    .leftJoin('product_skus', 'product_skus.id', 'esims.sku_id')
    .leftJoin('products', 'products.id', 'product_skus.product_id')
    .leftJoin('orders', 'orders.id', 'esims.order_id')
    .selectAll('esims')
    .select(['esim_batches.batch_no', 'products.name_en', 'products.name_zh', 'orders.order_no'])
    .where('esims.user_id', '=', userId);

export interface GeneratedFilter {
  batchNo?: string | undefined;
  class?: EsimClass | undefined;
  status?: EsimRecordStatus | undefined;
}

function generated(db: Executor, userId: number, filter: GeneratedFilter) {
  let q = ownEsims(db, userId).where('esim_batches.id', 'is not', null);
  if (filter.batchNo) q = q.where('esim_batches.batch_no', '=', filter.batchNo);
  if (filter.class !== undefined) q = q.where('esims.class', '=', filter.class);
  if (filter.status) q = q.where('esims.record_status', '=', filter.status);
  return q;
}

export function listGenerated(db: Executor, userId: number, filter: GeneratedFilter, offset: number, limit: number) {
  return generated(db, userId, filter).orderBy('esims.assigned_at', 'desc').orderBy('esims.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countGenerated(db: Executor, userId: number, filter: GeneratedFilter) {
  let q = db
    .selectFrom('esims')
    .innerJoin('esim_batch_items', 'esim_batch_items.esim_id', 'esims.id')
    .innerJoin('esim_batches', 'esim_batches.id', 'esim_batch_items.batch_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('esims.user_id', '=', userId);
  if (filter.batchNo) q = q.where('esim_batches.batch_no', '=', filter.batchNo);
  if (filter.class !== undefined) q = q.where('esims.class', '=', filter.class);
  if (filter.status) q = q.where('esims.record_status', '=', filter.status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A batch's eSIMs in the order the generated list shows them: the shop puts this answer in that list's place, and a refetch must not reorder it. */
export function esimsOfBatch(db: Executor, userId: number, batchId: number) {
  return ownEsims(db, userId).where('esim_batches.id', '=', batchId).orderBy('esims.assigned_at', 'desc').orderBy('esims.id', 'desc').execute();
}

export function searchOwn(db: Executor, userId: number, column: 'iccid' | 'activation_code' | 'eid', value: string) {
  return ownEsims(db, userId).where(`esims.${column}`, '=', value).orderBy('esims.id', 'desc').limit(50).execute();
}

export function batchesOf(db: Executor, userId: number, batchNo: string | undefined, offset: number, limit: number) {
  let q = db
    .selectFrom('esim_batches')
    .innerJoin('product_skus', 'product_skus.id', 'esim_batches.sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .selectAll('esim_batches')
    .select(['products.name_en', 'products.name_zh'])
    .where('esim_batches.user_id', '=', userId);
  if (batchNo) q = q.where('esim_batches.batch_no', '=', batchNo);
  return q.orderBy('esim_batches.created_at', 'desc').orderBy('esim_batches.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countBatches(db: Executor, userId: number, batchNo: string | undefined) {
  let q = db.selectFrom('esim_batches').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
  if (batchNo) q = q.where('batch_no', '=', batchNo);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function findBatch(db: Executor, userId: number, batchId: number) {
  return db
    .selectFrom('esim_batches')
    .innerJoin('product_skus', 'product_skus.id', 'esim_batches.sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .selectAll('esim_batches')
    .select(['products.name_en', 'products.name_zh'])
    .where('esim_batches.user_id', '=', userId)
    .where('esim_batches.id', '=', batchId)
    .executeTakeFirst();
}
