import type { ProductKind } from '@simshop/contract';
import { inKeyList, keyList } from '../../db/coalesced-read.ts';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Insertable } from 'kysely';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';

export interface ShopFilter {
  kind?: ProductKind | undefined;
  labelId?: number | undefined;
  /** Covers any of these ISO codes (coverage is stored as `,JP,KR,`). */
  countries?: readonly string[] | undefined;
  /** One merchant's products. */
  merchantId?: number | undefined;
  /** Kinds left out (those for resellers only, when a regular customer asks). */
  exceptKinds?: readonly ProductKind[] | undefined;
}

function onSale(db: Executor, f: ShopFilter) {
  // A suspended (or not yet approved) merchant's products leave the shop.
  // Data add-ons are offered on the page of an eSIM they fit, not in the shop's lists.
  let q = db.selectFrom('products').where('on_sale', '=', 1).where('kind', '!=', 'esim_addon').where('merchant_id', 'in', db.selectFrom('merchants').select('merchants.id').where('merchants.status', '=', 'active'));
  if (f.merchantId !== undefined) q = q.where('merchant_id', '=', f.merchantId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.exceptKinds?.length) q = q.where('kind', 'not in', f.exceptKinds);
  const labelId = f.labelId;
  if (labelId !== undefined) q = q.where((eb) => eb.exists(eb.selectFrom('product_labels').select('product_labels.label_id').whereRef('product_labels.product_id', '=', 'products.id').where('product_labels.label_id', '=', labelId)));
  const countries = f.countries;
  if (countries?.length) q = q.where((eb) => eb.or(countries.map((c) => eb('coverage', 'like', `%,${c},%`))));
  return q;
}

export function listProducts(db: Executor, opts: ShopFilter & { offset: number; limit: number }) {
  return onSale(db, opts).selectAll().orderBy('sort').orderBy('id').offset(opts.offset).limit(opts.limit).execute();
}

/** The columns a shop list shows (no descriptions or agreements: the detail's; the travel plan for a destination's networks). */
export const SHOP_LIST_COLUMNS = ['id', 'kind', 'name_en', 'name_zh', 'subtitle_en', 'subtitle_zh', 'images', 'currency', 'wholesale_min_qty', 'sold_out', 'coverage', 'specs', 'merchant_id', 'travel'] as const;

export function listShopProducts(db: Executor, opts: ShopFilter & { offset: number; limit: number }) {
  return onSale(db, opts).select(SHOP_LIST_COLUMNS).orderBy('sort').orderBy('id').offset(opts.offset).limit(opts.limit).execute();
}

/**
 * The catalogue's version (migration 0026, raised by triggers with every catalogue write) and the
 * live stock of these SKUs in one statement, so one snapshot: what every shop catalogue
 * request asks. One SQL text whatever the SKUs (a JSON list on SQLite, an array on PostgreSQL), so
 * it is prepared once and one statement can serve many requests' SKUs (catalogue-cache.ts). One
 * row per SKU found, or one row with a null id when none is.
 */
const versionAndStockOf = preparedQuery((db, v: { skuIds: string }) =>
  db
    .selectFrom('catalogue_version as v')
    .leftJoin('product_skus as s', (join) => join.on(inKeyList(db, 's.id', v.skuIds, 'integer')))
    .select(['v.version', 's.id', 's.stock'])
    .where('v.id', '=', 1),
);

export async function versionAndStock(db: Executor, skuIds: readonly number[]): Promise<{ version: number; stock: Map<number, number | null> }> {
  const rows = await versionAndStockOf.execute(db, { skuIds: keyList(db, skuIds) });
  if (!rows[0]) throw new Error('catalogue_version has no row: migration 0026 did not run');
  const stock = new Map<number, number | null>();
  for (const r of rows) if (r.id !== null) stock.set(r.id, r.stock);
  return { version: Number(rows[0].version), stock };
}

/** A product's shown reviews in one query: how many, and the sum and count of their ratings. */
export async function commentStats(db: Executor, productId: number): Promise<{ count: number; ratingSum: number; ratingCount: number }> {
  const row = await db
    .selectFrom('product_comments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('sum'), eb.fn.count<number>('rating').as('rated')])
    .where('product_id', '=', productId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), ratingSum: Number(row.sum ?? 0), ratingCount: Number(row.rated) };
}

