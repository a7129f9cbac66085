import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as merchants from './merchant.service.ts';

export const merchantHandlers = [
  handle('merchant', 'list', async (ctx, input) => ({ items: await merchants.activeMerchants(ctx.db, languageOf(input.i18n)) })),
  handle('merchant', 'apply', (ctx, input) => merchants.apply(ctx.db, ctx.session.userId, input, ctx.now)),
  handle('merchant', 'my_application', (ctx) => merchants.myApplication(ctx.db, ctx.session.userId)),
  handle('adminMerchant', 'list', (ctx, input) => merchants.listMerchants(ctx.db, input)),
  handle('adminMerchant', 'detail', (ctx, input) => merchants.merchantDetail(ctx.db, input.id)),
  handle('adminMerchant', 'choices', (ctx) => merchants.merchantChoices(ctx.db)),
  handle('adminMerchant', 'create', (ctx, input) => merchants.createMerchant(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMerchant', 'update', (ctx, input) => merchants.updateMerchant(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMerchant', 'set_commission', (ctx, input) => merchants.setCommission(ctx.db, ctx.actor, input, ctx.now)),
];
