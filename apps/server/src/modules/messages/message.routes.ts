import { handle } from '../../http/handlers.ts';
import * as chat from './message.service.ts';

export const messageHandlers = [
  handle('resellerMessage', 'list', (ctx, input) => chat.listConversation(ctx.db, ctx.session.userId, input)),
  handle('resellerMessage', 'send', (ctx, input) => chat.sendMessage(ctx.db, ctx.session.userId, input.content, ctx.now)),
  handle('resellerMessage', 'read', (ctx) => chat.markShopMessagesRead(ctx.db, ctx.session.userId, ctx.now)),
  handle('resellerMessage', 'unread', (ctx) => chat.unreadCount(ctx.db, ctx.session.userId)),
  // The console (endpoint adminMessage; its comment actions are bound in modules/comments).
  handle('adminMessage', 'conversations', (ctx, input) => chat.adminConversations(ctx.db, input)),
  handle('adminMessage', 'thread', (ctx, input) => chat.adminThread(ctx.db, input, ctx.now)),
  handle('adminMessage', 'reply', (ctx, input) => chat.replyToReseller(ctx.db, ctx.actor, input.userId, input.content, ctx.now)),
];
