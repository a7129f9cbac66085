import {
  PLATFORM_MERCHANT_ID,
  currencySchema,
  editableKindSchema,
  esimSourceSchema,
  imageEntries,
  isPoolProduct,
  itemInputSchema,
  productKeySchema,
  COUNTRY_CODES,
  countryCodeSchema,
  productRuleIssues,
  serverErrors,
  skuCodeSchema,
  skuPlanIssues,
  travelPlanIssues,
  travelPlanSchema,
  type ProductCsvColumn,
  type TravelPlan,
  type AdminLabelRef,
  type AdminProduct,
  type AdminProductRow,
  type EditableKind,
  type ItemInput,
  type ProductInput,
} from '@simshop/contract';
import type { Insertable, Updateable } from 'kysely';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { ProductSkusTable, ProductsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { CsvError, parseCsvRecords, type CsvRecord } from '../../lib/csv.ts';
import { parseJson } from '../../lib/i18n.ts';
import { changedFields, listAuditEntries, recordAudit, type Actor } from '../audit/audit.service.ts';
import { poolLevelsOf } from '../esim/esim.service.ts';
import { adminLabelsOf, allLabelRefs, setProductLabels } from '../labels/labels.service.ts';
import { adminMerchantNamer, requireMerchant } from '../merchants/merchant.service.ts';
import * as admin from './catalogue-admin.repository.ts';
import * as catalogue from './catalogue.repository.ts';
import { coverageColumn, coverageOf, specsOf, travelColumn, travelOf, type ProductRow, type SkuRow } from './catalogue.service.ts';
import { firstForeignImage } from './product-images.ts';

/**
 * The catalogue as staff run it (console and command line): products with their SKUs, saved
 * whole and only over the version they were based on; CSV imports of products and stock that
 * change nothing when a row is wrong; and the one rule the shop's pool eSIMs depend on — their
 * stock is the pool's free codes (less what unpaid orders hold), never a number typed in.
 */

const isPool = (p: Pick<ProductRow, 'kind' | 'esim_source'>) => isPoolProduct({ kind: p.kind, esimSource: p.esim_source });

function toAdminProduct(p: ProductRow, skus: SkuRow[], pools: Map<number, { free: number; assigned: number; total: number }>, labels: AdminLabelRef[]): AdminProduct {
  const pool = isPool(p);
  return {
    id: p.id,
    key: p.key,
    version: p.version,
    kind: p.kind as EditableKind,
    name: { en: p.name_en, zh: p.name_zh },
    subtitle: { en: p.subtitle_en, zh: p.subtitle_zh },
    description: { en: p.description_en, zh: p.description_zh },
    agreement: { en: p.agreement_en, zh: p.agreement_zh },
    images: imageEntries(p.images),
    currency: p.currency as AdminProduct['currency'],
    wholesaleMinQty: p.wholesale_min_qty,
    qtyMin: p.qty_min,
    qtyMax: p.qty_max,
    freight: p.freight,
    requiredInputs: parseJson<ItemInput[]>(p.required_inputs, []),
    labels,
    sort: p.sort,
    onSale: p.on_sale === 1,
    soldOut: p.sold_out === 1,
    esimSource: p.esim_source as AdminProduct['esimSource'],
    profileType: p.profile_type,
    specs: specsOf(p).map((g) => ({ name: { en: g.en, zh: g.zh }, values: g.values.map((v) => ({ en: v.en, zh: v.zh })) })),
    skus: skus.map((s) => ({
      id: s.id,
      code: s.code,
      options: parseJson<number[]>(s.options, []),
      price: s.price,
      wholesalePrice: s.wholesale_price,
      stock: s.stock,
      soldOut: s.sold_out === 1,
      rechargeMb: s.recharge_mb,
      dataMb: s.data_mb,
      validityDays: s.validity_days,
      pool: pool ? (pools.get(s.id) ?? { free: 0, assigned: 0, total: 0 }) : null,
    })),
    coverage: coverageOf(p),
    plan: travelOf(p),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    merchantId: p.merchant_id,
  };
}

/** What an audit row compares: every editable field, each SKU under its code. */
function auditSnapshot(p: AdminProduct): Record<string, unknown> {
  const { id: _id, version: _version, createdAt: _c, updatedAt: _u, skus, ...fields } = p;
  return { ...fields, ...Object.fromEntries(skus.map((s) => [`sku ${s.code}`, { options: s.options, price: s.price, wholesalePrice: s.wholesalePrice, stock: s.stock, soldOut: s.soldOut, rechargeMb: s.rechargeMb, dataMb: s.dataMb, validityDays: s.validityDays }])) };
}

async function loadProduct(db: Executor, id: number): Promise<AdminProduct | null> {
  const p = await catalogue.findProduct(db, id);
  if (!p || p.kind === 'topup') return null;
  const skus = await catalogue.skusOf(db, [p.id]);
  return toAdminProduct(p, skus, isPool(p) ? await poolLevelsOf(db, skus.map((s) => s.id)) : new Map(), (await adminLabelsOf(db, [p.id])).get(p.id) ?? []);
}

async function requireProduct(db: Executor, id: number): Promise<AdminProduct> {
  const p = await loadProduct(db, id);
  if (!p) throw new AppError(serverErrors.productNotFound, 'id');
  return p;
}

/** The console's product list: search, filters, sort, and every label for the filter. */
export async function listAdminProducts(
  db: Executor,
  input: { page: number; pageSize: number; sortField: 'sort' | 'updatedAt' | 'key' | 'price'; sortOrder: 'asc' | 'desc'; q?: string | undefined; kind?: EditableKind | undefined; onSale?: boolean | undefined; labelId?: number | undefined; merchantId?: number | undefined },
): Promise<{ items: AdminProductRow[]; total: number; labels: AdminLabelRef[] }> {
  const merchantOf = await adminMerchantNamer(db);
  const { rows, total } = await admin.listProducts(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField, order: input.sortOrder });
  const skus = await catalogue.skusOf(db, rows.map((r) => r.id));
  const labels = await adminLabelsOf(db, rows.map((r) => r.id));
  return {
    total,
    labels: await allLabelRefs(db),
    items: rows.map((p) => {
      const own = skus.filter((s) => s.product_id === p.id);
      const prices = own.map((s) => s.price);
      return {
        id: p.id,
        key: p.key,
        version: p.version,
        kind: p.kind as EditableKind,
        name: { en: p.name_en, zh: p.name_zh },
        image: imageEntries(p.images)[0] ?? null,
        currency: p.currency as AdminProductRow['currency'],
        priceMin: prices.length ? Math.min(...prices) : null,
        priceMax: prices.length ? Math.max(...prices) : null,
        stock: own.some((s) => s.stock === null) ? null : own.reduce((sum, s) => sum + (s.stock ?? 0), 0),
        skuCount: own.length,
        coverageCount: coverageOf(p).length,
        onSale: p.on_sale === 1,
        soldOut: p.sold_out === 1,
        labels: labels.get(p.id) ?? [],
        sort: p.sort,
        esimSource: p.esim_source as AdminProductRow['esimSource'],
        updatedAt: p.updated_at,
        merchant: merchantOf(p.merchant_id),
      };
    }),
  };
}

