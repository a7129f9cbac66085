import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import { askBackInStock } from './back-in-stock.service.ts';

export const backInStockHandlers = [
  handle('product', 'notify_back', (ctx, input) =>
    askBackInStock(ctx.db, { userId: ctx.session?.userId ?? null, ip: ctx.ip, origin: ctx.origin }, { id: input.id, email: input.email, language: languageOf(input.i18n), smsBudget: ctx.config.sms.dailyBudget }, ctx.now),
  ),
];
