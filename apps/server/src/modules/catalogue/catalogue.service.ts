import { ALTERNATIVES_MAX, isResellerOnlyKind, Language, priceSetIn, productCurrencyFor, RESELLER_ONLY_KINDS, serverErrors, skuPricesSchema, travelPlanSchema, type Currency, type OtherPrices, type PriceSet, type TravelPlan, type ItemInput, type ProductDetail, type ProductKind, type ProductLabel, type ProductSummary, type Sku } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import { toShopComment } from './product-comment-view.ts';
import { shopLabelsOf } from '../labels/labels.service.ts';
import { isActive, merchantDirectory, merchantSells, toSummary as merchantSummary } from '../merchants/merchant.service.ts';
import { unchanging } from '../../http/handlers.ts';
import { cachedAt, cachedWithStock, type LiveStock } from './catalogue-cache.ts';
import * as checkoutReads from './catalogue-checkout.repository.ts';
import * as catalogue from './catalogue.repository.ts';
import { skuSoldOut } from './sold-out.ts';
import { sendBackInStockNotices } from './stock-notice.service.ts';

export type ProductRow = Selectable<ProductsTable>;
export type SkuRow = Selectable<ProductSkusTable>;

export interface SpecGroup extends Bilingual {
  values: Bilingual[];
}

// Cached catalogue rows are the same objects request after request: parse their specs once.
const parsedSpecs = new WeakMap<object, SpecGroup[]>();
export const specsOf = (p: Pick<ProductRow, 'specs'>): SpecGroup[] => {
  let specs = parsedSpecs.get(p);
  if (!specs) {
    specs = parseJson<SpecGroup[]>(p.specs, []);
    parsedSpecs.set(p, specs);
  }
  return specs;
};
// Parsed once per cached SKU row, like specs.
const parsedPrices = new WeakMap<object, OtherPrices>();
/** A SKU's prices in other currencies; a stored value that no longer parses counts as none (the product's own currency then). */
export const otherPricesOf = (sku: Pick<SkuRow, 'prices'>): OtherPrices => {
  let prices = parsedPrices.get(sku);
  if (!prices) {
    const parsed = skuPricesSchema.safeParse(parseJson<unknown>(sku.prices, {}));
    prices = parsed.success ? parsed.data : {};
    parsedPrices.set(sku, prices);
  }
  return prices;
};
/** The currency a product shows in to a customer who chose `wanted` (contract `productCurrencyFor`). */
export const productCurrency = (p: Pick<ProductRow, 'currency'>, skus: ReadonlyArray<Pick<SkuRow, 'prices'>>, wanted: Currency): Currency =>
  productCurrencyFor(p.currency, skus.map((s) => ({ prices: otherPricesOf(s) })), wanted);
/**
 * One SKU sold to a customer who chose `wanted`: in it when the SKU has a price there, else in
 * the product's own currency. The owner gives every SKU of a product a price in a currency or
 * none (the editor and the import refuse otherwise), so this agrees with `productCurrency`.
 */
export function skuSelling(p: Pick<ProductRow, 'currency'>, sku: Pick<SkuRow, 'price' | 'wholesale_price' | 'prices'>, wanted: Currency): PriceSet & { currency: Currency } {
  const own = { price: sku.price, wholesalePrice: sku.wholesale_price, prices: otherPricesOf(sku) };
  const there = priceSetIn(own, p.currency, wanted);
  return there ? { ...there, currency: wanted } : { price: sku.price, wholesalePrice: sku.wholesale_price, currency: p.currency };
}
const priceIn = (p: Pick<ProductRow, 'currency'>, sku: SkuRow, currency: Currency): PriceSet => priceSetIn({ price: sku.price, wholesalePrice: sku.wholesale_price, prices: otherPricesOf(sku) }, p.currency, currency) ?? { price: sku.price, wholesalePrice: sku.wholesale_price };
export const requiredInputsOf = (p: ProductRow) => parseJson<ItemInput[]>(p.required_inputs, []);

/** The chosen spec values of a SKU, in both languages. */
export function skuOptions(p: ProductRow, sku: SkuRow): Bilingual[] {
  const groups = specsOf(p);
  return parseJson<number[]>(sku.options, []).map((valueIndex, g) => groups[g]?.values[valueIndex] ?? { en: '', zh: '' });
}

