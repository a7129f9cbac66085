import { handle } from '../../http/handlers.ts';
import * as media from './media.service.ts';

/** The console's media library actions (uploads and sizes are plain HTTP: media-http.routes.ts). */
export const mediaHandlers = [
  handle('adminMedia', 'list', (ctx, input) => media.listMedia(ctx.db, input)),
  handle('adminMedia', 'uses', (ctx, input) => media.mediaUses(ctx.db, input.id)),
  handle('adminMedia', 'update', (ctx, input) => media.updateMediaAlt(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMedia', 'delete', (ctx, input) => media.deleteMedia(ctx.db, ctx.actor, input.id, ctx.now)),
];
