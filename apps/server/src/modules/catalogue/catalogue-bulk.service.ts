import { serverErrors, type BulkResult, type OtherPrices } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { bulkSummary, eachInTurn } from '../../lib/bulk.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { adminLabelsOf, allLabelRefs, setProductLabels } from '../labels/labels.service.ts';
import { ownerOf } from '../merchants/merchant.service.ts';
import * as admin from './catalogue-admin.repository.ts';
import * as catalogue from './catalogue.repository.ts';
import { setOnSale } from './catalogue-admin.service.ts';
import { otherPricesOf } from './catalogue.service.ts';

/**
 * Bulk work on products from the console's list: on or off sale, prices moved by a percentage,
 * a label added or taken off. Each product in its own transaction with its own audit row (the
 * same `product.*` actions as the editor writes), then one row that sums the call up. Wholesale
 * prices and stock are left alone; a price change does not touch products' coupons.
 */

/** The most a price may be, as the product form and its schema allow (1 000 000 in major units). */
const PRICE_MAX = 100_000_000;

/** A product staff may edit, of the caller's merchant; another merchant's answers as a missing one. */
async function requireOwnProduct(db: Executor, id: number, merchantId: number | null) {
  const row = await catalogue.findProduct(db, id);
  if (!row || row.kind === 'topup' || (merchantId !== null && (await ownerOf(db, 'product', id)) !== merchantId)) throw new AppError(serverErrors.productNotFound, 'id');
  return row;
}

type Bulk = { db: Database; actor: Actor; merchantId: number | null; now: number; log: FastifyBaseLogger };

async function eachProduct(b: Bulk, ids: readonly number[], action: string, run: (id: number) => Promise<unknown>, detail: Record<string, unknown>): Promise<BulkResult> {
  const result = await eachInTurn([...new Set(ids)].map((id) => ({ ref: String(id), run: () => run(id) })), b.log);
  await recordAudit(b.db, b.actor, bulkSummary(action, result, detail), b.now);
  return result;
}

export function setOnSaleMany(b: Bulk, ids: readonly number[], onSale: boolean) {
  return eachProduct(b, ids, 'product.bulk_set_on_sale', async (id) => {
    const row = await requireOwnProduct(b.db, id, b.merchantId);
    // The version read just now: a save in between is refused as on the list's switch.
    await setOnSale(b.db, b.actor, { id, version: row.version, onSale }, b.now);
  }, { onSale });
}

/**
 * A price moved by `percent`, rounded to the minor unit (every shop currency has two decimals);
 * never below zero, and a price that was not free stays at least one minor unit.
 */
export function movedPrice(price: number, percent: number): number {
  const moved = Math.round((price * (10_000 + Math.round(percent * 100))) / 10_000);
  return price > 0 ? Math.max(1, moved) : 0;
}

export function changePriceMany(b: Bulk, ids: readonly number[], percent: number) {
  return eachProduct(b, ids, 'product.bulk_change_price', (id) =>
    b.db.transaction().execute(async (tx) => {
      const row = await requireOwnProduct(tx, id, b.merchantId);
      const skus = await catalogue.skusOf(tx, [row.id]);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [i, sku] of skus.entries()) {
        const others = otherPricesOf(sku);
        const price = movedPrice(sku.price, percent);
        const prices: OtherPrices = Object.fromEntries(Object.entries(others).map(([currency, p]) => [currency, { ...p, price: movedPrice(p.price, percent) }]));
        if ([price, ...Object.values(prices).map((p) => p.price)].some((p) => p > PRICE_MAX)) throw new AppError(serverErrors.paramInvalid, `skus.${i}.price`);
        await admin.updateSku(tx, sku.id, { price, prices: JSON.stringify(prices) });
        before[`sku ${sku.code}`] = { price: sku.price, prices: others };
        after[`sku ${sku.code}`] = { price, prices };
      }
      await admin.touchProduct(tx, row.id, b.now);
      await recordAudit(tx, b.actor, { action: 'product.update', targetType: 'product', targetId: row.id, before, after: { ...after, percent } }, b.now);
    }),
  { percent });
}

export function labelMany(b: Bulk, ids: readonly number[], labelId: number, add: boolean) {
  return eachProduct(b, ids, add ? 'product.bulk_add_label' : 'product.bulk_remove_label', (id) =>
    b.db.transaction().execute(async (tx) => {
      const row = await requireOwnProduct(tx, id, b.merchantId);
      const had = ((await adminLabelsOf(tx, [row.id])).get(row.id) ?? []).map((l) => l.id);
      const now = add ? [...new Set([...had, labelId])] : had.filter((l) => l !== labelId);
      // An unknown label is refused, also when taking it off would change nothing.
      if (!(await allLabelRefs(tx)).some((l) => l.id === labelId)) throw new AppError(serverErrors.labelNotFound, 'labelId');
      await setProductLabels(tx, row.id, now);
      await admin.touchProduct(tx, row.id, b.now);
      await recordAudit(tx, b.actor, { action: 'product.update', targetType: 'product', targetId: row.id, before: { labelIds: had }, after: { labelIds: now } }, b.now);
    }),
  { labelId });
}