/** One product for the editor, with its latest audit rows. */
export async function getAdminProduct(db: Executor, id: number) {
  const product = await requireProduct(db, id);
  const history = await listAuditEntries(db, { targetType: 'product', targetId: String(id) }, { page: 1, pageSize: 20, sortOrder: 'desc' });
  return { ...product, history: history.items };
}

function productColumns(input: ProductInput, now: number) {
  return {
    key: input.key,
    kind: input.kind,
    name_en: input.name.en,
    name_zh: input.name.zh,
    subtitle_en: input.subtitle.en,
    subtitle_zh: input.subtitle.zh,
    description_en: input.description.en,
    description_zh: input.description.zh,
    agreement_en: input.agreement.en,
    agreement_zh: input.agreement.zh,
    images: input.images.join(','),
    currency: input.currency,
    wholesale_min_qty: input.wholesaleMinQty,
    qty_min: input.qtyMin,
    qty_max: input.qtyMax,
    freight: input.freight,
    specs: JSON.stringify(input.specs.map((g) => ({ en: g.name.en, zh: g.name.zh, values: g.values }))),
    required_inputs: JSON.stringify(input.requiredInputs),
    // Labels live in product_labels since migration 0018 (setProductLabels).
    labels: '[]',
    sold_out: input.soldOut ? 1 : 0,
    on_sale: input.onSale ? 1 : 0,
    sort: input.sort,
    esim_source: input.esimSource,
    profile_type: input.esimSource === 'smdp' ? input.profileType || null : null,
    coverage: coverageColumn(input.coverage),
    travel: travelColumn(input.plan),
    updated_at: now,
  } satisfies Updateable<ProductsTable>;
}