/** `,JP,KR,` → ['JP', 'KR']. */
export const coverageOf = (p: Pick<ProductRow, 'coverage'>) => p.coverage.split(',').filter(Boolean);
/** ['JP', 'KR'] → `,JP,KR,` (so "covers JP" is one LIKE '%,JP,%'); '' for none. */
export const coverageColumn = (codes: readonly string[]) => (codes.length ? `,${codes.join(',')},` : '');
/** The travel column of a plan: checked JSON, null for none. */
export const travelColumn = (plan: TravelPlan | null | undefined) => (plan ? JSON.stringify(plan) : null);
/** Stored as checked JSON; a row that no longer parses shows no plan facts rather than failing the page. */
export const travelOf = (p: Pick<ProductRow, 'travel'>): TravelPlan | null => {
  if (!p.travel) return null;
  const parsed = travelPlanSchema.safeParse(parseJson<unknown>(p.travel, null));
  return parsed.success ? parsed.data : null;
};

export { skuSoldOut };

function toSku(p: ProductRow, sku: SkuRow, lang: Language, reseller: boolean, currency: Currency): Sku {
  const set = priceIn(p, sku, currency);
  return {
    id: sku.id,
    options: skuOptions(p, sku).map((o) => pickText(lang, o)),
    price: set.price,
    wholesalePrice: reseller ? set.wholesalePrice : null,
    stock: sku.stock,
    soldOut: skuSoldOut(p, sku),
    dataMb: sku.data_mb,
    validityDays: sku.validity_days,
  };
}

/** What a shop list holds of a product (the repository's SHOP_LIST_COLUMNS). */
type ListRow = Pick<ProductRow, (typeof catalogue.SHOP_LIST_COLUMNS)[number]>;

type Merchants = Awaited<ReturnType<typeof merchantDirectory>>;

function toSummary(p: ListRow, skus: SkuRow[], lang: Language, reseller: boolean, labels: ProductLabel[], merchants: Merchants, wanted: Currency, soldOut: (p: ListRow, sku: SkuRow) => boolean = skuSoldOut, countries?: readonly string[]): ProductSummary {
  const merchant = merchants.get(p.merchant_id);
  const currency = productCurrency(p, skus, wanted);
  const sets = skus.map((s) => priceIn(p, s, currency));
  const prices = sets.map((s) => s.price);
  const wholesale = sets.map((s) => s.wholesalePrice).filter((v): v is number => v !== null);
  return {
    id: p.id,
    kind: p.kind,
    name: pick(lang, p.name_en, p.name_zh),
    subtitle: pick(lang, p.subtitle_en, p.subtitle_zh),
    images: p.images,
    currency,
    price: prices.length ? Math.min(...prices) : 0,
    wholesalePrice: reseller && wholesale.length ? Math.min(...wholesale) : null,
    wholesaleMinQty: reseller ? p.wholesale_min_qty : null,
    soldOut: skus.length === 0 || skus.every((s) => soldOut(p, s)),
    labels,
    coverage: coverageOf(p),
    specs: specsOf(p).map((g) => ({ name: pickText(lang, g), values: g.values.map((v) => pickText(lang, v)) })),
    merchant: merchant ? merchantSummary(merchant, lang) : { id: p.merchant_id, name: '', logo: null },
    ...(countries ? { networks: (travelOf(p)?.networks ?? []).filter((n) => countries.includes(n.country)) } : {}),
  };
}

