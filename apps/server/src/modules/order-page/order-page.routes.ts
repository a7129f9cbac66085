import type { AnyActionName, AnyResponseOf } from '@simshop/contract';
import type { StaffContext } from '../../http/context.ts';
import { handle, type Handler } from '../../http/handlers.ts';
import type { Executor } from '../../db/database.ts';
import { adminOrderDetail, exportAdminOrders, listAdminOrders, requireOrder } from '../orders/order-admin-views.service.ts';
import { orderEsimFacts } from '../esim/esim-order-facts.service.ts';
import { addOrderNote, advanceServiceOrder, deliverOrder, markPickedUp, markPickupReady, modifyOrderAddress, shipOrder } from '../orders/order-admin.service.ts';
import { historyNamers } from '../history/history.service.ts';
import { listOrderPayments } from '../payments/payment.service.ts';
import { approveRefund, rejectRefund } from '../payments/refund.service.ts';

/**
 * The console's order page: the order as orders shows it with its payments, and the actions on
 * it, refunds included. A module above orders and payments, which both shape the page.
 */
const orderPage = (db: Executor, orderNo: string, viewerMerchantId: number | null) => adminOrderDetail(db, orderNo, viewerMerchantId, listOrderPayments, historyNamers(db));

/** A write on one order that answers with the order as its page shows it, read after the write's transaction. */
const writeThenDetail = <A extends AnyActionName<'adminOrder'>>(action: A, write: (...args: Parameters<Handler<'adminOrder', A>>) => Promise<unknown>) =>
  handle('adminOrder', action, async (ctx, input) => {
    await write(ctx, input);
    // Every one of these actions names its order and answers with its detail (the contract says so).
    return (await orderPage(ctx.db, (input as { orderNo: string }).orderNo, (ctx as StaffContext).staff.merchantId)) as AnyResponseOf<'adminOrder', A>;
  });

/** The console's order actions; each write answers with the order as its page shows it. */
export const orderAdminHandlers = [
  // A merchant's staff list and export only their merchant's orders.
  handle('adminOrder', 'list', (ctx, input) => listAdminOrders(ctx.db, input, ctx.staff.merchantId ?? input.merchantId)),
  handle('adminOrder', 'export', (ctx, input) => exportAdminOrders(ctx.db, input, ctx.now, ctx.staff.merchantId ?? input.merchantId)),
  handle('adminOrder', 'detail', (ctx, input) => orderPage(ctx.db, input.orderNo, ctx.staff.merchantId)),
  // Beside a refund: each delivered eSIM's install state, log and usage, read by the esim module.
  handle('adminOrder', 'esims', async (ctx, input) => ({ items: await orderEsimFacts(ctx.db, ctx.providers.carrier, await requireOrder(ctx.db, input.orderNo), ctx.now) })),
  writeThenDetail('ship', (ctx, input) => shipOrder(ctx.db, ctx.actor, input, ctx.now)),
  writeThenDetail('deliver', (ctx, input) => deliverOrder(ctx.db, ctx.actor, input.orderNo, ctx.now)),
  writeThenDetail('service_step', (ctx, input) => advanceServiceOrder(ctx.db, ctx.actor, input.orderNo, input.event, ctx.now)),
  writeThenDetail('refund_approve', (ctx, input) => approveRefund(ctx.db, ctx.actor, input.orderNo, input.amount, ctx.now)),
  writeThenDetail('refund_reject', (ctx, input) => rejectRefund(ctx.db, ctx.actor, input.orderNo, input.reason, ctx.now)),
  writeThenDetail('modify_address', (ctx, input) => modifyOrderAddress(ctx.db, ctx.actor, input.orderNo, input.address, ctx.now)),
  writeThenDetail('add_note', (ctx, input) => addOrderNote(ctx.db, ctx.actor, input.orderNo, input.text, ctx.now)),
  writeThenDetail('pickup_ready', (ctx, input) => markPickupReady(ctx.db, ctx.actor, input.orderNo, ctx.now)),
  writeThenDetail('pickup_done', (ctx, input) => markPickedUp(ctx.db, ctx.actor, input.orderNo, ctx.now)),
];