/** Refuses the first rule between fields an input breaks (the editor shows them all). */
function checkRules(input: ProductInput) {
  const issue = productRuleIssues(input)[0];
  if (issue) throw new AppError(issue.error, issue.field);
}

/** Checks what needs the database: the key and SKU codes are not another product's, SKU ids are this one's. */
async function checkUnique(tx: Executor, input: ProductInput, productId: number | null, existing: SkuRow[]) {
  const keyOwner = await catalogue.findProductIdByKey(tx, input.key);
  if (keyOwner !== undefined && keyOwner !== productId) throw new AppError(serverErrors.alreadyExists, 'key');
  for (const [i, sku] of input.skus.entries()) if (sku.id !== undefined && !existing.some((s) => s.id === sku.id)) throw new AppError(serverErrors.notFound, `skus.${i}.id`);
  const byCode = await admin.findSkusByCodes(tx, input.skus.map((s) => s.code));
  for (const [i, sku] of input.skus.entries()) {
    const holder = byCode.find((s) => s.code === sku.code);
    // Within the product codes may move between SKUs (two SKUs never keep one: productRuleIssues).
    if (holder && holder.product_id !== productId) throw new AppError(serverErrors.alreadyExists, `skus.${i}.code`);
  }
}

/**
 * Writes the SKUs of a saved product: removes the ones left out (refused while anything points
 * at them), updates the kept ones and adds the new ones. Stock: pool eSIMs keep what the pool
 * made it (a SKU that just became pool takes its free codes); others take the typed number
 * only when it differs from the one the editor showed, so a sale meanwhile is not undone.
 */
async function writeSkus(tx: Executor, productId: number, input: ProductInput, existing: SkuRow[], wasPool: boolean) {
  const pool = isPoolProduct(input);
  const kept = new Set(input.skus.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    if (await admin.skuInUse(tx, old.id)) throw new AppError(serverErrors.skuInUse, `skus`, { code: old.code });
    await admin.deleteSku(tx, old.id);
  }
  // Codes may move between kept SKUs: park changed ones first so the unique index never sees two.
  for (const sku of input.skus) {
    const old = existing.find((s) => s.id === sku.id);
    if (old && old.code !== sku.code) await admin.updateSku(tx, old.id, { code: `~${old.id}~${old.code}`.slice(0, 64) });
  }
  const free = pool && !wasPool ? await poolLevelsOf(tx, [...kept]) : new Map<number, { free: number }>();
  for (const [sort, sku] of input.skus.entries()) {
    const row = { code: sku.code, options: JSON.stringify(sku.options), price: sku.price, wholesale_price: sku.wholesalePrice, sold_out: sku.soldOut ? 1 : 0, sort, recharge_mb: sku.rechargeMb, data_mb: sku.dataMb, validity_days: sku.validityDays };
    if (sku.id === undefined) {
      await catalogue.insertSku(tx, { ...row, product_id: productId, stock: pool ? 0 : sku.stock } satisfies Insertable<ProductSkusTable>);
      continue;
    }
    const stock = pool ? (wasPool ? undefined : (free.get(sku.id)?.free ?? 0)) : sku.loadedStock !== undefined && sku.stock === sku.loadedStock ? undefined : sku.stock;
    await admin.updateSku(tx, sku.id, stock === undefined ? row : { ...row, stock });
  }
}

