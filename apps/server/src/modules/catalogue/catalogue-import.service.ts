// CSV imports of products and stock (console and command line): one transaction each, so a wrong
// row changes nothing and the error names its line.
import {
  currencySchema,
  editableKindSchema,
  esimSourceSchema,
  imageEntries,
  itemInputSchema,
  productKeySchema,
  COUNTRY_CODES,
  countryCodeSchema,
  serverErrors,
  skuCodeSchema,
  skuPlanIssues,
  travelPlanIssues,
  travelPlanSchema,
  Currency,
  skuPricesIssues,
  type OtherPrices,
  type ProductCsvColumn,
  type TravelPlan,
} from '@simshop/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { CsvError, parseCsvRecords, type CsvRecord } from '../../lib/csv.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import * as admin from './catalogue-admin.repository.ts';
import * as catalogue from './catalogue.repository.ts';
import { coverageColumn, travelColumn } from './catalogue.service.ts';
import { firstForeignImage } from './product-images.ts';
import { sendBackInStockNotices } from './stock-notice.service.ts';
import { isPool } from './catalogue-admin.service.ts';

/** A wrong line of an import: nothing is written, the file's line is named. */
const rowInvalid = (line: number, reason: string) => new AppError(serverErrors.importRowInvalid, 'csv', { line, reason });

function readCsv(text: string): CsvRecord[] {
  try {
    return parseCsvRecords(text);
  } catch (err) {
    if (err instanceof CsvError) throw rowInvalid(err.line, 'a quoted field is not closed');
    throw err;
  }
}

/** Why a row failed validation, as the file's column names it. */
const zodReason = (error: z.ZodError) => {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`;
};

/** Amounts in CSV files are in major units (12.90). */
const money = z.coerce.number().nonnegative().max(1_000_000).transform((v) => Math.round(v * 100));

const optionalInt = z.union([z.literal('').transform(() => null), z.coerce.number().int().nonnegative()]);

/** Empty: none. */
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => null), schema]).prefault('');

/** `FR;DE;IT`: destinations, upper-cased (the console's picker offers only upper-case codes). */
const codeList = z
  .string()
  .default('')
  .transform((v) => v.split(';').map((c) => c.trim().toUpperCase()).filter(Boolean));

/** `FR:Orange|SFR;DE:Telekom`: each destination's operators, as the travel plan editor stores them. */
const networkList = z
  .string()
  .default('')
  .transform((v, ctx) =>
    v
      .split(';')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .flatMap((entry) => {
        const at = entry.indexOf(':');
        if (at < 1) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not COUNTRY:operator|operator` });
          return [];
        }
        return [{ country: entry.slice(0, at).trim().toUpperCase(), operators: entry.slice(at + 1).split('|').map((o) => o.trim()).filter(Boolean) }];
      }),
  );

/**
 * One row per SKU. Rows with the same `product` key form one product; `spec_en`/`spec_zh` name
 * its one specification group and `option_en`/`option_zh` each SKU's value in it. Existing SKU
 * codes are updated (price, wholesale price, stock; data and days when the file has
 * `validity_days`), new ones added. A new product's fields, its travel plan included, come from
 * its first row. Field rules are the console's (contract), so the two ways in accept the same
 * products. The columns are the contract's PRODUCT_CSV_COLUMNS, which the console lists.
 */
