import { EsimClass, serverErrors, type PoolRow } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson } from '../../lib/i18n.ts';
import { findSkuByCode, returnStock, setSkuStock } from '../catalogue/catalogue.service.ts';
import * as esims from './esim.repository.ts';

// The owner's side of pooled eSIMs: loading supplier files and watching how full each pool is.
// Handing a pooled profile to an order is in esim.service.ts (assignPoolProfiles).

/**
 * Loads activation codes into a SKU's pool (the owner's supplier file) and raises the SKU's
 * stock by as many as were new; codes already in this merchant's pools are skipped. Run it in a
 * transaction.
 *
 * A profile exists once (dp_address and activation_code are unique across all pools) and its
 * ICCID names one card. A code or an ICCID that is anywhere but in this merchant's pools is
 * refused exactly as a malformed one is (same error, same wording, its file line), so a
 * merchant's import never tells what other merchants hold, nor whose it is.
 */
export async function importPool(tx: Executor, skuCode: string, profiles: Array<{ activationCode: string; dpAddress: string; iccid?: string | undefined; class?: EsimClass | undefined; line?: number | undefined }>, now: number) {
  {
    const sku = await findSkuByCode(tx, skuCode);
    if (!sku) throw new AppError(serverErrors.productNotFound, 'sku');
    const merchantId = await esims.skuMerchant(tx, sku.id);
    const fresh = [];
    for (const [i, p] of profiles.entries()) {
      const refuse = (reason: string) => new AppError(serverErrors.importRowInvalid, 'csv', { line: p.line ?? i + 1, reason });
      const known = await esims.findProfileOwner(tx, p.dpAddress, p.activationCode);
      if (known && known.merchant_id !== merchantId) throw refuse(`activation_code: ${p.activationCode}`);
      if (known) continue;
      if (p.iccid && merchantId !== undefined && (await esims.iccidOutsideMerchant(tx, p.iccid, merchantId))) throw refuse(`iccid: ${p.iccid}`);
      fresh.push(p);
    }
    await esims.insertProfiles(
      tx,
      fresh.map((p) => ({ sku_id: sku.id, class: p.class ?? EsimClass.self, activation_code: p.activationCode, dp_address: p.dpAddress, iccid: p.iccid ?? null, record_status: 'unassigned', created_at: now, updated_at: now })),
    );
    // Added in the database, not computed here: a checkout taking stock meanwhile must not be undone.
    if (sku.stock === null) await setSkuStock(tx, sku.id, fresh.length, now);
    else await returnStock(tx, sku.id, fresh.length, now);
    return { added: fresh.length, skipped: profiles.length - fresh.length };
  }
}

/** How full each pool SKU's pool is: free (unassigned), assigned, and every profile it ever had. */
export async function poolLevelsOf(db: Executor, skuIds: readonly number[]): Promise<Map<number, { free: number; assigned: number; total: number }>> {
  const levels = new Map(skuIds.map((id) => [id, { free: 0, assigned: 0, total: 0 }]));
  for (const row of await esims.profileCountsBySku(db, skuIds)) {
    const level = levels.get(row.sku_id!)!;
    const n = Number(row.n);
    level.total += n;
    if (row.record_status === 'unassigned') level.free += n;
    if (row.record_status === 'assigned') level.assigned += n;
  }
  return levels;
}

/** The console's pool levels: every pool eSIM SKU with free, assigned and total codes and its stock. */
export async function listPools(
  db: Executor,
  input: { page: number; pageSize: number; sortField: 'code' | 'free'; sortOrder: 'asc' | 'desc'; q?: string | undefined; freeBelow?: number | undefined; merchantId?: number | undefined },
): Promise<{ items: PoolRow[]; total: number }> {
  const { rows, total } = await esims.listPoolSkus(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField, order: input.sortOrder });
  const levels = await poolLevelsOf(db, rows.map((r) => r.id));
  return {
    total,
    items: rows.map((r) => {
      const specs = parseJson<Array<{ values: Array<{ en: string; zh: string }> }>>(r.specs, []);
      return {
        ...levels.get(r.id)!,
        skuId: r.id,
        skuCode: r.code,
        productId: r.product_id,
        productKey: r.key,
        productName: { en: r.name_en, zh: r.name_zh },
        options: parseJson<number[]>(r.options, []).map((v, g) => specs[g]?.values[v] ?? { en: '', zh: '' }),
        onSale: r.on_sale === 1,
        currency: r.currency,
        price: r.price,
        wholesalePrice: r.wholesale_price,
        stock: r.stock,
        generateClass: r.class === null ? null : { class: r.class, open: r.enabled === 1 },
      };
    }),
  };
}

/** The ICCID of a pool profile held at an SM-DP+ address, by its activation code: what that SM-DP+ releases for download. */
export async function poolProfileIccid(db: Executor, dpAddress: string, activationCode: string): Promise<string | undefined> {
  return (await esims.findPoolIccid(db, dpAddress, activationCode))?.iccid ?? undefined;
}

/** Free profiles per pool SKU (the dashboard), emptiest first. */
export async function poolLevels(db: Executor) {
  const rows = await esims.poolLevels(db);
  return rows
    .map((r) => ({ skuId: r.id, skuCode: r.code, productKey: r.key, productName: { en: r.name_en, zh: r.name_zh }, free: Number(r.free) }))
    .sort((a, b) => a.free - b.free || a.skuId - b.skuId);
}
