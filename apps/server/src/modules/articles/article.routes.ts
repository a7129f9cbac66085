import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as tutorials from './article.service.ts';

export const articleHandlers = [
  handle('article', 'list', (ctx, input) => tutorials.listArticles(ctx.db, input, languageOf(input.i18n))),
  handle('article', 'detail', (ctx, input) => tutorials.articleDetail(ctx.db, input.id, languageOf(input.i18n))),
];
