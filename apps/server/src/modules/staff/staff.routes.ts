import { API_BASE } from '@simshop/contract';
import { stringifySetCookie } from 'cookie';
import { handle } from '../../http/handlers.ts';
import { staffSessionCookie } from '../../http/staff-cookie.ts';
import { listSecurityEventEntries } from '../security/security-event.service.ts';
import { changeOwnPassword, confirmTotp, createStaffMember, disableTotp, listStaffMembers, resetStaffPassword, resetStaffTotp, STAFF_DEVICE_MS, staffLogin, staffLogout, staffMe, startTotpSetup, updateStaffMember } from './staff.service.ts';

/**
 * The "known device" cookie: HttpOnly (no script reads it), sent only to the admin API, kept
 * apart from the session so signing out or a new session does not forget the device.
 */
export const STAFF_DEVICE_COOKIE = 'simshop_staff_device';

export const staffHandlers = [
  handle('adminAuth', 'login', async (ctx, input) => {
    const signedIn = await staffLogin(ctx.db, input, { ip: ctx.ip, now: ctx.now, deviceId: ctx.cookie(STAFF_DEVICE_COOKIE), log: ctx.log });
    ctx.setCookie(
      stringifySetCookie({
        name: STAFF_DEVICE_COOKIE,
        value: signedIn.deviceId,
        path: `${API_BASE}/admin`,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.publicUrl?.startsWith('https:') ?? false,
        maxAge: STAFF_DEVICE_MS / 1000,
      }),
    );
    // The console's session: an HttpOnly cookie for the admin API (http/staff-cookie.ts).
    ctx.setCookie(staffSessionCookie(ctx.config, signedIn.token));
    return { token: signedIn.token, mustChangePassword: signedIn.mustChangePassword };
  }),
  handle('adminAuth', 'me', (ctx) => staffMe(ctx.db, ctx.staff)),
  handle('adminAuth', 'logout', async (ctx) => {
    await staffLogout(ctx.db, ctx.staff, ctx.now);
    ctx.setCookie(staffSessionCookie(ctx.config, null));
    return { ok: true as const };
  }),
  handle('adminAuth', 'change_password', async (ctx, input) => {
    await changeOwnPassword(ctx.db, ctx.staff, ctx.actor, input, ctx.now, ctx.log);
    return { ok: true as const };
  }),
  handle('adminAuth', 'totp_setup', (ctx) => startTotpSetup(ctx.db, ctx.staff)),
  handle('adminAuth', 'totp_confirm', (ctx, input) => confirmTotp(ctx.db, ctx.staff, ctx.actor, input.code, ctx.now)),
  handle('adminAuth', 'totp_disable', (ctx, input) => disableTotp(ctx.db, ctx.staff, ctx.actor, input, ctx.now, ctx.log)),
  handle('adminStaff', 'list', (ctx, input) => listStaffMembers(ctx.db, input)),
  handle('adminStaff', 'create', (ctx, input) => createStaffMember(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminStaff', 'update', (ctx, input) => updateStaffMember(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminStaff', 'reset_password', (ctx, input) => resetStaffPassword(ctx.db, ctx.actor, input.id, ctx.now)),
  handle('adminStaff', 'reset_totp', (ctx, input) => resetStaffTotp(ctx.db, ctx.actor, input.id, ctx.now)),
  handle('adminAudit', 'security_events', (ctx, input) => listSecurityEventEntries(ctx.db, input, input)),
];
