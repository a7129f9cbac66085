import { handle } from '../../http/handlers.ts';
import { listBalances } from './balance.service.ts';

export const balanceHandlers = [handle('balance', 'get', (ctx) => listBalances(ctx.db, ctx.session.userId))];
