import { handle } from '../../http/handlers.ts';
import { createProduct, getAdminProduct, importProducts, importStock, listAdminProducts, setOnSale, updateProduct } from './catalogue-admin.service.ts';

/** The console's catalogue (adminProduct); product images come in through files/upload.routes. */
export const catalogueAdminHandlers = [
  handle('adminProduct', 'list', (ctx, input) => listAdminProducts(ctx.db, input)),
  handle('adminProduct', 'get', (ctx, input) => getAdminProduct(ctx.db, input.id)),
  handle('adminProduct', 'create', (ctx, input) => createProduct(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminProduct', 'update', (ctx, input) => updateProduct(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminProduct', 'set_on_sale', (ctx, input) => setOnSale(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminProduct', 'import_products', (ctx, input) => importProducts(ctx.db, ctx.actor, input.csv, ctx.now)),
  handle('adminProduct', 'import_stock', async (ctx, input) => ({ updated: await importStock(ctx.db, ctx.actor, input.csv, ctx.now) })),
];
