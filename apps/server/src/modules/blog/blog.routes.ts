import { handle } from '../../http/handlers.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import { listPosts, postDetail } from './blog.service.ts';

export const blogHandlers = [
  handle('blog', 'list', (ctx, input) => listPosts(ctx.db, input, languageOf(input.i18n), ctx.now)),
  handle('blog', 'detail', (ctx, input) => postDetail(ctx.db, input.id, languageOf(input.i18n), customerCurrency(input.currency, ctx.session, languageOf(input.i18n)), ctx.now)),
];
