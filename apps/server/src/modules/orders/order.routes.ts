import { handle, withTotal } from '../../http/handlers.ts';
import { userTotals as cartTotals } from '../cart/cart.service.ts';
import { buyerOf } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import { createOrder } from './order-checkout.service.ts';
import { previewOrder } from './order-pricing.service.ts';
import { actOnOrder, listOrders, orderDetail } from './order-views.service.ts';
import { createTopupOrder } from './topup-order.service.ts';
import { createAddonOrder } from './esim-addon-order.service.ts';
import { checkLineTargets } from './order-line-check.service.ts';
import { cancelOrder, confirmReceipt, deleteOrder, modifyAddress, requestRefund } from './order.service.ts';


export const orderHandlers = [
  handle('order', 'preview', (ctx, input) => previewOrder(ctx.db, buyerOf(ctx.session, input), input.items, languageOf(input.i18n), input.checkInputs, { choice: { couponCode: input.couponCode, couponId: input.couponId }, now: ctx.now }, input.pickupStoreId)),
  handle('order', 'create', async (ctx, input) => {
    await checkLineTargets(ctx.db, ctx.providers.carrier, input.items);
    const order = await createOrder(ctx.db, buyerOf(ctx.session, input), input, languageOf(input.i18n), ctx.now);
    // The order took lines out of the cart: the new count goes with it, so the cart badge follows.
    return withTotal(order, await cartTotals(ctx.db, ctx.session.userId));
  }),
  handle('order', 'list', (ctx, input) => listOrders(ctx.db, ctx.session.userId, input, languageOf(input.i18n))),
  handle('order', 'detail', (ctx, input) => orderDetail(ctx.db, ctx.session.userId, input.orderNo, languageOf(input.i18n))),
  // Each action answers with the order as it is after it.
  handle('order', 'cancel', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => cancelOrder(ctx.db, ctx.session.userId, input.orderNo, ctx.now))),
  handle('order', 'confirm_receipt', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => confirmReceipt(ctx.db, ctx.session.userId, input.orderNo, ctx.now))),
  handle('order', 'modify_address', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => modifyAddress(ctx.db, ctx.session.userId, input.orderNo, input.addressId, ctx.now))),
  handle('order', 'refund', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => requestRefund(ctx.db, ctx.session.userId, input, ctx.now))),
  // A balance top-up is an order (topup-order.service.ts).
  handle('balance', 'topup', (ctx, input) => createTopupOrder(ctx.db, ctx.session.userId, input, ctx.now)),
  // Data added to an eSIM is an order too (esim-addon-order.service.ts).
  handle('esim', 'addData', (ctx, input) => createAddonOrder(ctx.db, ctx.providers.carrier, buyerOf(ctx.session, input), { esimId: input.id, skuId: input.skuId, residenceCountry: input.residenceCountry, performanceConsent: input.performanceConsent }, languageOf(input.i18n), ctx.now)),
  handle('order', 'delete', (ctx, input) => deleteOrder(ctx.db, ctx.session.userId, input.orderNo, ctx.now)),
];
