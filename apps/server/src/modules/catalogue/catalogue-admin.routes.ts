import { handle } from '../../http/handlers.ts';
import { checkProductImages } from './product-images.ts';
import { createProduct, listAdminProducts, setOnSale, updateProduct } from './catalogue-admin.service.ts';
import { importProducts, importStock } from './catalogue-import.service.ts';

/**
 * The console's catalogue (adminProduct); product images come in through files/upload.routes.
 * A merchant's staff list and create only their merchant's products (the dispatcher's
 * scope check already refused another merchant's product by id); platform staff choose.
 */
export const catalogueAdminHandlers = [
  handle('adminProduct', 'list', (ctx, input) => listAdminProducts(ctx.db, { ...input, merchantId: ctx.staff.merchantId ?? input.merchantId })),
  handle('adminProduct', 'create', async (ctx, input) => {
    checkProductImages(input.images, ctx.config.imageHosts);
    return createProduct(ctx.db, ctx.actor, input, ctx.now, ctx.staff.merchantId ?? undefined);
  }),
  handle('adminProduct', 'update', async (ctx, input) => {
    checkProductImages(input.images, ctx.config.imageHosts);
    return updateProduct(ctx.db, ctx.actor, input, ctx.now, ctx.staff.merchantId ?? input.merchantId);
  }),
  handle('adminProduct', 'set_on_sale', (ctx, input) => setOnSale(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminProduct', 'import_products', (ctx, input) => importProducts(ctx.db, ctx.actor, input.csv, ctx.now, ctx.config.imageHosts)),
  handle('adminProduct', 'import_stock', async (ctx, input) => ({ updated: await importStock(ctx.db, ctx.actor, input.csv, ctx.now) })),
];

