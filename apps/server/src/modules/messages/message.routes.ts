import { handle } from '../../http/handlers.ts';
import * as chat from './message.service.ts';

export const messageHandlers = [
  handle('resellerMessage', 'list', (ctx, input) => chat.listConversation(ctx.db, ctx.session.userId, input)),
  handle('resellerMessage', 'send', (ctx, input) => chat.sendMessage(ctx.db, ctx.session.userId, input.content, ctx.now)),
  handle('resellerMessage', 'read', (ctx) => chat.markShopMessagesRead(ctx.db, ctx.session.userId, ctx.now)),
  handle('resellerMessage', 'unread', (ctx) => chat.unreadCount(ctx.db, ctx.session.userId)),
];