/** Adds a product with its SKUs. */
export async function createProduct(db: Database, actor: Actor, input: ProductInput, now: number, merchantId: number = input.merchantId ?? PLATFORM_MERCHANT_ID): Promise<AdminProduct> {
  checkRules(input);
  return db.transaction().execute(async (tx) => {
    await requireMerchant(tx, merchantId, 'merchantId');
    await checkUnique(tx, input, null, []);
    const id = await catalogue.insertProduct(tx, { ...productColumns(input, now), merchant_id: merchantId, created_at: now });
    await writeSkus(tx, id, input, [], false);
    await setProductLabels(tx, id, input.labelIds);
    const after = (await loadProduct(tx, id))!;
    await recordAudit(tx, actor, { action: 'product.create', targetType: 'product', targetId: id, after: auditSnapshot(after) }, now);
    return after;
  });
}

/** Saves a product over the version the editor loaded; a save based on an older one is refused. */
export async function updateProduct(db: Database, actor: Actor, input: ProductInput & { id: number; version: number }, now: number, merchantId: number | undefined = input.merchantId): Promise<AdminProduct> {
  checkRules(input);
  return db.transaction().execute(async (tx) => {
    const row = await catalogue.findProduct(tx, input.id);
    if (!row || row.kind === 'topup') throw new AppError(serverErrors.productNotFound, 'id');
    if (merchantId !== undefined) await requireMerchant(tx, merchantId, 'merchantId');
    const existing = await catalogue.skusOf(tx, [row.id]);
    const before = toAdminProduct(row, existing, new Map(), (await adminLabelsOf(tx, [row.id])).get(row.id) ?? []);
    const columns = { ...productColumns(input, now), merchant_id: merchantId ?? row.merchant_id };
    if (row.version !== input.version || (await admin.updateProductAtVersion(tx, row.id, input.version, columns)) === 0) {
      throw new AppError(serverErrors.changedBySomeoneElse, 'version', { version: row.version });
    }
    await checkUnique(tx, input, row.id, existing);
    await writeSkus(tx, row.id, input, existing, isPool(row));
    await setProductLabels(tx, row.id, input.labelIds);
    const after = (await loadProduct(tx, row.id))!;
    const change = changedFields(auditSnapshot(before), auditSnapshot({ ...after, skus: after.skus.map((s) => ({ ...s, pool: null })) }));
    await recordAudit(tx, actor, { action: 'product.update', targetType: 'product', targetId: row.id, ...change }, now);
    return after;
  });
}

/** Puts a product on or off sale (the list's switch), over the version it showed. */
export async function setOnSale(db: Database, actor: Actor, input: { id: number; version: number; onSale: boolean }, now: number): Promise<AdminProduct> {
  return db.transaction().execute(async (tx) => {
    const row = await catalogue.findProduct(tx, input.id);
    if (!row || row.kind === 'topup') throw new AppError(serverErrors.productNotFound, 'id');
    if (row.version !== input.version || (await admin.updateProductAtVersion(tx, row.id, input.version, { on_sale: input.onSale ? 1 : 0, updated_at: now })) === 0) {
      throw new AppError(serverErrors.changedBySomeoneElse, 'version', { version: row.version });
    }
    await recordAudit(tx, actor, { action: 'product.set_on_sale', targetType: 'product', targetId: row.id, before: { onSale: row.on_sale === 1 }, after: { onSale: input.onSale } }, now);
    return (await loadProduct(tx, row.id))!;
  });
}

/**
 * A pool eSIM SKU by id or code, with its product: what pool imports and reseller classes
 * work on. Any other SKU is refused (`notPoolSku`), a missing one is not found.
 */
