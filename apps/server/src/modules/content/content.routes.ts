import { handle } from '../../http/handlers.ts';
import { getContent } from './content.service.ts';

export const contentHandlers = [handle('jsonContent', 'get_cache', (ctx, input) => getContent(ctx.db, input, { previewSecret: ctx.config.fileTokenSecret, now: ctx.now }))];
