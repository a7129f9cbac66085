import { handle } from '../../http/handlers.ts';
import { listBilling } from './billing.service.ts';

export const billingHandlers = [handle('billing', 'list', (ctx, input) => listBilling(ctx.db, ctx.session.userId, input.page, input.size))];
