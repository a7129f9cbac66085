import { sql, type Selectable } from 'kysely';
import { onPostgres, type Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { MerchantsTable } from '../merchants/merchants.table.ts';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';
import { findProducts, findSkus } from './catalogue.repository.ts';

/** What a checkout prices from: its SKUs, their products and those products' merchants (read only: the merchants module owns the rows). */
export interface CheckoutCatalogue {
  skus: Selectable<ProductSkusTable>[];
  products: Selectable<ProductsTable>[];
  merchants: Selectable<MerchantsTable>[];
}

/**
 * PostgreSQL: the three reads in one statement (one round trip instead of three per
 * checkout); the rows come back as JSON (these tables hold integers, bigints as numbers and text,
 * which row_to_json writes as their values). Products and merchants by `= any(array(…))`, which
 * a plan made while the catalogue is small answers with a scan of it: these tables grow slowly,
 * and the analyses that follow their growth make the plan again.
 */
const skusWithProductsAndMerchants = preparedQuery((db, v: { ids: readonly number[] }) =>
  db
    .with('s', (q) => q.selectFrom('product_skus').selectAll().where('id', 'in', v.ids))
    .with('p', (q) => q.selectFrom('products').selectAll().where(sql<boolean>`"id" = any(array(select "product_id" from "s"))`))
    .with('m', (q) => q.selectFrom('merchants').selectAll().where(sql<boolean>`"id" = any(array(select "merchant_id" from "p"))`))
    .selectNoFrom([
      sql<Selectable<ProductSkusTable>[] | null>`(select json_agg("s") from "s")`.as('skus'),
      sql<Selectable<ProductsTable>[] | null>`(select json_agg("p") from "p")`.as('products'),
      sql<Selectable<MerchantsTable>[] | null>`(select json_agg("m") from "m")`.as('merchants'),
    ]),
);
const merchantsWithIds = preparedQuery((db, v: { ids: readonly number[] }) => db.selectFrom('merchants').selectAll().where('id', 'in', v.ids));

/** A checkout's SKUs by id (unknown ids are left out), their products and the products' merchants. */
export async function checkoutCatalogue(db: Executor, skuIds: readonly number[]): Promise<CheckoutCatalogue> {
  if (skuIds.length === 0) return { skus: [], products: [], merchants: [] };
  if (onPostgres(db)) {
    const row = await skusWithProductsAndMerchants.takeFirst(db, { ids: skuIds });
    return { skus: row?.skus ?? [], products: row?.products ?? [], merchants: row?.merchants ?? [] };
  }
  // SQLite answers in the process: three reads cost less than building JSON.
  const skus = await findSkus(db, skuIds);
  const products = await findProducts(db, [...new Set(skus.map((s) => s.product_id))]);
  const merchantIds = [...new Set(products.map((p) => p.merchant_id))];
  const merchants = merchantIds.length === 0 ? [] : await merchantsWithIds.execute(db, { ids: merchantIds });
  return { skus, products, merchants };
}