export const productRowSchema = z.object({
  product: productKeySchema,
  sku: skuCodeSchema,
  kind: editableKindSchema,
  name_en: z.string().min(1).max(100),
  name_zh: z.string().max(100).default(''),
  subtitle_en: z.string().max(200).default(''),
  subtitle_zh: z.string().max(200).default(''),
  description_en: z.string().default(''),
  description_zh: z.string().default(''),
  agreement_en: z.string().default(''),
  agreement_zh: z.string().default(''),
  images: z.string().default(''),
  currency: currencySchema,
  price: money,
  wholesale_price: z.union([z.literal('').transform(() => null), money]).prefault(''),
  wholesale_min_qty: optionalInt.prefault(''),
  stock: optionalInt.prefault(''),
  // Empty cells as absent columns: the console's template lists every column.
  qty_min: z.union([z.literal('').transform(() => 1), z.coerce.number().int().min(1)]).prefault(''),
  qty_max: z.union([z.literal('').transform(() => 99), z.coerce.number().int().min(1)]).prefault(''),
  freight: z.union([z.literal('').transform(() => 0), money]).prefault(''),
  recharge_mb: optionalInt.prefault(''),
  inputs: z
    .string()
    .default('')
    .transform((v) => v.split('|').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(itemInputSchema)),
  esim_source: z.union([z.literal('').transform(() => 'pool' as const), esimSourceSchema]).prefault(''),
  spec_en: z.string().default(''),
  spec_zh: z.string().default(''),
  option_en: z.string().default(''),
  option_zh: z.string().default(''),
  // Ranges are skuPlanIssues' (the contract's), checked per row below with the catalogue's words.
  data_mb: z.union([z.literal('').transform(() => null), z.string().regex(/^unlimited$/i).transform(() => null), z.coerce.number()]).prefault(''),
  validity_days: emptyIsNull(z.coerce.number()),
  coverage: codeList.pipe(z.array(countryCodeSchema).max(COUNTRY_CODES.length)),
  networks: networkList.pipe(travelPlanSchema.shape.networks),
  hotspot: emptyIsNull(z.enum(['yes', 'no']).transform((v) => v === 'yes')),
  validity_starts: emptyIsNull(travelPlanSchema.shape.validityStarts),
  price_usd: emptyIsNull(money),
  wholesale_price_usd: emptyIsNull(money),
  price_cny: emptyIsNull(money),
  wholesale_price_cny: emptyIsNull(money),
} satisfies Record<ProductCsvColumn, z.ZodType>);

type ProductCsvRow = z.infer<typeof productRowSchema> & { line: number; hasPlanColumns: boolean; prices: OtherPrices | null };

const CURRENCIES = Object.values(Currency);
const canonicalPrices = (p: OtherPrices) => JSON.stringify(Object.entries(p).sort(([a], [b]) => a.localeCompare(b)));
const priceColumns = (c: Currency) => ({ price: `price_${c.toLowerCase()}`, wholesale: `wholesale_price_${c.toLowerCase()}` }) as { price: ProductCsvColumn; wholesale: ProductCsvColumn };

/**
 * A row's prices in currencies other than its product's own, from the `price_<currency>` columns;
 * null for a file without them (written before them: the SKU's other prices stay as they are).
 */
function otherPricesOfRow(row: z.infer<typeof productRowSchema>, line: number, present: Record<string, string>): OtherPrices | null {
  if (!CURRENCIES.some((c) => priceColumns(c).price in present)) return null;
  const prices: OtherPrices = {};
  for (const c of CURRENCIES) {
    const cols = priceColumns(c);
    const price = row[cols.price] as number | null;
    const wholesale = row[cols.wholesale] as number | null;
    if (c === row.currency) {
      if (price !== null || wholesale !== null) throw rowInvalid(line, `${cols.price}: the product is priced in ${c} by price and wholesale_price; leave this empty`);
      continue;
    }
    if (price === null && wholesale !== null) throw rowInvalid(line, `${cols.wholesale}: give ${cols.price} too`);
    if (price !== null) prices[c] = { price, wholesalePrice: wholesale };
  }
  return prices;
}

const CSV_PLAN_COLUMN = { dataMb: 'data_mb', validityDays: 'validity_days' } as const;

/**
 * A new product's travel plan from its first row: none when no network, hotspot or start is
 * given (as the console sends it); otherwise the start is required, as in the editor.
 */
function travelPlanOfRow(row: ProductCsvRow): TravelPlan | null {
  if (row.networks.length === 0 && row.hotspot === null && row.validity_starts === null) return null;
  if (row.validity_starts === null) throw rowInvalid(row.line, 'validity_starts: say when the days start (first-connection, install or purchase) when networks or hotspot are given');
  return { networks: row.networks, hotspot: row.hotspot ?? false, validityStarts: row.validity_starts };
}

export interface ImportResult {
  products: number;
  skusAdded: number;
  skusUpdated: number;
}

