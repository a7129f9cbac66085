import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import { merchantPage } from './merchant-page.service.ts';
import { changeMerchantStatus } from './merchant-status.service.ts';
import * as merchants from './merchant.service.ts';

export const merchantHandlers = [
  handle('merchant', 'list', async (ctx, input) => ({ items: await merchants.activeMerchants(ctx.db, languageOf(input.i18n)) })),
  handle('merchant', 'detail', (ctx, input) => merchantPage(ctx.db, input.id, languageOf(input.i18n), ctx.session?.isReseller ?? false)),
  handle('merchant', 'apply', (ctx, input) => merchants.apply(ctx.db, ctx.session.userId, input, ctx.now)),
  handle('merchant', 'my_application', (ctx) => merchants.myApplication(ctx.db, ctx.session.userId)),
  handle('adminMerchant', 'list', (ctx, input) => merchants.listMerchants(ctx.db, input)),
  handle('adminMerchant', 'detail', (ctx, input) => merchants.merchantDetail(ctx.db, input.id)),
  handle('adminMerchant', 'choices', (ctx) => merchants.merchantChoices(ctx.db)),
  handle('adminMerchant', 'create', (ctx, input) => merchants.createMerchant(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMerchant', 'update', (ctx, input) => merchants.updateMerchant(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMerchant', 'approve', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'approve', ctx.now)),
  handle('adminMerchant', 'suspend', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'suspend', ctx.now)),
  handle('adminMerchant', 'reactivate', (ctx, input) => changeMerchantStatus(ctx.db, ctx.actor, input, 'reactivate', ctx.now)),
  handle('adminMerchant', 'set_commission', (ctx, input) => merchants.setCommission(ctx.db, ctx.actor, input, ctx.now)),
];
