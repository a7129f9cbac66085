import { isResellerOnlyKind, serverErrors, unitPriceFor, type CartLine, type Currency, type Language, type Total } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick, pickText } from '../../lib/i18n.ts';
import { cartCatalogue, requireProduct, requiredInputsOf, skuOptions, skuSelling, skuSoldOut, skusOfProducts } from '../catalogue/catalogue.service.ts';
import * as cart from './cart.repository.ts';

/** Counters for the envelope's `total` (SPEC §7): the cart badge counts lines. */
export async function userTotals(db: Executor, userId: number): Promise<Total> {
  return { cart: await cart.countLines(db, userId) };
}

/** A cart list's read keyed by the caller's session token, sent with the session lookup (http/handlers.ts `prefetch`). */
export function prefetchCart(db: Executor, tokenHash: string) {
  return cart.linesWithStockOfSession(db, tokenHash);
}

/**
 * The user's cart. `prefetched` is the read `prefetchCart` started before the session was
 * resolved: used when it is this user's, read again by user otherwise (the session was revoked or
 * replaced between the two statements).
 */
export async function listCart(db: Executor, userId: number, lang: Language, reseller: boolean, currency: Currency, prefetched?: ReturnType<typeof prefetchCart>): Promise<{ items: CartLine[] }> {
  const early = prefetched && (await prefetched);
  const { version, lines } = early && early.userId === userId ? early : await cart.linesWithStock(db, userId);
  if (lines.length === 0) return { items: [] };
  // The products' facts from the catalogue cache, valid at the version read with the lines; stock from the lines' own read.
  const shown = await cartCatalogue(db, version, [...new Set(lines.map((l) => l.product_id))]);
  const items: CartLine[] = [];
  for (const line of lines) {
    const p = shown.products.get(line.product_id);
    const sku = shown.skus.get(line.sku_id);
    if (!p || !sku) continue;
    const merchant = shown.merchants.get(p.merchant_id);
    // In the customer's currency where the owner priced the SKU in it, else in the product's own (the shop marks that line).
    const selling = skuSelling(p, sku, currency);
    items.push({
      id: line.id,
      productId: p.id,
      skuId: sku.id,
      kind: p.kind,
      name: pick(lang, p.name_en, p.name_zh),
      options: skuOptions(p, sku).map((o) => pickText(lang, o)),
      images: p.images,
      currency: selling.currency,
      unitPrice: unitPriceFor(selling, line.quantity, reseller, p.wholesale_min_qty),
      quantity: line.quantity,
      qtyMin: p.qty_min,
      qtyMax: p.qty_max,
      selected: line.selected === 1,
      soldOut: p.on_sale !== 1 || skuSoldOut(p, { sold_out: sku.sold_out, stock: line.stock }),
      requiredInputs: requiredInputsOf(p),
      labels: shown.labels[lang].get(p.id) ?? [],
      merchant: { id: p.merchant_id, name: merchant ? pick(lang, merchant.name_en, merchant.name_zh) : '' },
    });
  }
  return { items };
}

/** Adds a product to the cart (SPEC §7 item.do save); the line's quantity grows up to the product's maximum. */
export async function addToCart(db: Executor, userId: number, reseller: boolean, input: { proId: number; skuId?: number | undefined; quantity: number }, now: number) {
  const p = await requireProduct(db, input.proId);
  // Not sold to this customer: as if it did not exist, like its page.
  if (!reseller && isResellerOnlyKind(p.kind)) throw new AppError(serverErrors.productNotFound, 'proId');
  const skus = await skusOfProducts(db, [p.id]);
  const sku = input.skuId === undefined ? skus[0] : skus.find((s) => s.id === input.skuId);
  if (!sku) throw new AppError(serverErrors.paramInvalid, 'skuId');
  if (skuSoldOut(p, sku)) throw new AppError(serverErrors.soldOut, 'proId');
  const existing = await cart.findLine(db, userId, sku.id);
  const quantity = Math.max(p.qty_min, (existing?.quantity ?? 0) + input.quantity);
  if (quantity > p.qty_max) throw new AppError(serverErrors.paramInvalid, 'quantity', { max: p.qty_max, inCart: existing?.quantity ?? 0 });
  return cart.upsertLine(db, { userId, productId: p.id, skuId: sku.id, quantity, now });
}

async function requireOwnLines(db: Executor, userId: number, ids: readonly number[]) {
  const lines = await cart.findOwnLines(db, userId, ids);
  // Another user's line looks like no line at all.
  if (lines.length !== new Set(ids).size) throw new AppError(serverErrors.notFound, 'id');
  return lines;
}

export async function updateQuantity(db: Executor, userId: number, input: { id: number; quantity: number }, now: number) {
  const [line] = await requireOwnLines(db, userId, [input.id]);
  const p = await requireProduct(db, line!.product_id);
  if (input.quantity < p.qty_min || input.quantity > p.qty_max) throw new AppError(serverErrors.paramInvalid, 'quantity', { min: p.qty_min, max: p.qty_max });
  await cart.setQuantity(db, userId, input.id, input.quantity, now);
}

export async function selectLines(db: Executor, userId: number, input: { ids: number[]; selected: boolean }, now: number) {
  await requireOwnLines(db, userId, input.ids);
  await cart.setSelected(db, userId, input.ids, input.selected, now);
}

export async function removeLines(db: Executor, userId: number, ids: number[]) {
  await requireOwnLines(db, userId, ids);
  await cart.removeLines(db, userId, ids);
}

/** An order took these lines: they leave the cart in the order's transaction (ids of other users' lines are ignored). */
export async function removeOrderedLines(tx: Executor, userId: number, ids: readonly number[]) {
  await cart.removeLines(tx, userId, ids);
}

/** Empties the cart of an account being deleted. */
export async function clearCart(tx: Executor, userId: number): Promise<void> {
  await cart.removeAllOf(tx, userId);
}
