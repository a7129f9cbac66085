import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as resellerEsim from './reseller-esim.service.ts';

export const resellerEsimHandlers = [
  handle('resellerNumber', 'classes', (ctx, input) => resellerEsim.listClasses(ctx.db, languageOf(input.i18n))),
  handle('resellerNumber', 'generate', (ctx, input) => resellerEsim.generate(ctx.db, ctx.session.userId, input, languageOf(input.i18n), ctx.now)),
  handle('resellerNumber', 'list', (ctx, input) => resellerEsim.listGenerated(ctx.db, ctx.session.userId, input, languageOf(input.i18n))),
  handle('resellerNumber', 'search', (ctx, input) => resellerEsim.searchOwn(ctx.db, ctx.session.userId, input.query, languageOf(input.i18n))),
  handle('resellerNumber', 'export', (ctx, input) => resellerEsim.exportGenerated(ctx.db, ctx.config, ctx.session.userId, input, languageOf(input.i18n), ctx.now)),
  handle('resellerNumber', 'batches', (ctx, input) => resellerEsim.listBatches(ctx.db, ctx.session.userId, input, languageOf(input.i18n))),
];
