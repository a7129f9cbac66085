import { OrderStatus, serverErrors, type ItemInput, type Language, type ProductDetail, type ProductKind, type ProductLabel, type ProductSummary, type Sku } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProductSkusTable, ProductsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import { toShopComment } from '../comments/comment-view.ts';
import { shopLabelsOf } from '../labels/labels.service.ts';
import * as catalogue from './catalogue.repository.ts';

export type ProductRow = Selectable<ProductsTable>;
export type SkuRow = Selectable<ProductSkusTable>;

export interface SpecGroup extends Bilingual {
  values: Bilingual[];
}

export const specsOf = (p: ProductRow) => parseJson<SpecGroup[]>(p.specs, []);
export const requiredInputsOf = (p: ProductRow) => parseJson<ItemInput[]>(p.required_inputs, []);

/** The chosen spec values of a SKU, in both languages. */
export function skuOptions(p: ProductRow, sku: SkuRow): Bilingual[] {
  const groups = specsOf(p);
  return parseJson<number[]>(sku.options, []).map((valueIndex, g) => groups[g]?.values[valueIndex] ?? { en: '', zh: '' });
}

export const skuSoldOut = (p: ProductRow, sku: SkuRow) => p.sold_out === 1 || sku.sold_out === 1 || (sku.stock !== null && sku.stock <= 0);

function toSku(p: ProductRow, sku: SkuRow, lang: Language, reseller: boolean): Sku {
  return {
    id: sku.id,
    options: skuOptions(p, sku).map((o) => pickText(lang, o)),
    price: sku.price,
    wholesalePrice: reseller ? sku.wholesale_price : null,
    stock: sku.stock,
    soldOut: skuSoldOut(p, sku),
  };
}

function toSummary(p: ProductRow, skus: SkuRow[], lang: Language, reseller: boolean, labels: ProductLabel[]): ProductSummary {
  const prices = skus.map((s) => s.price);
  const wholesale = skus.map((s) => s.wholesale_price).filter((v): v is number => v !== null);
  return {
    id: p.id,
    kind: p.kind as ProductKind,
    name: pick(lang, p.name_en, p.name_zh),
    subtitle: pick(lang, p.subtitle_en, p.subtitle_zh),
    images: p.images,
    currency: p.currency as 'USD' | 'CNY',
    price: prices.length ? Math.min(...prices) : 0,
    wholesalePrice: reseller && wholesale.length ? Math.min(...wholesale) : null,
    wholesaleMinQty: reseller ? p.wholesale_min_qty : null,
    soldOut: skus.length === 0 || skus.every((s) => skuSoldOut(p, s)),
    labels,
  };
}

/** The catalogue page by page, of one kind or carrying one label; resellers also see wholesale prices (SPEC §6). */
export async function listProducts(db: Executor, input: { page: number; size: number; kind?: ProductKind | undefined; labelId?: number | undefined }, lang: Language, reseller: boolean) {
  const filter = { kind: input.kind, labelId: input.labelId };
  const rows = await catalogue.listProducts(db, { ...filter, offset: (input.page - 1) * input.size, limit: input.size });
  const skus = await catalogue.skusOf(db, rows.map((r) => r.id));
  const labels = await shopLabelsOf(db, rows.map((r) => r.id), lang);
  return {
    items: rows.map((p) => toSummary(p, skus.filter((s) => s.product_id === p.id), lang, reseller, labels.get(p.id) ?? [])),
    total: await catalogue.countProducts(db, filter),
    page: input.page,
    size: input.size,
  };
}

export async function requireProduct(db: Executor, id: number): Promise<ProductRow> {
  const p = await catalogue.findProduct(db, id);
  if (!p || p.on_sale !== 1) throw new AppError(serverErrors.productNotFound, 'id');
  return p;
}

export async function productDetail(db: Executor, id: number, lang: Language, reseller: boolean): Promise<ProductDetail> {
  const p = await requireProduct(db, id);
  const skus = await catalogue.skusOf(db, [p.id]);
  const rating = await catalogue.ratingOf(db, p.id);
  return {
    ...toSummary(p, skus, lang, reseller, (await shopLabelsOf(db, [p.id], lang)).get(p.id) ?? []),
    description: pick(lang, p.description_en, p.description_zh),
    agreement: pick(lang, p.agreement_en, p.agreement_zh),
    specs: specsOf(p).map((g) => ({ name: pickText(lang, g), values: g.values.map((v) => pickText(lang, v)) })),
    skus: skus.map((s) => toSku(p, s, lang, reseller)),
    qtyMin: p.qty_min,
    qtyMax: p.qty_max,
    requiredInputs: requiredInputsOf(p),
    freight: p.freight,
    commentCount: await catalogue.countComments(db, p.id),
    ratingAverage: rating.count ? Math.round((rating.sum / rating.count) * 10) / 10 : null,
    ratingCount: rating.count,
  };
}

export async function listComments(db: Executor, input: { id: number; page: number; size: number }) {
  await requireProduct(db, input.id);
  const rows = await catalogue.commentsOf(db, input.id, (input.page - 1) * input.size, input.size);
  return {
    items: rows.map(toShopComment),
    total: await catalogue.countComments(db, input.id),
  };
}

const BOUGHT: readonly string[] = [OrderStatus.delivered, OrderStatus.received, OrderStatus.completed, OrderStatus.shipped, OrderStatus.serviceCompleted, OrderStatus.unlocked, OrderStatus.inquiryCompleted];

/** Only customers who received the product may comment on it. */
export async function addComment(db: Executor, user: { id: number; nickname: string; avatar: string | null }, input: { id: number; content: string }, now: number) {
  await requireProduct(db, input.id);
  if (!(await catalogue.hasBought(db, user.id, input.id, BOUGHT))) throw new AppError(serverErrors.noRightToOperate, 'id');
  const c = await catalogue.insertComment(db, { productId: input.id, userId: user.id, nickname: user.nickname, avatar: user.avatar, content: input.content, now });
  return toShopComment(c);
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
  currency: string;
  soldOut: boolean;
}

function toLinkable(p: ProductRow, skus: SkuRow[]): LinkableProduct {
  const own = skus.filter((s) => s.product_id === p.id);
  return {
    id: p.id,
    key: p.key,
    kind: p.kind,
    name: { en: p.name_en, zh: p.name_zh },
    subtitle: { en: p.subtitle_en, zh: p.subtitle_zh },
    images: p.images,
    price: own.length ? Math.min(...own.map((s) => s.price)) : 0,
    currency: p.currency,
    soldOut: own.length === 0 || own.every((s) => skuSoldOut(p, s)),
  };
}

/** The products on sale with these keys; a key no product on sale has is left out (its link would open "the product does not exist"). */
export async function onSaleProductsByKeys(db: Executor, keys: readonly string[]): Promise<Map<string, LinkableProduct>> {
  const ids = await catalogue.productIdsByKeys(db, [...new Set(keys)]);
  const products = (await catalogue.findProducts(db, ids.map((r) => r.id))).filter((p) => p.on_sale === 1);
  const skus = await catalogue.skusOf(db, products.map((p) => p.id));
  return new Map(products.map((p) => [p.key, toLinkable(p, skus)]));
}

/** Every product on sale, in the shop's order, for staff choosing what a link opens. */
export async function linkableProducts(db: Executor): Promise<LinkableProduct[]> {
  const products = await catalogue.listProducts(db, { offset: 0, limit: 1000 });
  const skus = await catalogue.skusOf(db, products.map((p) => p.id));
  return products.map((p) => toLinkable(p, skus));
}
