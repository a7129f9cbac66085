import { Currency, ProductKind } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { creditBalance } from '../balance/balance.service.ts';
import { setSkuStock, skuWithProduct } from '../catalogue/catalogue.service.ts';
import * as repo from './sandbox.repository.ts';

/**
 * What the sandbox copies from the live shop before a test key's request, so a test order is
 * priced and checked as a live one would be: the catalogue the API sells from (merchants, labels,
 * products, SKUs and their prices, wholesale prices and minimums) and the reseller's account row
 * (same id; their price is the reseller price of the catalogue). Each is copied again only when
 * the fingerprint of its live rows moved, so a request that finds nothing changed costs two
 * small reads per side. On a reseller's first copy their play balance is credited.
 */

/** The play money a reseller starts the sandbox with, in each currency the catalogue sells in (minor units: 10,000.00). */
export const SANDBOX_PLAY_BALANCE = 1_000_000;
/** The ledger's reason for it: says it is the sandbox's. */
export const SANDBOX_CREDIT_REASON = 'sandbox: play balance';
const CATALOGUE = 'catalogue';

/** Brings the sandbox's catalogue and the reseller's row up to the live shop's. */
export async function mirrorForReseller(live: Database, sandbox: Database, userId: number, now: number): Promise<void> {
  await mirrorCatalogue(live, sandbox, now);
  await mirrorReseller(live, sandbox, userId, now);
}

async function mirrorCatalogue(live: Database, sandbox: Database, now: number): Promise<void> {
  const fingerprint = await repo.catalogueFingerprint(live);
  if ((await repo.mirrorFingerprint(sandbox, CATALOGUE)) === fingerprint) return;
  const rows = await repo.liveCatalogue(live);
  const liveProducts = new Set(rows.products.map((p) => p.id));
  const liveSkus = new Set(rows.skus.map((s) => s.id));
  const onDemand = new Set(rows.products.filter((p) => p.kind === ProductKind.esim).map((p) => p.id));
  await sandbox.transaction().execute(async (tx) => {
    // First, so a live row that took a gone one's key or code finds it free.
    await repo.retire(tx, 'product_skus', (await repo.idsOf(tx, 'product_skus')).filter((id) => !liveSkus.has(id)), now);
    await repo.retire(tx, 'products', (await repo.idsOf(tx, 'products')).filter((id) => !liveProducts.has(id)), now);
    // Who applied for a merchant is another account: not copied (the column refers to users).
    await repo.upsertRows(tx, 'merchants', rows.merchants.map((m) => ({ ...m, applicant_user_id: null })));
    await repo.upsertRows(tx, 'labels', rows.labels);
    // Every sandbox eSIM comes from the simulated SM-DP+ on demand: no pool to draw from, no stock to count.
    await repo.upsertRows(tx, 'products', rows.products.map((p) => (onDemand.has(p.id) ? { ...p, esim_source: 'smdp' as const } : p)));
    await repo.upsertRows(tx, 'product_skus', rows.skus.map((s) => (onDemand.has(s.product_id) ? { ...s, stock: null } : s)), ['stock']);
    await repo.replaceProductLabels(tx, rows.productLabels);
    await repo.recordMirror(tx, CATALOGUE, fingerprint, now);
  });
}

async function mirrorReseller(live: Database, sandbox: Database, userId: number, now: number): Promise<void> {
  const user = await repo.liveUser(live, userId);
  if (!user) return;
  const what = `user:${userId}`;
  const fingerprint = `${user.updated_at}:${user.role}:${user.status}`;
  if ((await repo.mirrorFingerprint(sandbox, what)) === fingerprint) return;
  await sandbox.transaction().execute(async (tx) => {
    await repo.upsertRows(tx, 'users', [user]);
    if (!(await repo.recordFirstMirror(tx, what, fingerprint, now))) return repo.recordMirror(tx, what, fingerprint, now);
    for (const currency of Object.values(Currency)) await creditBalance(tx, { userId, currency, amount: SANDBOX_PLAY_BALANCE, reason: SANDBOX_CREDIT_REASON, orderId: null }, now);
  });
}

/**
 * Before a sandbox order of ECodes (one or a bulk job): the SKU's stock raised to the units the
 * order asks for, when it counts stock and has fewer, so a test order is never refused for the
 * live shop's stock. The order then issues its codes as a live one does, as TEST codes (the
 * sandbox's database is a test plane, db/test-plane.ts) that exist only there.
 */
export async function stockSandboxEcodes(sandbox: Database, units: { skuId: number; quantity: number }, now: number): Promise<void> {
  const { sku, product } = await skuWithProduct(sandbox, units.skuId);
  if (!sku || product?.kind !== ProductKind.ecode || sku.stock === null || sku.stock >= units.quantity) return;
  await sandbox.transaction().execute((tx) => setSkuStock(tx, sku.id, units.quantity, now));
}
