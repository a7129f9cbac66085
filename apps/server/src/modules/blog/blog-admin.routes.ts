import { handle } from '../../http/handlers.ts';
import { createPost, listPostsForStaff, postForStaff, publishPost, updatePost } from './blog-admin.service.ts';

/** The console's blog actions. */
export const blogAdminHandlers = [
  handle('adminBlog', 'list', (ctx, input) => listPostsForStaff(ctx.db, input)),
  handle('adminBlog', 'detail', (ctx, input) => postForStaff(ctx.db, input.id)),
  handle('adminBlog', 'create', (ctx, input) => createPost(ctx.db, ctx.config, ctx.actor, input, ctx.now)),
  handle('adminBlog', 'update', (ctx, input) => updatePost(ctx.db, ctx.config, ctx.actor, input, ctx.now)),
  handle('adminBlog', 'publish', (ctx, input) => publishPost(ctx.db, ctx.actor, input, ctx.now)),
];
