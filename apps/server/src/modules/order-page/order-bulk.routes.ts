import type { AdminOrderDetail, BulkOutcome } from '@simshop/contract';
import { handle } from '../../http/handlers.ts';
import { bulkError } from '../../lib/bulk.ts';
import { adminOrderDetail, exportAdminOrders } from '../orders/order-admin-views.service.ts';
import { previewShipLines, requireOwnOrder, shipMany } from '../orders/order-bulk.service.ts';
import { historyNamers } from '../history/history.service.ts';
import { listOrderPayments } from '../payments/payment.service.ts';

/**
 * The console's bulk actions on orders (adminOrderBulk). Each names many orders, so the scope
 * table lets merchant staff through and the services check every order's merchant: another
 * merchant's order answers as a missing one, for that order only.
 */
export const orderBulkHandlers = [
  handle('adminOrderBulk', 'ship_preview', (ctx, input) => previewShipLines(ctx.db, input, ctx.staff.merchantId)),
  handle('adminOrderBulk', 'ship', (ctx, input) => shipMany(ctx.db, ctx.actor, input.items, ctx.staff.merchantId, ctx.now, ctx.log)),
  handle('adminOrderBulk', 'packing_slips', async (ctx, input) => {
    const orders: AdminOrderDetail[] = [];
    const results: BulkOutcome[] = [];
    const namers = historyNamers(ctx.db);
    for (const orderNo of new Set(input.orderNos)) {
      try {
        await requireOwnOrder(ctx.db, orderNo, ctx.staff.merchantId);
        orders.push(await adminOrderDetail(ctx.db, orderNo, ctx.staff.merchantId, listOrderPayments, namers));
        results.push({ ref: orderNo, ok: true, error: null });
      } catch (err) {
        results.push({ ref: orderNo, ok: false, error: bulkError(err) });
      }
    }
    return { orders, results };
  }),
  // The list's export, limited to the selection (and to the caller's merchant).
  handle('adminOrderBulk', 'export', (ctx, input) =>
    exportAdminOrders(ctx.db, { sortField: 'createdAt', sortOrder: 'desc', lang: input.lang, timeZone: input.timeZone }, ctx.now, ctx.staff.merchantId ?? undefined, input.orderNos),
  ),
];
