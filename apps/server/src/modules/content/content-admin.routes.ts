import { handle } from '../../http/handlers.ts';
import { articleForStaff, createArticle, listArticlesForStaff, updateArticleForStaff } from '../articles/article-admin.service.ts';
import { discardHomeDraft, homeEditor, homePreviewToken, homeRevisions, productChoices, publishHome, restoreHomeRevision, saveHomeDraft } from './content-admin.service.ts';

/** The console's content endpoint: the home block and the tutorials. */
export const adminContentHandlers = [
  handle('adminContent', 'home_get', (ctx, input) => homeEditor(ctx.db, input.lang)),
  handle('adminContent', 'home_save', (ctx, input) => saveHomeDraft(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminContent', 'home_publish', (ctx, input) => publishHome(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminContent', 'home_discard', (ctx, input) => discardHomeDraft(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminContent', 'home_restore', (ctx, input) => restoreHomeRevision(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminContent', 'home_revisions', (ctx, input) => homeRevisions(ctx.db, input)),
  handle('adminContent', 'home_preview', async (ctx, input) => homePreviewToken(ctx.config.fileTokenSecret, input.lang, ctx.now)),
  handle('adminContent', 'product_choices', (ctx) => productChoices(ctx.db)),
  handle('adminContent', 'article_list', (ctx, input) => listArticlesForStaff(ctx.db, input)),
  handle('adminContent', 'article_get', (ctx, input) => articleForStaff(ctx.db, input.id)),
  handle('adminContent', 'article_create', (ctx, input) => createArticle(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminContent', 'article_update', (ctx, input) => updateArticleForStaff(ctx.db, ctx.actor, input, ctx.now)),
];