/** Imports products from CSV in one transaction: a wrong row changes nothing and names its line. */
export async function importProducts(db: Database, actor: Actor, csv: string, now: number, imageHosts: readonly string[] = []): Promise<ImportResult> {
  const parsed: ProductCsvRow[] = readCsv(csv).map(({ line, row }) => {
    const r = productRowSchema.safeParse(row);
    if (!r.success) throw rowInvalid(line, zodReason(r.error));
    if (r.data.kind === 'esim' && r.data.esim_source === 'pool' && r.data.stock !== null) throw rowInvalid(line, 'stock: a pool eSIM takes its stock from its activation codes');
    if (r.data.recharge_mb !== null && r.data.kind !== 'recharge') throw rowInvalid(line, 'recharge_mb: only recharges add data');
    if (r.data.qty_min > r.data.qty_max) throw rowInvalid(line, 'qty_min: more than qty_max');
    if (firstForeignImage(imageEntries(r.data.images), imageHosts) >= 0) throw rowInvalid(line, 'images: upload the pictures or use an allowed image host (IMAGE_HOSTS)');
    const planIssue = skuPlanIssues(r.data.kind, { dataMb: r.data.data_mb, validityDays: r.data.validity_days })[0];
    if (planIssue) throw rowInvalid(line, `${CSV_PLAN_COLUMN[planIssue.field]}: ${planIssue.error.en}`);
    return { ...r.data, line, hasPlanColumns: 'validity_days' in row, prices: otherPricesOfRow(r.data, line, row) };
  });
  const groups = new Map<string, ProductCsvRow[]>();
  for (const row of parsed) groups.set(row.product, [...(groups.get(row.product) ?? []), row]);
  // A product with a specification needs every SKU's value in it, each SKU a different one.
  for (const group of groups.values()) {
    const first = group[0]!;
    const travelIssue = travelPlanIssues({ kind: first.kind, coverage: first.coverage, plan: travelPlanOfRow(first) })[0];
    if (travelIssue) throw rowInvalid(first.line, `${travelIssue.field}: ${travelIssue.error.en}`);
    // Shown in a currency only as a whole: every SKU has a price there or none does (as in the editor).
    const priceIssue = skuPricesIssues(group.map((r) => ({ prices: r.prices ?? undefined })))[0];
    if (priceIssue) {
      const [, index, , currency] = priceIssue.field.split('.');
      throw rowInvalid(group[Number(index)]!.line, `${priceColumns(currency as Currency).price}: ${priceIssue.error.en}`);
    }
    const seen = new Set<string>();
    for (const row of group) {
      if (Boolean(row.option_en) !== Boolean(group[0]!.option_en)) throw rowInvalid(row.line, 'option_en: every SKU of a product with a specification needs its value');
      if (row.option_en && seen.has(row.option_en)) throw rowInvalid(row.line, `option_en: ${row.option_en} is another SKU's value`);
      seen.add(row.option_en);
    }
  }
  const result: ImportResult = { products: 0, skusAdded: 0, skusUpdated: 0 };
  await db.transaction().execute(async (tx) => {
    for (const group of groups.values()) {
      const first = group[0]!;
      const existing = await Promise.all(group.map((r) => catalogue.findSkuByCode(tx, r.sku)));
      const optionsOf = (r: ProductCsvRow) => (r.option_en ? [{ en: r.option_en, zh: r.option_zh || r.option_en }] : []);
      const values = group.flatMap(optionsOf);
      let productId = existing.find(Boolean)?.product_id;
      for (const [i, found] of existing.entries()) if (found && found.product_id !== productId) throw rowInvalid(group[i]!.line, `sku: ${group[i]!.sku} belongs to another product`);
      if (productId === undefined) {
        // The CSV's product column is the product's stable key.
        if (await catalogue.findProductIdByKey(tx, first.product)) throw rowInvalid(first.line, `product: ${first.product} already exists; its SKUs can be updated, not added`);
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
          esim_source: first.esim_source,
          coverage: coverageColumn(first.coverage),
          travel: travelColumn(travelPlanOfRow(first)),
          created_at: now,
          updated_at: now,
        });
        result.products += 1;
        const plan = travelPlanOfRow(first);
        const facts = (r: ProductCsvRow) => ({ dataMb: r.data_mb, validityDays: r.validity_days });
        const travel = first.coverage.length || plan ? { coverage: first.coverage, plan } : {};
        const planned = group.filter((r) => r.validity_days !== null);
        const skuPlans = planned.length ? { skuPlans: Object.fromEntries(planned.map((r) => [r.sku, facts(r)])) } : {};
        await recordAudit(tx, actor, { action: 'product.import', targetType: 'product', targetId: productId, after: { key: first.product, skus: group.map((r) => r.sku), ...travel, ...skuPlans } }, now);
      } else {
        const product = (await catalogue.findProduct(tx, productId))!;
        const pool = isPool(product);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [i, row] of group.entries()) {
          const found = existing[i];
          if (!found) throw rowInvalid(row.line, `sku: ${row.sku} is new, but product ${row.product} already exists; add SKUs in the console`);
          if (pool && row.stock !== null) throw rowInvalid(row.line, 'stock: a pool eSIM takes its stock from its activation codes');
          // The SKU's own product decides whether it may have plan facts (the row's kind is not applied to it).
          const planIssue = row.hasPlanColumns ? skuPlanIssues(product.kind, { dataMb: row.data_mb, validityDays: row.validity_days })[0] : undefined;
          if (planIssue) throw rowInvalid(row.line, `${CSV_PLAN_COLUMN[planIssue.field]}: ${planIssue.error.en}`);
          // A file without the plan columns (written before them) leaves the SKU's plan as it is.
          const plan = row.hasPlanColumns ? { data_mb: row.data_mb, validity_days: row.validity_days } : {};
          const next = { price: row.price, wholesale_price: row.wholesale_price, ...(pool ? {} : { stock: row.stock }), ...plan, ...(row.prices ? { prices: JSON.stringify(row.prices) } : {}) };
          await catalogue.updateSku(tx, found.id, next);
          const planOf = (v: { data_mb: number | null; validity_days: number | null }) => (row.hasPlanColumns ? { dataMb: v.data_mb, validityDays: v.validity_days } : {});
          // Other currencies' prices are audited when the file changes them.
          const oldPrices = JSON.parse(found.prices) as OtherPrices;
          const prices = row.prices && canonicalPrices(row.prices) !== canonicalPrices(oldPrices) ? { before: { prices: oldPrices }, after: { prices: row.prices } } : { before: {}, after: {} };
          before[`sku ${found.code}`] = { price: found.price, wholesalePrice: found.wholesale_price, stock: found.stock, ...planOf(found), ...prices.before };
          after[`sku ${found.code}`] = { price: next.price, wholesalePrice: next.wholesale_price, stock: pool ? found.stock : row.stock, ...planOf({ data_mb: row.data_mb, validity_days: row.validity_days }), ...prices.after };
          result.skusUpdated += 1;
        }
        await admin.touchProduct(tx, productId, now);
        await recordAudit(tx, actor, { action: 'product.import', targetType: 'product', targetId: productId, ...changedFields(before, after) }, now);
        await sendBackInStockNotices(tx, { productIds: [productId] }, now);
        continue;
      }
      const pool = first.kind === 'esim' && first.esim_source === 'pool';
      const withOption = group.filter((r) => r.option_en);
      for (const [i, row] of group.entries()) {
        const value = withOption.indexOf(row);
        await catalogue.insertSku(tx, { product_id: productId, code: row.sku, options: JSON.stringify(value === -1 ? [] : [value]), price: row.price, wholesale_price: row.wholesale_price, stock: pool ? 0 : row.stock, sold_out: 0, sort: i, recharge_mb: row.recharge_mb, data_mb: row.data_mb, validity_days: row.validity_days, prices: JSON.stringify(row.prices ?? {}) });
        result.skusAdded += 1;
      }
    }
  });
  return result;
}

