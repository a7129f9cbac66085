import { handle } from '../../http/handlers.ts';
import * as paymentsService from './payment.service.ts';

export const paymentHandlers = [
  handle('order', 'payment_methods', (ctx, input) => paymentsService.paymentOptions(ctx.db, ctx.config, ctx.providers, ctx.session, input.orderNo)),
  handle('order', 'pay', (ctx, input) => paymentsService.pay(ctx.db, ctx.config, ctx.providers, ctx.session, input, ctx.origin, ctx.now)),
];
