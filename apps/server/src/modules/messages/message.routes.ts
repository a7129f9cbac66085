import { handle } from '../../http/handlers.ts';
import * as chat from './message.service.ts';
import * as saved from './saved-reply.service.ts';

/** message.do (every customer) and resell/message.do (resellers) are one conversation, one implementation. */
function chatHandlers(endpoint: 'message' | 'resellerMessage') {
  return [
    handle(endpoint, 'list', (ctx, input) => chat.listConversation(ctx.db, ctx.session.userId, input, ctx.now)),
    handle(endpoint, 'send', (ctx, input) => chat.sendMessage(ctx.db, ctx.session.userId, input.content, ctx.now)),
    handle(endpoint, 'read', (ctx) => chat.markShopMessagesRead(ctx.db, ctx.session.userId, ctx.now)),
    handle(endpoint, 'unread', (ctx) => chat.unreadCount(ctx.db, ctx.session.userId)),
  ];
}

export const messageHandlers = [
  ...chatHandlers('message'),
  ...chatHandlers('resellerMessage'),
  // The console (endpoint adminMessage; its comment actions are bound in modules/comments).
  handle('adminMessage', 'conversations', (ctx, input) => chat.adminConversations(ctx.db, input)),
  handle('adminMessage', 'thread', (ctx, input) => chat.adminThread(ctx.db, input, ctx.now)),
  handle('adminMessage', 'reply', (ctx, input) => chat.replyToCustomer(ctx.db, ctx.actor, input.userId, input.content, ctx.now)),
  handle('adminMessage', 'saved_replies', (ctx, input) => saved.savedReplies(ctx.db, input.language)),
  handle('adminMessage', 'saved_reply_create', (ctx, input) => saved.createSavedReply(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMessage', 'saved_reply_update', (ctx, input) => saved.updateSavedReply(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMessage', 'saved_reply_delete', (ctx, input) => saved.deleteSavedReply(ctx.db, ctx.actor, input.id, ctx.now)),
];