export async function countProducts(db: Executor, f: ShopFilter = {}) {
  return Number((await onSale(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export function findProduct(db: Executor, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A merchant's data add-on products on sale in one add-on family, in the shop's order. */
export function addonProductsOfFamily(db: Executor, family: string, merchantId: number) {
  return db.selectFrom('products').selectAll().where('kind', '=', 'esim_addon').where('on_sale', '=', 1).where('addon_family', '=', family).where('merchant_id', '=', merchantId).orderBy('sort').orderBy('id').execute();
}

export function skusOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_skus').selectAll().where('product_id', 'in', productIds).orderBy('sort').orderBy('id').execute();
}

// A checkout prices its lines from these two: built once per number of lines (db/prepared-query.ts).
const skusWithIds = preparedQuery((db, v: { ids: readonly number[] }) => db.selectFrom('product_skus').selectAll().where('id', 'in', v.ids));
const productsWithIds = preparedQuery((db, v: { ids: readonly number[] }) => db.selectFrom('products').selectAll().where('id', 'in', v.ids));

export function findSkus(db: Executor, skuIds: readonly number[]) {
  if (skuIds.length === 0) return Promise.resolve([]);
  return skusWithIds.execute(db, { ids: skuIds });
}

export function findProducts(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return productsWithIds.execute(db, { ids });
}

/** Takes stock for an order: succeeds only while enough is left, so concurrent buyers cannot oversell. */
// Every counted-stock checkout line makes it: built once (db/prepared-query.ts).
const takeSkuStock = preparedQuery((db, v: { skuId: number; quantity: number }) =>
  db
    .updateTable('product_skus')
    .set((eb) => ({ stock: eb('stock', '-', v.quantity) }))
    .where('id', '=', v.skuId)
    .where('stock', '>=', v.quantity),
);

export async function takeStock(db: Executor, skuId: number, quantity: number): Promise<boolean> {
  return Number((await takeSkuStock.result(db, { skuId, quantity })).numAffectedRows) === 1;
}

export async function returnStock(db: Executor, skuId: number, quantity: number) {
  await db
    .updateTable('product_skus')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', skuId)
    .where('stock', 'is not', null)
    .execute();
}

// Comments staff hid (console, migration 0015) never reach the shop: neither listed nor counted.
export function commentsOf(db: Executor, productId: number, offset: number, limit: number) {
  return db.selectFrom('product_comments').selectAll().where('product_id', '=', productId).where('hidden', '=', 0).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countComments(db: Executor, productId: number) {
  return Number((await db.selectFrom('product_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).where('hidden', '=', 0).executeTakeFirstOrThrow()).n);
}

/** The shown reviews' ratings: their sum and how many. */
export async function ratingOf(db: Executor, productId: number): Promise<{ sum: number; count: number }> {
  const row = await db
    .selectFrom('product_comments')
    .select((eb) => [eb.fn.sum<number>('rating').as('sum'), eb.fn.count<number>('rating').as('count')])
    .where('product_id', '=', productId)
    .where('hidden', '=', 0)
    .where('rating', 'is not', null)
    .executeTakeFirstOrThrow();
  return { sum: Number(row.sum ?? 0), count: Number(row.count) };
}

export async function insertComment(db: Executor, row: { productId: number; userId: number | null; nickname: string; avatar: string | null; content: string; reply?: string | null; now: number }) {
  return db
    .insertInto('product_comments')
    .values({ product_id: row.productId, user_id: row.userId, nickname: row.nickname, avatar: row.avatar, content: row.content, images: '', reply: row.reply ?? null, created_at: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertProduct(db: Executor, product: Insertable<ProductsTable>) {
  return (await db.insertInto('products').values(product).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findProductIdByKey(db: Executor, key: string): Promise<number | undefined> {
  return (await db.selectFrom('products').select('id').where('key', '=', key).executeTakeFirst())?.id;
}

export async function productIdsByKeys(db: Executor, keys: readonly string[]): Promise<Array<{ id: number; key: string }>> {
  if (keys.length === 0) return [];
  return db.selectFrom('products').select(['id', 'key']).where('key', 'in', [...keys]).execute();
}

export async function insertSku(db: Executor, sku: Insertable<ProductSkusTable>) {
  return (await db.insertInto('product_skus').values(sku).returning('id').executeTakeFirstOrThrow()).id;
}

export function findSkuByCode(db: Executor, code: string) {
  return db.selectFrom('product_skus').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function updateSku(db: Executor, id: number, changes: Partial<{ price: number; wholesale_price: number | null; stock: number | null; sold_out: number; data_mb: number | null; validity_days: number | null; prices: string }>) {
  await db.updateTable('product_skus').set(changes).where('id', '=', id).execute();
}

/** On-sale SKUs whose stock is counted and at or below `threshold` (eSIM pools aside: their level is the pool's). */
export function lowStockSkus(db: Executor, threshold: number, limit: number) {
  return db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select(['product_skus.id', 'product_skus.code', 'product_skus.stock', 'products.key', 'products.name_en', 'products.name_zh'])
    .where('product_skus.stock', 'is not', null)
    .where('product_skus.stock', '<=', threshold)
    .where('products.on_sale', '=', 1)
    .where((eb) => eb.not(eb.and([eb('products.kind', '=', 'esim'), eb('products.esim_source', '=', 'pool')])))
    .orderBy('product_skus.stock')
    .orderBy('product_skus.id')
    .limit(limit)
    .execute();
}
