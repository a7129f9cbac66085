import type { MerchantStatus } from '@simshop/contract';
import { PostgresAdapter, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import type { MerchantsTable } from './merchants.table.ts';

export type MerchantRow = Selectable<MerchantsTable>;

// Asked for every order of a checkout: built once (db/prepared-query.ts).
const merchantById = preparedQuery((db, v: { id: number }) => db.selectFrom('merchants').selectAll().where('id', '=', v.id));

export function findById(db: Executor, id: number) {
  return merchantById.takeFirst(db, { id });
}

export function findByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('merchants').selectAll().where('id', 'in', ids).execute();
}

/**
 * Holds the merchant's row until the transaction ends, so that writes about one merchant which
 * check before they write (a settlement's overlap) go one at a time. PostgreSQL only: SQLite's
 * transactions begin immediate, one writer at a time already.
 */
export async function lockRow(db: Executor, id: number): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.selectFrom('merchants').select('id').where('id', '=', id).forUpdate().execute();
}

export function listAll(db: Executor) {
  return db.selectFrom('merchants').selectAll().orderBy('id').execute();
}

export function listActive(db: Executor) {
  return db.selectFrom('merchants').selectAll().where('status', '=', 'active').orderBy('id').execute();
}

/** The applicant's merchant, if any (one per customer: applied, active or suspended). */
export function findByApplicant(db: Executor, userId: number) {
  return db.selectFrom('merchants').selectAll().where('applicant_user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
}

export interface ListFilter {
  q?: string | undefined;
  status?: MerchantStatus | undefined;
}

function filtered(db: Executor, f: ListFilter) {
  let q = db.selectFrom('merchants');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('name_en', 'like', like), eb('name_zh', 'like', like), eb('contact_email', 'like', like)]));
  }
  return q;
}

export async function list(db: Executor, f: ListFilter, page: { offset: number; limit: number; sort: 'created_at' | 'name_en'; order: 'asc' | 'desc' }) {
  const rows = await filtered(db, f).selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute();
  const total = Number((await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { rows, total };
}

export async function insert(db: Executor, row: Insertable<MerchantsTable>) {
  return db.insertInto('merchants').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates only while the row is still at `version`; undefined when someone else saved meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<MerchantsTable>) => updateRowAtVersion(db, 'merchants', id, version, changes);

export async function countsOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return { products: new Map<number, number>(), staff: new Map<number, number>() };
  const products = await db.selectFrom('products').select(['merchant_id', (eb) => eb.fn.countAll<number>().as('n')]).where('merchant_id', 'in', ids).groupBy('merchant_id').execute();
  const staff = await db.selectFrom('staff').select(['merchant_id', (eb) => eb.fn.countAll<number>().as('n')]).where('merchant_id', 'in', ids).groupBy('merchant_id').execute();
  return {
    products: new Map(products.map((r) => [Number(r.merchant_id), Number(r.n)])),
    staff: new Map(staff.map((r) => [Number(r.merchant_id), Number(r.n)])),
  };
}

export function applicantAccounts(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'tel']).where('id', 'in', userIds).execute();
}

// --- ownership: the merchant an admin action's object belongs to (null: platform-wide, undefined: no such object) ---

export async function productOwner(db: Executor, id: number) {
  return (await db.selectFrom('products').select('merchant_id').where('id', '=', id).executeTakeFirst())?.merchant_id;
}

export async function skuOwner(db: Executor, skuId: number) {
  return (await db.selectFrom('product_skus').innerJoin('products', 'products.id', 'product_skus.product_id').select('products.merchant_id').where('product_skus.id', '=', skuId).executeTakeFirst())?.merchant_id;
}

export async function orderOwner(db: Executor, orderNo: string) {
  return (await db.selectFrom('orders').select('merchant_id').where('order_no', '=', orderNo).executeTakeFirst())?.merchant_id;
}

export async function storeOwner(db: Executor, id: number) {
  return (await db.selectFrom('stores').select('merchant_id').where('id', '=', id).executeTakeFirst())?.merchant_id;
}

export async function couponOwner(db: Executor, id: number) {
  const row = await db.selectFrom('coupons').select('merchant_id').where('id', '=', id).executeTakeFirst();
  return row ? row.merchant_id : undefined;
}

export async function commentOwner(db: Executor, id: number) {
  return (await db.selectFrom('product_comments').innerJoin('products', 'products.id', 'product_comments.product_id').select('products.merchant_id').where('product_comments.id', '=', id).executeTakeFirst())?.merchant_id;
}