/** The catalogue page by page, of one kind or carrying one label; resellers also see wholesale prices (SPEC §6). */
export async function listProducts(db: Executor, input: { page: number; size: number; kind?: ProductKind | undefined; labelId?: number | undefined; countries?: string[] | undefined; merchantId?: number | undefined }, lang: Language, reseller: boolean, currency: Currency) {
  // What is sold to resellers only is not in a regular customer's lists at all (no page of it, no count).
  const filter = { kind: input.kind, labelId: input.labelId, countries: input.countries, merchantId: input.merchantId, exceptKinds: reseller ? undefined : RESELLER_ONLY_KINDS };
  const { value: cached, stock } = await cachedWithStock(
    db,
    'list',
    JSON.stringify([filter, input.page, input.size]),
    async () => {
      const rows = await catalogue.listShopProducts(db, { ...filter, offset: (input.page - 1) * input.size, limit: input.size });
      const ids = rows.map((r) => r.id);
      const skus = await catalogue.skusOf(db, ids);
      return { rows, skus, counted: countedOf(skus), labels: await labelsInBothLanguages(db, ids), total: await catalogue.countProducts(db, filter), merchants: await merchantDirectory(db) };
    },
    { counted: (c) => c.counted, soldOutOnly: true },
  );
  // Only the counted SKUs with nothing left were read: the list's answer depends on nothing else of stock.
  const soldOut = (p: ListRow, s: SkuRow) => skuSoldOut(p, { sold_out: s.sold_out, stock: stock.has(s.id) ? 0 : null });
  return builtView(cached, `${lang}:${reseller}:${currency}`, [...stock.keys()].join(','), () => ({
    items: cached.rows.map((p) => toSummary(p, cached.skus.filter((s) => s.product_id === p.id), lang, reseller, cached.labels[lang].get(p.id) ?? [], cached.merchants, currency, soldOut, input.countries)),
    total: cached.total,
    page: input.page,
    size: input.size,
  }));
}

async function labelsInBothLanguages(db: Executor, productIds: readonly number[]): Promise<Record<Language, Map<number, ProductLabel[]>>> {
  return { [Language.en]: await shopLabelsOf(db, productIds, Language.en), [Language.zhHans]: await shopLabelsOf(db, productIds, Language.zhHans) };
}

/** The SKUs whose stock is counted: their stock is read live with every request. */
const countedOf = (skus: readonly SkuRow[]) => skus.filter((s) => s.stock !== null).map((s) => s.id);

/** Cached SKUs with the stock read now; `stockKey` sums up that stock (an answer is built again only when it changed). */
function withLiveStock(skus: SkuRow[], stock: LiveStock): { skus: SkuRow[]; stockKey: string } {
  if (stock.size === 0) return { skus, stockKey: '' };
  return { skus: skus.map((s) => (stock.has(s.id) ? { ...s, stock: stock.get(s.id)! } : s)), stockKey: [...stock].map(([id, n]) => `${id}=${n}`).join(',') };
}

const builtViews = new WeakMap<object, { stockKey: string; views: Map<string, object> }>();

/**
 * The answer built from a cached entry for one view (language and reseller or not) at one stock
 * level, built once and then given again as the same object, which the dispatcher sends without
 * serialising it again. Only the latest stock level's answers are kept.
 */
function builtView<T extends object>(entry: object, view: string, stockKey: string, build: () => T): T {
  let built = builtViews.get(entry);
  if (!built || built.stockKey !== stockKey) builtViews.set(entry, (built = { stockKey, views: new Map() }));
  let answer = built.views.get(view) as T | undefined;
  if (!answer) built.views.set(view, (answer = unchanging(build())));
  return answer;
}

/**
 * What a sold-out product's page offers instead: the in-stock plans of the same kind that cover
 * every destination it covers, in the shop's order, itself left out. Read from the cached
 * list of the plans covering its first destination (every candidate covers that one).
 */
export async function alternativesOf(db: Executor, id: number, lang: Language, reseller: boolean, currency: Currency): Promise<{ items: ProductSummary[] }> {
  const product = await productDetail(db, id, lang, reseller, currency);
  if (product.coverage.length === 0) return { items: [] };
  const candidates = await listProducts(db, { page: 1, size: 100, kind: product.kind, countries: [product.coverage[0]!] }, lang, reseller, currency);
  const covers = (p: ProductSummary) => product.coverage.every((c) => p.coverage.includes(c));
  return { items: candidates.items.filter((p) => p.id !== id && !p.soldOut && covers(p)).slice(0, ALTERNATIVES_MAX) };
}

export async function requireProduct(db: Executor, id: number): Promise<ProductRow> {
  const p = await catalogue.findProduct(db, id);
  // A suspended merchant's product cannot be added to a cart, like one off sale.
  if (!p || p.on_sale !== 1 || !(await merchantSells(db, p.merchant_id))) throw new AppError(serverErrors.productNotFound, 'id');
  return p;
}

