import { itemInputSchema, productKindSchema, serverErrors } from '@simshop/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as catalogue from './catalogue.repository.ts';

/**
 * Catalogue import for the owner (CSV, one row per SKU). Rows with the same `product` key form
 * one product; `spec_en`/`spec_zh` name its one specification group and `option_en`/`option_zh`
 * each SKU's value in it. Existing SKU codes are updated (price, stock), new ones added.
 */
const money = z.coerce.number().nonnegative().transform((v) => Math.round(v * 100));
const optionalInt = z.union([z.literal('').transform(() => null), z.coerce.number().int().nonnegative()]);

export const productRowSchema = z.object({
  product: z.string().min(1),
  sku: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  // Top-ups are the shop's own hidden products (balance top-up orders), never imported for sale.
  kind: productKindSchema.exclude(['topup']),
  name_en: z.string().min(1),
  name_zh: z.string().default(''),
  subtitle_en: z.string().default(''),
  subtitle_zh: z.string().default(''),
  description_en: z.string().default(''),
  description_zh: z.string().default(''),
  agreement_en: z.string().default(''),
  agreement_zh: z.string().default(''),
  images: z.string().default(''),
  currency: z.enum(['USD', 'CNY']),
  price: money,
  wholesale_price: z.union([z.literal('').transform(() => null), money]).prefault(''),
  wholesale_min_qty: optionalInt.prefault(''),
  stock: optionalInt.prefault(''),
  qty_min: z.coerce.number().int().min(1).default(1),
  qty_max: z.coerce.number().int().min(1).default(99),
  freight: z.union([z.literal('').transform(() => 0), money]).prefault(''),
  recharge_mb: optionalInt.prefault(''),
  inputs: z
    .string()
    .default('')
    .transform((v) => v.split('|').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(itemInputSchema)),
  spec_en: z.string().default(''),
  spec_zh: z.string().default(''),
  option_en: z.string().default(''),
  option_zh: z.string().default(''),
});

export interface ImportResult {
  products: number;
  skusAdded: number;
  skusUpdated: number;
}

/** Imports in one transaction: a bad row changes nothing and names its line. */
export async function importProducts(db: Database, rows: Array<Record<string, string>>, now: number): Promise<ImportResult> {
  const parsed = rows.map((row, i) => {
    const r = productRowSchema.safeParse(row);
    if (!r.success) throw new AppError(serverErrors.paramInvalid, `line ${i + 2}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`);
    return r.data;
  });
  const groups = new Map<string, typeof parsed>();
  for (const row of parsed) groups.set(row.product, [...(groups.get(row.product) ?? []), row]);
  const result: ImportResult = { products: 0, skusAdded: 0, skusUpdated: 0 };
  await db.transaction().execute(async (tx) => {
    for (const group of groups.values()) {
      const first = group[0]!;
      const existing = await Promise.all(group.map((r) => catalogue.findSkuByCode(tx, r.sku)));
      const optionsOf = (r: typeof first) => (r.option_en ? [{ en: r.option_en, zh: r.option_zh || r.option_en }] : []);
      const values = group.flatMap(optionsOf);
      let productId = existing.find(Boolean)?.product_id;
      if (productId === undefined) {
        // The CSV's product column is the product's stable key.
        if (await catalogue.findProductIdByKey(tx, first.product)) throw new AppError(serverErrors.alreadyExists, `product ${first.product}`);
        productId = await catalogue.insertProduct(tx, {
          key: first.product,
          kind: first.kind,
          name_en: first.name_en,
          name_zh: first.name_zh || first.name_en,
          subtitle_en: first.subtitle_en,
          subtitle_zh: first.subtitle_zh,
          description_en: first.description_en,
          description_zh: first.description_zh,
          agreement_en: first.agreement_en,
          agreement_zh: first.agreement_zh,
          images: first.images,
          currency: first.currency,
          wholesale_min_qty: first.wholesale_min_qty,
          qty_min: first.qty_min,
          qty_max: first.qty_max,
          freight: first.freight,
          specs: JSON.stringify(first.spec_en && values.length ? [{ en: first.spec_en, zh: first.spec_zh || first.spec_en, values }] : []),
          required_inputs: JSON.stringify(first.inputs),
          labels: '[]',
          sold_out: 0,
          on_sale: 1,
          sort: 100,
          created_at: now,
          updated_at: now,
        });
        result.products += 1;
      }
      for (const [i, row] of group.entries()) {
        const found = existing[i];
        if (found) {
          await catalogue.updateSku(tx, found.id, { price: row.price, wholesale_price: row.wholesale_price, stock: row.stock });
          result.skusUpdated += 1;
        } else {
          await catalogue.insertSku(tx, { product_id: productId, code: row.sku, options: JSON.stringify(optionsOf(row).length ? [i] : []), price: row.price, wholesale_price: row.wholesale_price, stock: row.stock, sold_out: 0, sort: i, recharge_mb: row.recharge_mb });
          result.skusAdded += 1;
        }
      }
    }
  });
  return result;
}

/** Sets stock by SKU code (`sku,stock`; an empty stock means not counted). */
export async function importStock(db: Database, rows: Array<Record<string, string>>): Promise<number> {
  const schema = z.object({ sku: z.string().min(1), stock: optionalInt });
  await db.transaction().execute(async (tx) => {
    for (const [i, row] of rows.entries()) {
      const r = schema.safeParse(row);
      if (!r.success) throw new AppError(serverErrors.paramInvalid, `line ${i + 2}`);
      const sku = await catalogue.findSkuByCode(tx, r.data.sku);
      if (!sku) throw new AppError(serverErrors.productNotFound, `line ${i + 2}: ${r.data.sku}`);
      await catalogue.updateSku(tx, sku.id, { stock: r.data.stock });
    }
  });
  return rows.length;
}
