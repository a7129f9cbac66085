import { handle } from '../../http/handlers.ts';
import { listPools } from '../esim/esim-pool.service.ts';
import { closeGenerateClass, importPoolFile, listOwnerClasses, openClass } from './reseller-esim.service.ts';

/** The console's eSIM inventory (adminInventory): pool levels, pool imports, reseller classes. */
export const inventoryHandlers = [
  // A merchant's staff see only their merchant's pools.
  handle('adminInventory', 'pools', (ctx, input) => listPools(ctx.db, { ...input, merchantId: ctx.staff.merchantId ?? undefined })),
  handle('adminInventory', 'import_pool', (ctx, input) => importPoolFile(ctx.db, ctx.actor, { skuId: input.skuId }, input.csv, ctx.now)),
  handle('adminInventory', 'classes', (ctx, input) => listOwnerClasses(ctx.db, input)),
  handle('adminInventory', 'open_class', (ctx, input) => openClass(ctx.db, ctx.actor, { sku: { skuId: input.skuId }, class: input.class, sort: input.sort, unitPrice: input.unitPrice }, ctx.now)),
  handle('adminInventory', 'close_class', async (ctx, input) => {
    await closeGenerateClass(ctx.db, ctx.actor, { skuId: input.skuId }, ctx.now);
    return { ok: true as const };
  }),
];