const stockRowSchema = z.object({ sku: skuCodeSchema, stock: optionalInt });

/** Sets stock by SKU code (`sku,stock`; an empty stock means not counted); pool eSIMs are refused. */
export async function importStock(db: Database, actor: Actor, csv: string, now: number): Promise<number> {
  const rows = readCsv(csv);
  await db.transaction().execute(async (tx) => {
    const changes = new Map<number, { before: Record<string, unknown>; after: Record<string, unknown> }>();
    for (const { line, row } of rows) {
      const r = stockRowSchema.safeParse(row);
      if (!r.success) throw rowInvalid(line, zodReason(r.error));
      const sku = await catalogue.findSkuByCode(tx, r.data.sku);
      const product = sku ? await catalogue.findProduct(tx, sku.product_id) : undefined;
      if (!sku || !product || product.kind === 'topup') throw rowInvalid(line, `sku: ${r.data.sku} is not in the shop`);
      if (isPool(product)) throw rowInvalid(line, `stock: ${r.data.sku} is a pool eSIM; its stock is its free activation codes`);
      await catalogue.updateSku(tx, sku.id, { stock: r.data.stock });
      const change = changes.get(product.id) ?? { before: {}, after: {} };
      change.before[`sku ${sku.code}`] = { stock: sku.stock };
      change.after[`sku ${sku.code}`] = { stock: r.data.stock };
      changes.set(product.id, change);
    }
    for (const [productId, change] of changes) {
      await admin.touchProduct(tx, productId, now);
      await recordAudit(tx, actor, { action: 'product.stock_import', targetType: 'product', targetId: productId, ...change }, now);
    }
    await sendBackInStockNotices(tx, { productIds: [...changes.keys()] }, now);
  });
  return rows.length;
}