export async function productDetail(db: Executor, id: number, lang: Language, reseller: boolean, wanted: Currency): Promise<ProductDetail> {
  const { value: cached, stock } = await cachedWithStock(
    db,
    'detail',
    String(id),
    async () => {
      const p = await catalogue.findProduct(db, id);
      // "Not on sale" is cached too: putting it on sale raises the catalogue version.
      if (!p || p.on_sale !== 1) return null;
      // As if it did not exist while its merchant is suspended (merchant writes raise the version too).
      const merchants = await merchantDirectory(db);
      if (!isActive(merchants.get(p.merchant_id))) return null;
      const skus = await catalogue.skusOf(db, [p.id]);
      return { p, skus, counted: countedOf(skus), labels: await labelsInBothLanguages(db, [p.id]), comments: await catalogue.commentStats(db, p.id), merchants };
    },
    { counted: (c) => c?.counted ?? [], soldOutOnly: false },
  );
  // A reseller-only product is, to anyone else, a product that does not exist.
  if (!cached || (!reseller && isResellerOnlyKind(cached.p.kind))) throw new AppError(serverErrors.productNotFound, 'id');
  const p = cached.p;
  const live = withLiveStock(cached.skus, stock);
  const skus = live.skus;
  const comments = cached.comments;
  const rating = { sum: comments.ratingSum, count: comments.ratingCount };
  const currency = productCurrency(p, skus, wanted);
  return builtView(cached, `${lang}:${reseller}:${currency}`, live.stockKey, () => ({
    ...toSummary(p, skus, lang, reseller, cached.labels[lang].get(p.id) ?? [], cached.merchants, currency),
    description: pick(lang, p.description_en, p.description_zh),
    agreement: pick(lang, p.agreement_en, p.agreement_zh),
    travel: travelOf(p),
    skus: skus.map((s) => toSku(p, s, lang, reseller, currency)),
    qtyMin: p.qty_min,
    qtyMax: p.qty_max,
    requiredInputs: requiredInputsOf(p),
    freight: p.freight,
    commentCount: comments.count,
    ratingAverage: rating.count ? Math.round((rating.sum / rating.count) * 10) / 10 : null,
    ratingCount: rating.count,
  }));
}

/**
 * What a cart shows of these products, on sale or not: rows, SKUs by id, labels in
 * both languages and the merchants, cached with the catalogue under `version`, the version the
 * cart read in the same statement as its lines and their live stock.
 */
export async function cartCatalogue(db: Executor, version: number, productIds: readonly number[]) {
  const ids = [...productIds].sort((a, b) => a - b);
  return cachedAt(db, version, 'cart', ids.join(','), async () => ({
    products: new Map((await catalogue.findProducts(db, ids)).map((p) => [p.id, p])),
    skus: new Map((await catalogue.skusOf(db, ids)).map((s) => [s.id, s])),
    labels: await labelsInBothLanguages(db, ids),
    merchants: await merchantDirectory(db),
  }));
}

export async function listComments(db: Executor, input: { id: number; page: number; size: number }) {
  await requireProduct(db, input.id);
  const rows = await catalogue.commentsOf(db, input.id, (input.page - 1) * input.size, input.size);
  return {
    items: rows.map(toShopComment),
    total: await catalogue.countComments(db, input.id),
  };
}

/** The ids of the products with these stable keys (a key no product has is left out). */
export async function productIdsByKeys(db: Executor, keys: readonly string[]): Promise<Map<string, number>> {
  return new Map((await catalogue.productIdsByKeys(db, keys)).map((r) => [r.key, r.id]));
}

/** SKUs running out (the dashboard): stock at or below `threshold`, fewest first. */
export async function lowStockSkus(db: Executor, threshold: number, limit = 20) {
  const rows = await catalogue.lowStockSkus(db, threshold, limit);
  return rows.map((r) => ({ skuId: r.id, skuCode: r.code, productKey: r.key, productName: { en: r.name_en, zh: r.name_zh }, stock: Number(r.stock) }));
}

/** A product as content links to it: by key, with its names and lowest price (console picker, home block). */
export interface LinkableProduct {
  id: number;
  key: string;
  kind: string;
  name: Bilingual;
  subtitle: Bilingual;
  images: string;
  price: number;
  currency: Currency;
  soldOut: boolean;
}

