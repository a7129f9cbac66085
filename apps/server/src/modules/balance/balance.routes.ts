import { handle } from '../../http/handlers.ts';
import { createTopupOrder } from './balance-topup.service.ts';
import { listBalances } from './balance.service.ts';

export const balanceHandlers = [
  handle('balance', 'get', (ctx) => listBalances(ctx.db, ctx.session.userId)),
  handle('balance', 'topup', (ctx, input) => createTopupOrder(ctx.db, ctx.session.userId, input, ctx.now)),
];
