import {
  PLATFORM_MERCHANT_ID,
  imageEntries,
  isPoolProduct,
  productRuleIssues,
  serverErrors,
  skuPricesIssues,
  type AdminLabelRef,
  type AdminProduct,
  type AdminProductRow,
  type Currency,
  type EditableKind,
  type ItemInput,
  type OtherPrices,
  type ProductInput,
} from '@simshop/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/i18n.ts';
import { changedFields, listAuditEntries, recordAudit, type Actor } from '../audit/audit.service.ts';
import { poolLevelsOf } from './pool-levels.ts';
import { sendBackInStockNotices } from './stock-notice.service.ts';
import { adminLabelsOf, allLabelRefs, setProductLabels } from '../labels/labels.service.ts';
import { adminMerchantNamer, requireMerchant } from '../merchants/merchant.service.ts';
import * as admin from './catalogue-admin.repository.ts';
import * as catalogue from './catalogue.repository.ts';
import { coverageColumn, coverageOf, otherPricesOf, specsOf, travelColumn, travelOf, type ProductRow, type SkuRow } from './catalogue.service.ts';

/**
 * The catalogue as staff run it (console and command line): products with their SKUs, saved
 * whole and only over the version they were based on (CSV imports of products and stock: in
 * catalogue-import.service.ts); and the one rule the shop's pool eSIMs depend on — their
 * stock is the pool's free codes (less what unpaid orders hold), never a number typed in.
 */

export const isPool = (p: Pick<ProductRow, 'kind' | 'esim_source'>) => isPoolProduct({ kind: p.kind, esimSource: p.esim_source });

/** Top-ups are the shop's own hidden products: the console neither shows nor edits them. */
function isEditable(p: ProductRow): p is ProductRow & { kind: EditableKind } {
  return p.kind !== 'topup';
}

/** Which product it is and what it is called: how the editor's product and the list's row both begin. */
const productIdentity = (p: ProductRow & { kind: EditableKind }) => ({ id: p.id, key: p.key, version: p.version, kind: p.kind, name: { en: p.name_en, zh: p.name_zh } });

function toAdminProduct(p: ProductRow & { kind: EditableKind }, skus: SkuRow[], pools: Map<number, { free: number; assigned: number; total: number }>, labels: AdminLabelRef[]): AdminProduct {
  const pool = isPool(p);
  return {
    ...productIdentity(p),
    subtitle: { en: p.subtitle_en, zh: p.subtitle_zh },
    description: { en: p.description_en, zh: p.description_zh },
    agreement: { en: p.agreement_en, zh: p.agreement_zh },
    images: imageEntries(p.images),
    currency: p.currency,
    wholesaleMinQty: p.wholesale_min_qty,
    qtyMin: p.qty_min,
    qtyMax: p.qty_max,
    freight: p.freight,
    requiredInputs: parseJson<ItemInput[]>(p.required_inputs, []),
    labels,
    sort: p.sort,
    onSale: p.on_sale === 1,
    soldOut: p.sold_out === 1,
    esimSource: p.esim_source,
    profileType: p.profile_type,
    specs: specsOf(p).map((g) => ({ name: { en: g.en, zh: g.zh }, values: g.values.map((v) => ({ en: v.en, zh: v.zh })) })),
    skus: skus.map((s) => ({
      id: s.id,
      code: s.code,
      options: parseJson<number[]>(s.options, []),
      price: s.price,
      wholesalePrice: s.wholesale_price,
      prices: otherPricesOf(s),
      stock: s.stock,
      soldOut: s.sold_out === 1,
      rechargeMb: s.recharge_mb,
      dataMb: s.data_mb,
      validityDays: s.validity_days,
      pool: pool ? (pools.get(s.id) ?? { free: 0, assigned: 0, total: 0 }) : null,
    })),
    coverage: coverageOf(p),
    plan: travelOf(p),
    addonFamily: p.addon_family,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    merchantId: p.merchant_id,
  };
}

/** What an audit row compares: every editable field, each SKU under its code. */
function auditSnapshot(p: AdminProduct): Record<string, unknown> {
  const { id: _id, version: _version, createdAt: _c, updatedAt: _u, skus, ...fields } = p;
  return { ...fields, ...Object.fromEntries(skus.map((s) => [`sku ${s.code}`, { options: s.options, price: s.price, wholesalePrice: s.wholesalePrice, prices: s.prices, stock: s.stock, soldOut: s.soldOut, rechargeMb: s.rechargeMb, dataMb: s.dataMb, validityDays: s.validityDays }])) };
}

async function loadProduct(db: Executor, id: number): Promise<AdminProduct | null> {
  const p = await catalogue.findProduct(db, id);
  if (!p || !isEditable(p)) return null;
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
        ...productIdentity(p),
        image: imageEntries(p.images)[0] ?? null,
        currency: p.currency,
        priceMin: prices.length ? Math.min(...prices) : null,
        priceMax: prices.length ? Math.max(...prices) : null,
        stock: own.some((s) => s.stock === null) ? null : own.reduce((sum, s) => sum + (s.stock ?? 0), 0),
        skuCount: own.length,
        coverageCount: coverageOf(p).length,
        onSale: p.on_sale === 1,
        soldOut: p.sold_out === 1,
        labels: labels.get(p.id) ?? [],
        sort: p.sort,
        esimSource: p.esim_source,
        addonFamily: p.addon_family,
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
    // Left out of an edit that does not name it: unchanged.
    ...(input.addonFamily === undefined ? {} : { addon_family: input.addonFamily || null }),
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
  // Prices left out of an edit stay as they were; the whole product then has a price in a currency on every SKU or none.
  const prices = input.skus.map((sku) => storedPrices(input.currency, sku.prices ?? (existing.find((s) => s.id === sku.id) ? otherPricesOf(existing.find((s) => s.id === sku.id)!) : {})));
  const issue = skuPricesIssues(prices.map((p) => ({ prices: p })))[0];
  if (issue) throw new AppError(issue.error, issue.field);
  for (const [sort, sku] of input.skus.entries()) {
    const row = { code: sku.code, options: JSON.stringify(sku.options), price: sku.price, wholesale_price: sku.wholesalePrice, prices: JSON.stringify(prices[sort]), sold_out: sku.soldOut ? 1 : 0, sort, recharge_mb: sku.rechargeMb, data_mb: sku.dataMb, validity_days: sku.validityDays };
    if (sku.id === undefined) {
      await catalogue.insertSku(tx, { ...row, product_id: productId, stock: pool ? 0 : sku.stock } satisfies Insertable<ProductSkusTable>);
      continue;
    }
    const stock = pool ? (wasPool ? undefined : (free.get(sku.id)?.free ?? 0)) : sku.loadedStock !== undefined && sku.stock === sku.loadedStock ? undefined : sku.stock;
    await admin.updateSku(tx, sku.id, stock === undefined ? row : { ...row, stock });
  }
}

/** What a SKU keeps of its other prices: its product's own currency lives in `price`, never twice. */
function storedPrices(own: Currency, prices: OtherPrices): OtherPrices {
  return Object.fromEntries(Object.entries(prices).filter(([currency]) => currency !== own));
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
    if (!row || !isEditable(row)) throw new AppError(serverErrors.productNotFound, 'id');
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
    await sendBackInStockNotices(tx, { productIds: [row.id] }, now);
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
    if (input.onSale) await sendBackInStockNotices(tx, { productIds: [row.id] }, now);
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