/** A product a link shows, priced from its lowest SKU in `wanted` where it has a price there (else its own currency). */
function toLinkable(p: ProductRow, skus: SkuRow[], wanted: Currency = p.currency): LinkableProduct {
  const own = skus.filter((s) => s.product_id === p.id);
  const currency = productCurrency(p, own, wanted);
  return {
    id: p.id,
    key: p.key,
    kind: p.kind,
    name: { en: p.name_en, zh: p.name_zh },
    subtitle: { en: p.subtitle_en, zh: p.subtitle_zh },
    images: p.images,
    price: own.length ? Math.min(...own.map((s) => priceIn(p, s, currency).price)) : 0,
    currency,
    soldOut: own.length === 0 || own.every((s) => skuSoldOut(p, s)),
  };
}

/** The products on sale with these keys; a key no product on sale has is left out (its link would open "the product does not exist"). */
export async function onSaleProductsByKeys(db: Executor, keys: readonly string[], wanted?: Currency): Promise<Map<string, LinkableProduct>> {
  const ids = await catalogue.productIdsByKeys(db, [...new Set(keys)]);
  const products = (await catalogue.findProducts(db, ids.map((r) => r.id))).filter((p) => p.on_sale === 1);
  const skus = await catalogue.skusOf(db, products.map((p) => p.id));
  return new Map(products.map((p) => [p.key, toLinkable(p, skus, wanted)]));
}

/** Every product on sale, in the shop's order, for staff choosing what a link opens. */
export async function linkableProducts(db: Executor): Promise<LinkableProduct[]> {
  const products = await catalogue.listProducts(db, { offset: 0, limit: 1000 });
  const skus = await catalogue.skusOf(db, products.map((p) => p.id));
  return products.map((p) => toLinkable(p, skus));
}

// ---------------------------------------------------------------------------------------------
// SKUs and stock for other modules (orders, cart, eSIM pools): they come through here, never
// through the repository.

export const skusOfProducts = (db: Executor, productIds: readonly number[]) => catalogue.skusOf(db, productIds);
/** Products and SKUs by id whatever their state (the history names what an audit row is about). */
export const productsByIds = (db: Executor, ids: readonly number[]) => catalogue.findProducts(db, ids);
export const skusByIds = (db: Executor, ids: readonly number[]) => catalogue.findSkus(db, ids);
export const findSkuByCode = (db: Executor, code: string) => catalogue.findSkuByCode(db, code);
/** The SKU and product behind a SKU id (either undefined when unknown). */
export async function skuWithProduct(db: Executor, skuId: number): Promise<{ sku: SkuRow | undefined; product: ProductRow | undefined }> {
  const sku = (await catalogue.findSkus(db, [skuId]))[0];
  return { sku, product: sku ? await catalogue.findProduct(db, sku.product_id) : undefined };
}
/** The data add-ons that fit a merchant's eSIMs of one add-on family: products on sale with their SKUs. */
export async function addonsOfFamily(db: Executor, family: string, merchantId: number): Promise<Array<{ product: ProductRow; skus: SkuRow[] }>> {
  const products = await catalogue.addonProductsOfFamily(db, family, merchantId);
  const skus = await catalogue.skusOf(db, products.map((p) => p.id));
  return products.map((product) => ({ product, skus: skus.filter((s) => s.product_id === product.id) }));
}
/** Takes units off a SKU's stock unless fewer are left; false when it could not. */
export const takeStock = (db: Executor, skuId: number, quantity: number) => catalogue.takeStock(db, skuId, quantity);
/** Gives units back to a SKU's stock (or adds new ones); a product back in stock sends its waiting notices. */
export async function returnStock(db: Executor, skuId: number, quantity: number, now = Date.now()) {
  await catalogue.returnStock(db, skuId, quantity);
  await sendBackInStockNotices(db, { skuIds: [skuId] }, now);
}
export async function setSkuStock(db: Executor, skuId: number, stock: number | null, now = Date.now()) {
  await catalogue.updateSku(db, skuId, { stock });
  await sendBackInStockNotices(db, { skuIds: [skuId] }, now);
}
/**
 * What a checkout prices from, read together: its SKUs (unknown ids left out), their products and
 * those products' merchants (on PostgreSQL one statement).
 */
export const checkoutCatalogue = (db: Executor, skuIds: readonly number[]) => checkoutReads.checkoutCatalogue(db, skuIds);
