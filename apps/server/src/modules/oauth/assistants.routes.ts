import { handle } from '../../http/handlers.ts';
import { listAssistants, listStaffAssistants, revokeAssistant, revokeStaffAssistant } from './oauth.service.ts';

/** Connected assistants: the signed-in customer's (Mine) or staff member's (the console's account page) approvals, and revoking one. */
export const assistantHandlers = [
  handle('assistant', 'list', (ctx) => listAssistants(ctx.db, ctx.session.userId, ctx.now)),
  handle('assistant', 'revoke', (ctx, input) => revokeAssistant(ctx.db, ctx.session.userId, input.id, { ip: ctx.ip, log: ctx.log, now: ctx.now })),
  // The console's account page: the staff member's own approvals for the staff tools.
  handle('adminAuth', 'assistants', (ctx) => listStaffAssistants(ctx.db, ctx.staff.staffId, ctx.now)),
  handle('adminAuth', 'revoke_assistant', (ctx, input) => revokeStaffAssistant(ctx.db, ctx.actor, ctx.staff.staffId, input.id, { ip: ctx.ip, log: ctx.log, now: ctx.now })),
];
