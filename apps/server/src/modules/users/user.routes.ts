import { handle } from '../../http/handlers.ts';
import { getUserInfo } from './user.service.ts';

export const userHandlers = [handle('user', 'info', (ctx) => getUserInfo(ctx.db, ctx.session.userId))];
