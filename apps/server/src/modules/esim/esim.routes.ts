import { handle } from '../../http/handlers.ts';
import { buyerOf } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import { addonOffers } from './esim-addon.service.ts';
import * as esim from './esim.service.ts';

export const esimHandlers = [
  handle('esim', 'list', (ctx, input) => esim.listEsims(ctx.db, ctx.providers.carrier, ctx.session.userId, input, languageOf(input.i18n), ctx.now)),
  handle('esim', 'detail', (ctx, input) => esim.esimDetail(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id, languageOf(input.i18n), ctx.now)),
  handle('esim', 'scan', (ctx, input) => esim.countScan(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id, languageOf(input.i18n), ctx.now)),
  handle('esim', 'remark', (ctx, input) => esim.setRemark(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id, input.remark, languageOf(input.i18n), ctx.now)),
  handle('esim', 'addons', (ctx, input) => addonOffers(ctx.db, ctx.providers.carrier, buyerOf(ctx.session, input), input.id, languageOf(input.i18n), ctx.now)),
  handle('esimSearch', 'search', (ctx, input) => esim.searchEsims(ctx.db, ctx.session.userId, input.query, languageOf(input.i18n))),
  handle('esimSelfAdd', 'add', (ctx, input) => esim.selfAddEsim(ctx.db, ctx.providers.carrier, ctx.session.userId, input.activationCode, languageOf(input.i18n), ctx.now)),
];
