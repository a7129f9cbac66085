import { handle } from '../../http/handlers.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import { merchantPage } from './merchant-page.service.ts';

export const merchantPageHandlers = [handle('merchant', 'detail', (ctx, input) => merchantPage(ctx.db, input.id, languageOf(input.i18n), ctx.session?.isReseller ?? false, customerCurrency(input.currency, ctx.session, languageOf(input.i18n))))];