export async function requirePoolSku(db: Executor, ref: { id: number } | { code: string }, field: string): Promise<{ sku: SkuRow; product: ProductRow }> {
  const sku = 'id' in ref ? await admin.findSku(db, ref.id) : await catalogue.findSkuByCode(db, ref.code);
  const product = sku ? await catalogue.findProduct(db, sku.product_id) : undefined;
  if (!sku || !product) throw new AppError(serverErrors.productNotFound, field);
  if (!isPool(product)) throw new AppError(serverErrors.notPoolSku, field);
  return { sku, product };
}

/** Sets a SKU's wholesale price (what resellers pay to generate it), audited on its product. */
export async function setWholesalePrice(tx: Executor, actor: Actor, skuId: number, price: number, now: number): Promise<void> {
  const sku = await admin.findSku(tx, skuId);
  if (!sku) throw new AppError(serverErrors.productNotFound, 'skuId');
  if (sku.wholesale_price === price) return;
  await admin.updateSku(tx, sku.id, { wholesale_price: price });
  await admin.touchProduct(tx, sku.product_id, now);
  await recordAudit(tx, actor, { action: 'product.update', targetType: 'product', targetId: sku.product_id, before: { [`sku ${sku.code}`]: { wholesalePrice: sku.wholesale_price } }, after: { [`sku ${sku.code}`]: { wholesalePrice: price } } }, now);
}

// ---------------------------------------------------------------------------------------------
// CSV imports (console and command line)

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
} satisfies Record<ProductCsvColumn, z.ZodType>);
type ProductCsvRow = z.infer<typeof productRowSchema> & { line: number; hasPlanColumns: boolean };

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
    return { ...r.data, line, hasPlanColumns: 'validity_days' in row };
  });
  const groups = new Map<string, ProductCsvRow[]>();
  for (const row of parsed) groups.set(row.product, [...(groups.get(row.product) ?? []), row]);
  // A product with a specification needs every SKU's value in it, each SKU a different one.
  for (const group of groups.values()) {
    const first = group[0]!;
    const travelIssue = travelPlanIssues({ kind: first.kind, coverage: first.coverage, plan: travelPlanOfRow(first) })[0];
    if (travelIssue) throw rowInvalid(first.line, `${travelIssue.field}: ${travelIssue.error.en}`);
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
          const next = { price: row.price, wholesale_price: row.wholesale_price, ...(pool ? {} : { stock: row.stock }), ...plan };
          await catalogue.updateSku(tx, found.id, next);
          const planOf = (v: { data_mb: number | null; validity_days: number | null }) => (row.hasPlanColumns ? { dataMb: v.data_mb, validityDays: v.validity_days } : {});
          before[`sku ${found.code}`] = { price: found.price, wholesalePrice: found.wholesale_price, stock: found.stock, ...planOf(found) };
          after[`sku ${found.code}`] = { price: next.price, wholesalePrice: next.wholesale_price, stock: pool ? found.stock : row.stock, ...planOf({ data_mb: row.data_mb, validity_days: row.validity_days }) };
          result.skusUpdated += 1;
        }
        await admin.touchProduct(tx, productId, now);
        await recordAudit(tx, actor, { action: 'product.import', targetType: 'product', targetId: productId, ...changedFields(before, after) }, now);
        continue;
      }
      const pool = first.kind === 'esim' && first.esim_source === 'pool';
      const withOption = group.filter((r) => r.option_en);
      for (const [i, row] of group.entries()) {
        const value = withOption.indexOf(row);
        await catalogue.insertSku(tx, { product_id: productId, code: row.sku, options: JSON.stringify(value === -1 ? [] : [value]), price: row.price, wholesale_price: row.wholesale_price, stock: pool ? 0 : row.stock, sold_out: 0, sort: i, recharge_mb: row.recharge_mb, data_mb: row.data_mb, validity_days: row.validity_days });
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
  });
  return rows.length;
}
