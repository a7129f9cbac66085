import { handle } from '../../http/handlers.ts';
import { listAuditEntries } from '../audit/audit.service.ts';
import { changeOwnPassword, confirmTotp, createStaffMember, disableTotp, listStaffMembers, resetStaffPassword, staffLogin, staffLogout, staffMe, startTotpSetup, updateStaffMember } from './staff.service.ts';

export const staffHandlers = [
  handle('adminAuth', 'login', (ctx, input) => staffLogin(ctx.db, input, ctx.ip, ctx.now)),
  handle('adminAuth', 'me', (ctx) => staffMe(ctx.db, ctx.staff)),
  handle('adminAuth', 'logout', async (ctx) => {
    await staffLogout(ctx.db, ctx.staff, ctx.now);
    return { ok: true as const };
  }),
  handle('adminAuth', 'change_password', async (ctx, input) => {
    await changeOwnPassword(ctx.db, ctx.staff, ctx.actor, input, ctx.now);
    return { ok: true as const };
  }),
  handle('adminAuth', 'totp_setup', (ctx) => startTotpSetup(ctx.db, ctx.staff)),
  handle('adminAuth', 'totp_confirm', (ctx, input) => confirmTotp(ctx.db, ctx.staff, ctx.actor, input.code, ctx.now)),
  handle('adminAuth', 'totp_disable', (ctx, input) => disableTotp(ctx.db, ctx.staff, ctx.actor, input.password, ctx.now)),
  handle('adminStaff', 'list', (ctx, input) => listStaffMembers(ctx.db, input)),
  handle('adminStaff', 'create', (ctx, input) => createStaffMember(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminStaff', 'update', (ctx, input) => updateStaffMember(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminStaff', 'reset_password', (ctx, input) => resetStaffPassword(ctx.db, ctx.actor, input.id, ctx.now)),
  handle('adminAudit', 'list', (ctx, input) => listAuditEntries(ctx.db, input, input)),
];
