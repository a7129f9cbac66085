import { handle } from '../../http/handlers.ts';
import { listAssistants, revokeAssistant } from './oauth.service.ts';

/** Mine → Connected assistants: the signed-in customer's approvals and revoking one. */
export const assistantHandlers = [
  handle('assistant', 'list', (ctx) => listAssistants(ctx.db, ctx.session.userId, ctx.now)),
  handle('assistant', 'revoke', (ctx, input) => revokeAssistant(ctx.db, ctx.session.userId, input.id, { ip: ctx.ip, log: ctx.log, now: ctx.now })),
];
