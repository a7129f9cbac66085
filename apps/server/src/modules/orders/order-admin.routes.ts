import { handle } from '../../http/handlers.ts';
import { addOrderNote, adminOrderDetail, advanceServiceOrder, approveRefund, deliverOrder, exportAdminOrders, listAdminOrders, modifyOrderAddress, rejectRefund, shipOrder } from './order-admin.service.ts';

/** The console's order actions; each write answers with the order as its page shows it. */
export const orderAdminHandlers = [
  handle('adminOrder', 'list', (ctx, input) => listAdminOrders(ctx.db, input)),
  handle('adminOrder', 'export', (ctx, input) => exportAdminOrders(ctx.db, input, ctx.now)),
  handle('adminOrder', 'detail', (ctx, input) => adminOrderDetail(ctx.db, input.orderNo)),
  handle('adminOrder', 'ship', async (ctx, input) => {
    await shipOrder(ctx.db, ctx.actor, input, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'deliver', async (ctx, input) => {
    await deliverOrder(ctx.db, ctx.actor, input.orderNo, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'service_step', async (ctx, input) => {
    await advanceServiceOrder(ctx.db, ctx.actor, input.orderNo, input.event, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'refund_approve', async (ctx, input) => {
    await approveRefund(ctx.db, ctx.actor, input.orderNo, input.amount, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'refund_reject', async (ctx, input) => {
    await rejectRefund(ctx.db, ctx.actor, input.orderNo, input.reason, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'modify_address', async (ctx, input) => {
    await modifyOrderAddress(ctx.db, ctx.actor, input.orderNo, input.address, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
  handle('adminOrder', 'add_note', async (ctx, input) => {
    await addOrderNote(ctx.db, ctx.actor, input.orderNo, input.text, ctx.now);
    return adminOrderDetail(ctx.db, input.orderNo);
  }),
];
