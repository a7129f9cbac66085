import { handle } from '../../http/handlers.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as catalogue from './catalogue.service.ts';

export const catalogueHandlers = [
  handle('product', 'list', (ctx, input) => catalogue.listProducts(ctx.db, input, languageOf(input.i18n), ctx.session?.isReseller ?? false, customerCurrency(input.currency, ctx.session, languageOf(input.i18n)))),
  handle('product', 'detail', (ctx, input) => catalogue.productDetail(ctx.db, input.id, languageOf(input.i18n), ctx.session?.isReseller ?? false, customerCurrency(input.currency, ctx.session, languageOf(input.i18n)))),
  handle('product', 'alternatives', (ctx, input) => catalogue.alternativesOf(ctx.db, input.id, languageOf(input.i18n), ctx.session?.isReseller ?? false, customerCurrency(input.currency, ctx.session, languageOf(input.i18n)))),
  handle('product', 'comments', (ctx, input) => catalogue.listComments(ctx.db, input)),
];
