import type { EditableKind, ProductKind } from '@simshop/contract';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';
import { containsAnyText, containsText } from '../../db/text-search.ts';

/** The console's catalogue queries; the shop's are in catalogue.repository. Top-ups are never shown. */
export interface ProductFilter {
  q?: string | undefined;
  kind?: ProductKind | undefined;
  onSale?: boolean | undefined;
  labelId?: number | undefined;
  /** One merchant's products (forced to their own for merchant staff). */
  merchantId?: number | undefined;
}

function filtered(db: Executor, f: ProductFilter) {
  let q = db.selectFrom('products').where('products.kind', '!=', 'topup');
  if (f.q) {
    const text = f.q;
    q = q.where((eb) =>
      eb.or([
        containsAnyText(['products.name_en', 'products.name_zh', 'products.key'], text),
        eb.exists(eb.selectFrom('product_skus').select('product_skus.id').whereRef('product_skus.product_id', '=', 'products.id').where(containsText('product_skus.code', text))),
      ]),
    );
  }
  if (f.kind) q = q.where('products.kind', '=', f.kind);
  if (f.merchantId !== undefined) q = q.where('products.merchant_id', '=', f.merchantId);
  if (f.onSale !== undefined) q = q.where('products.on_sale', '=', f.onSale ? 1 : 0);
  if (f.labelId !== undefined) {
    const labelId = f.labelId;
    q = q.where((eb) => eb.exists(eb.selectFrom('product_labels').select('product_labels.label_id').whereRef('product_labels.product_id', '=', 'products.id').where('product_labels.label_id', '=', labelId)));
  }
  return q;
}

const SORT_COLUMNS = { sort: 'products.sort', updatedAt: 'products.updated_at', key: 'products.key' } as const;

export function listProducts(db: Executor, f: ProductFilter, page: { offset: number; limit: number; sort: 'sort' | 'updatedAt' | 'key' | 'price'; order: 'asc' | 'desc' }) {
  const direction = page.order === 'asc' ? sql`asc` : sql`desc`;
  return pageWithTotal(filtered(db, f), (q) => {
    // The filter leaves the top-ups out: every row is a kind staff edit.
    const rows = q.selectAll('products').$narrowType<{ kind: EditableKind }>();
    const sorted =
      page.sort === 'price'
        ? rows.orderBy(sql`(select min(s.price) from product_skus s where s.product_id = products.id) ${direction}`)
        : rows.orderBy(SORT_COLUMNS[page.sort], page.order);
    return sorted.orderBy('products.id', page.order).limit(page.limit).offset(page.offset).execute();
  });
}

/**
 * Applies an edit only if nobody saved the product since `version`, raising the version: the
 * number of rows changed is 0 when someone was first (or the product is gone).
 */
export async function updateProductAtVersion(db: Executor, id: number, version: number, changes: Updateable<ProductsTable>): Promise<number> {
  const res = await db
    .updateTable('products')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Marks a product changed by something other than its editor (an import, a class price), so an open editor's save is refused. */
export async function touchProduct(db: Executor, id: number, now: number) {
  await db
    .updateTable('products')
    .set({ version: sql<number>`version + 1`, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function findSkusByCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_skus').selectAll().where('code', 'in', [...codes]).execute();
}

export function findSku(db: Executor, id: number) {
  return db.selectFrom('product_skus').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateSku(db: Executor, id: number, changes: Updateable<ProductSkusTable>) {
  await db.updateTable('product_skus').set(changes).where('id', '=', id).execute();
}

export async function deleteSku(db: Executor, id: number) {
  await db.deleteFrom('product_skus').where('id', '=', id).execute();
}

/** Whether anything that must outlive the SKU points at it: an order, an eSIM profile, a reseller class or batch. */
export async function skuInUse(db: Executor, skuId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('order_items').select('id').where('sku_id', '=', skuId)),
          eb.exists(eb.selectFrom('esims').select('id').where('sku_id', '=', skuId)),
          eb.exists(eb.selectFrom('reseller_esim_classes').select('sku_id').where('sku_id', '=', skuId)),
          eb.exists(eb.selectFrom('esim_batches').select('id').where('sku_id', '=', skuId)),
        ])
        .as('used'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.used);
}
