import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as labels from './labels.service.ts';

/** The shop's label endpoint and the console's. */
export const labelHandlers = [
  handle('label', 'list', (ctx, input) => labels.listShopLabels(ctx.db, languageOf(input.i18n))),
  handle('label', 'detail', (ctx, input) => labels.shopLabel(ctx.db, input.id, languageOf(input.i18n))),
  handle('adminLabel', 'list', (ctx) => labels.listAdminLabels(ctx.db)),
  handle('adminLabel', 'create', (ctx, input) => labels.createLabel(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminLabel', 'update', (ctx, input) => labels.updateLabel(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminLabel', 'delete', (ctx, input) => labels.deleteLabel(ctx.db, ctx.actor, input.id, ctx.now)),
];
