import { handle } from '../../http/handlers.ts';
import type { StaffContext } from '../../http/context.ts';
import { changePriceMany, labelMany, setOnSaleMany } from './catalogue-bulk.service.ts';

/**
 * The console's bulk actions on products (adminProductBulk). Each names many products, so the
 * scope table lets merchant staff through and the service checks every product's merchant.
 */
const bulkOf = (ctx: StaffContext) => ({ db: ctx.db, actor: ctx.actor, merchantId: ctx.staff.merchantId, now: ctx.now, log: ctx.log });

export const productBulkHandlers = [
  handle('adminProductBulk', 'set_on_sale', (ctx, input) => setOnSaleMany(bulkOf(ctx), input.ids, input.onSale)),
  handle('adminProductBulk', 'change_price', (ctx, input) => changePriceMany(bulkOf(ctx), input.ids, input.percent)),
  handle('adminProductBulk', 'label', (ctx, input) => labelMany(bulkOf(ctx), input.ids, input.labelId, input.add)),
];
