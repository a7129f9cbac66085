import { handle } from '../../http/handlers.ts';
import { actOnOrder } from '../orders/order-views.service.ts';
import * as paymentsService from './payment.service.ts';
import { refundNow } from './refund.service.ts';
import { withdraw } from './withdrawal.service.ts';

export const paymentHandlers = [
  handle('order', 'payment_methods', (ctx, input) => paymentsService.paymentOptions(ctx.db, ctx.config, ctx.providers, ctx.session, input.orderNo)),
  // The refund by rule is the payments module's (the money goes back); it answers with the order.
  handle('order', 'refund_now', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => refundNow(ctx.db, ctx.session.userId, input.orderNo, ctx.now))),
  // A withdrawal is refunded here too (digital content at once): it answers with the order.
  handle('order', 'withdraw', (ctx, input) => actOnOrder(ctx.db, ctx.session.userId, input, () => withdraw(ctx.db, ctx.session.userId, input.orderNo, ctx.now))),
  handle('order', 'pay', (ctx, input) => paymentsService.pay(ctx.db, ctx.config, ctx.providers, ctx.session, input, ctx.origin, ctx.now)),
];
