import { API_BASE, fullApi, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { runScheduledJobs } from '../src/background-jobs.ts';
import { totpCodeAt, totpStep } from '../src/lib/totp.ts';
import { staffDelayMs } from '../src/modules/security/rate-limit.service.ts';
import { createStaffSession } from '../src/modules/staff/staff.service.ts';
import { useTestApp } from './harness.ts';

/**
 * Staff sign-in security: one TOTP code gives one session, strangers' guesses slow an account
 * down without locking the member out of a known device, one-time passwords are replaced first,
 * TOTP guards its own switch, and what happens is recorded as security events.
 */
const t = useTestApp();

let ips = 0;
const freshIp = () => `198.18.${(++ips >> 8) & 255}.${ips & 255}`;

/** A sign-in through the real HTTP route, with the device cookie a browser would send. */
async function signIn(body: Record<string, unknown>, options: { ip?: string; device?: string } = {}) {
  const query = 'action=login';
  const payload = JSON.stringify(body);
  const headers = signRequest(t.config.signing, { query, body: payload });
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${fullApi.adminAuth.path}?${query}`,
    headers: { ...headers, 'content-type': 'application/json', ...(options.device ? { cookie: `simshop_staff_device=${options.device}` } : {}) },
    payload,
    remoteAddress: options.ip ?? freshIp(),
  });
  const setCookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('simshop_staff_device='));
  return { body: res.json(), setCookie, device: setCookie ? /^simshop_staff_device=([^;]+)/.exec(setCookie)![1]! : undefined };
}

async function ownerToken() {
  return (await t.staffSignIn('owner')).token;
}

/** A new member who has replaced the one-time password; with TOTP on when asked. */
async function member(email: string, role: 'operator' | 'finance' | 'support', withTotp = false) {
  const created = (await t.call('adminStaff', 'create', { email, name: email.split('@')[0]!, role }, { token: await ownerToken() })).body.data;
  const token = (await signIn({ account: email, password: created.password })).body.data.token as string;
  const password = `${created.password}-mine`;
  expect((await t.call('adminAuth', 'change_password', { oldPassword: created.password, newPassword: password }, { token })).body.code).toBe(0);
  let secret = '';
  let step = 0;
  if (withTotp) {
    secret = (await t.call('adminAuth', 'totp_setup', {}, { token })).body.data.secret;
    step = totpStep(Date.now());
    expect((await t.call('adminAuth', 'totp_confirm', { code: totpCodeAt(secret, step) }, { token })).body.code).toBe(0);
  }
  return { id: created.staff.id as number, token, password, secret, step };
}

describe('one TOTP code, one session', () => {
  it('of five parallel sign-ins with one fresh code exactly one gets a session', async () => {
    const m = await member('race@simshop.local', 'finance', true);
    const code = totpCodeAt(m.secret, m.step + 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn({ account: 'race@simshop.local', password: m.password, totp: code })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === serverErrors.staffSignInIncorrect.code)).toHaveLength(4);
    const sessions = await t.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', m.id).where('revoked_at', 'is', null).execute();
    // The session the member used to set TOTP up, and the one sign-in that won.
    expect(sessions).toHaveLength(2);
  });
});

describe('password and TOTP in one step', () => {
  it('answers the same whichever of password and code is wrong or missing', async () => {
    const m = await member('onestep@simshop.local', 'support', true);
    const wrongCode = totpCodeAt(m.secret, m.step + 1) === '000000' ? '111111' : '000000';
    const answers = [
      await signIn({ account: 'onestep@simshop.local', password: m.password }),
      await signIn({ account: 'onestep@simshop.local', password: 'not-the-password' }),
      await signIn({ account: 'onestep@simshop.local', password: m.password, totp: wrongCode }),
      await signIn({ account: 'onestep@simshop.local', password: 'not-the-password', totp: totpCodeAt(m.secret, m.step + 1) }),
      await signIn({ account: 'nobody@simshop.local', password: m.password, totp: wrongCode }),
    ];
    expect(answers[0]!.body).toMatchObject({ code: serverErrors.staffSignInIncorrect.code, data: null });
    expect(answers[0]!.body.field).toBeUndefined();
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    // The wrong password with the right code did not spend it.
    expect((await signIn({ account: 'onestep@simshop.local', password: m.password, totp: totpCodeAt(m.secret, m.step + 1) })).body.code).toBe(0);
    // A member without TOTP signs in with the code left out.
    expect((await signIn({ account: 'support@simshop.local', password: 'demo1234' })).body).toMatchObject({ code: 0, data: { mustChangePassword: false } });
  });
});

describe('strangers do not lock staff out', () => {
  it('slows an attacked account down for unknown devices only, with growing delays', async () => {
    expect([4, 5, 6, 7, 30].map(staffDelayMs)).toEqual([0, 1000, 2000, 4000, 15 * 60_000]);
    const known = await signIn({ account: 'finance@simshop.local', password: 'demo1234' });
    expect(known.body.code).toBe(0);
    expect(known.setCookie).toMatch(/; Path=\/fetch\/admin/);
    expect(known.setCookie).toMatch(/; HttpOnly/);
    expect(known.setCookie).toMatch(/; SameSite=Strict/);
    expect(known.setCookie).toMatch(/; Max-Age=7776000/);
    // Without an https PUBLIC_URL (tests, local) the cookie is not Secure, or http would drop it.
    expect(known.setCookie).not.toMatch(/Secure/);

    // 56 wrong sign-ins from 7 addresses.
    const answers = [];
    for (let a = 0; a < 7; a++) {
      const ip = `203.0.113.${a + 1}`;
      for (let i = 0; i < 8; i++) answers.push((await signIn({ account: 'finance@simshop.local', password: `guess-${a}-${i}` }, { ip })).body.code);
    }
    expect(answers.every((c) => c === serverErrors.staffSignInIncorrect.code || c === serverErrors.tooFrequent.code)).toBe(true);
    expect(answers.filter((c) => c === serverErrors.tooFrequent.code).length).toBeGreaterThan(40);

    // The attacker waits out the delay and guesses again: the next delay is longer. (The wait
    // is skipped by moving the account's next attempt time, not by sleeping.)
    const passDelay = () => t.db.updateTable('staff_login_throttle').set({ next_attempt_at: Date.now() - 1 }).where('account', '=', 'finance@simshop.local').execute();
    await passDelay();
    const { failures } = await t.db.selectFrom('staff_login_throttle').select('failures').where('account', '=', 'finance@simshop.local').executeTakeFirstOrThrow();
    expect(failures).toBeGreaterThanOrEqual(5);
    expect((await signIn({ account: 'finance@simshop.local', password: 'one-more-guess' })).body.code).toBe(serverErrors.staffSignInIncorrect.code);

    // The member's own browser is not held up.
    const again = await signIn({ account: 'finance@simshop.local', password: 'demo1234' }, { device: known.device! });
    expect(again.body).toMatchObject({ code: 0 });
    expect(again.device).toBe(known.device);

    // A new device waits (longer than before the last guess), but is not locked for good.
    const fresh = await signIn({ account: 'finance@simshop.local', password: 'demo1234' });
    expect(fresh.body.code).toBe(serverErrors.tooFrequent.code);
    expect(fresh.body.data.retryAfterMs).toBeGreaterThan(staffDelayMs(failures + 1) - 1500);
    expect(fresh.body.data.retryAfterMs).toBeLessThanOrEqual(Math.min(staffDelayMs(failures + 1), 15 * 60_000));
    await passDelay();
    expect((await signIn({ account: 'finance@simshop.local', password: 'demo1234' })).body.code).toBe(0);

    // The owner sees it on the dashboard.
    const summary = (await t.call('adminDashboard', 'summary', {}, { token: await ownerToken() })).body.data;
    const alert = summary.securityAlerts.find((a) => a.account === 'finance@simshop.local');
    expect(alert).toMatchObject({ addresses: expect.any(Number) });
    expect(alert!.failures).toBeGreaterThanOrEqual(56);
    expect(alert!.addresses).toBeGreaterThanOrEqual(8);
  });

  it('bounds guesses from a known device too', async () => {
    const known = await signIn({ account: 'operator@simshop.local', password: 'demo1234' });
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await signIn({ account: 'operator@simshop.local', password: `wrong-${i}` }, { device: known.device! })).body.code);
    expect(codes.at(-1)).toBe(serverErrors.tooFrequent.code);
  });
});

describe('one-time passwords', () => {
  it('must be replaced before anything else, after creation and after a reset; demo staff need not', async () => {
    const owner = await ownerToken();
    const created = (await t.call('adminStaff', 'create', { email: 'fresh@simshop.local', name: 'Fresh', role: 'operator' }, { token: owner })).body.data;
    const first = await signIn({ account: 'fresh@simshop.local', password: created.password });
    expect(first.body.data).toMatchObject({ mustChangePassword: true });
    const token = first.body.data.token as string;
    expect((await t.call('adminAuth', 'me', {}, { token })).body.data).toMatchObject({ email: 'fresh@simshop.local', mustChangePassword: true });
    for (const [endpoint, action] of [['adminDashboard', 'summary'], ['adminAuth', 'totp_setup'], ['adminOrder', 'list']] as const) {
      expect((await t.call(endpoint, action as never, {}, { token })).body.code, `${endpoint}.${action}`).toBe(serverErrors.staffPasswordChangeRequired.code);
    }
    expect((await t.call('adminAuth', 'change_password', { oldPassword: created.password, newPassword: created.password }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'newPassword' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: created.password, newPassword: 'my-own-password' }, { token })).body.code).toBe(0);
    expect((await t.call('adminAuth', 'me', {}, { token })).body.data).toMatchObject({ mustChangePassword: false });
    expect((await t.call('adminDashboard', 'summary', {}, { token })).body.code).toBe(0);

    const reset = (await t.call('adminStaff', 'reset_password', { id: created.staff.id }, { token: owner })).body.data;
    const afterReset = await signIn({ account: 'fresh@simshop.local', password: reset.password });
    expect(afterReset.body.data).toMatchObject({ mustChangePassword: true });
    expect((await t.call('adminDashboard', 'summary', {}, { token: afterReset.body.data.token })).body.code).toBe(serverErrors.staffPasswordChangeRequired.code);

    expect((await signIn({ account: 'owner@simshop.local', password: 'demo1234' })).body.data).toMatchObject({ mustChangePassword: false });
  });
});

describe('TOTP guards changes to the own security', () => {
  it('asks a current code to switch TOTP off or change the password', async () => {
    const m = await member('guarded@simshop.local', 'support', true);
    const next = totpCodeAt(m.secret, m.step + 1);
    const wrong = next === '000000' ? '111111' : '000000';
    expect((await t.call('adminAuth', 'totp_disable', { password: m.password }, { token: m.token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'code' });
    expect((await t.call('adminAuth', 'totp_disable', { password: m.password, code: wrong }, { token: m.token })).body).toMatchObject({ code: serverErrors.totpIncorrect.code, field: 'code' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: m.password, newPassword: 'another-pass-1' }, { token: m.token })).body).toMatchObject({ code: serverErrors.totpRequired.code, field: 'totp' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: m.password, newPassword: 'another-pass-1', totp: wrong }, { token: m.token })).body).toMatchObject({ code: serverErrors.totpIncorrect.code, field: 'totp' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: m.password, newPassword: 'another-pass-1', totp: next }, { token: m.token })).body.code).toBe(0);
    // The code was spent by the change: it does not switch TOTP off as well.
    expect((await t.call('adminAuth', 'totp_disable', { password: 'another-pass-1', code: next }, { token: m.token })).body).toMatchObject({ code: serverErrors.totpIncorrect.code });
    const other = await member('guarded2@simshop.local', 'support', true);
    expect((await t.call('adminAuth', 'totp_disable', { password: other.password, code: totpCodeAt(other.secret, other.step + 1) }, { token: other.token })).body.data).toMatchObject({ totpEnabled: false });
  });
});

describe('security events', () => {
  it('records sign-ins, refusals and bad signatures, lists them by kind and shows them to audit readers', async () => {
    const owner = await ownerToken();
    expect((await signIn({ account: 'support@simshop.local', password: 'wrong-one' }, { ip: '192.0.2.77' })).body.code).toBe(serverErrors.staffSignInIncorrect.code);
    expect((await signIn({ account: 'support@simshop.local', password: 'demo1234' }, { ip: '192.0.2.77' })).body.code).toBe(0);
    const support = (await t.staffSignIn('support')).token;
    expect((await t.call('adminStaff', 'list', {}, { token: support, ip: '192.0.2.78' })).body.code).toBe(serverErrors.permissionDenied.code);
    const merchantStaff = await t.db.selectFrom('staff').select('id').where('email', '=', 'merchant@simshop.local').executeTakeFirstOrThrow();
    const merchantToken = await createStaffSession(t.db, merchantStaff.id, '127.0.0.1', Date.now());
    expect((await t.call('adminDashboard', 'summary', {}, { token: merchantToken })).body.code).not.toBe(0);
    const forged = await t.app.inject({ method: 'POST', url: `${API_BASE}${fullApi.adminAuth.path}?action=me`, headers: { ...signRequest(t.config.signing, { query: 'action=me', body: '{}' }), 'content-type': 'application/json' }, payload: '{"x":1}', remoteAddress: '192.0.2.79' });
    expect(forged.json().code).toBe(serverErrors.signatureInvalid.code);

    const list = async (filter: Record<string, unknown>) => (await t.call('adminAudit', 'security_events', filter, { token: owner })).body.data;
    expect((await list({ kind: 'staff_sign_in_failed', account: 'support@' })).items[0]).toMatchObject({ kind: 'staff_sign_in_failed', account: 'support@simshop.local', ip: '192.0.2.77', detail: 'password' });
    expect((await list({ kind: 'staff_sign_in', ip: '192.0.2.77' })).items[0]).toMatchObject({ account: 'support@simshop.local', staffId: expect.any(Number) });
    expect((await list({ kind: 'permission_denied' })).items[0]).toMatchObject({ account: 'support@simshop.local', ip: '192.0.2.78', detail: 'adminStaff.list' });
    expect((await list({ kind: 'merchant_scope_denied' })).items[0]).toMatchObject({ account: 'merchant@simshop.local', staffId: merchantStaff.id, detail: 'adminDashboard.summary' });
    expect((await list({ kind: 'signature_invalid' })).items[0]).toMatchObject({ ip: '192.0.2.79', detail: 'mismatch /admin/auth.do' });
    const all = await list({ pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.items[0]!.id).toBeGreaterThan(all.items[1]!.id);
    // Security events are for those who read the audit log.
    expect((await t.call('adminAudit', 'security_events', {}, { token: support })).body.code).toBe(serverErrors.permissionDenied.code);
  });

  it('stores a flood of bad signatures from one address only in part, and deletes events after a year', async () => {
    const ip = '192.0.2.90';
    const before = await t.db.selectFrom('security_events').select('id').where('ip', '=', ip).execute();
    expect(before).toEqual([]);
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${fullApi.adminAuth.path}?action=me`, headers: { ...signRequest(t.config.signing, { query: 'action=me', body: '{}' }), 'content-type': 'application/json' }, payload: `{"x":${i}}`, remoteAddress: ip });
      expect(res.json().code).toBe(serverErrors.signatureInvalid.code);
    }
    expect(await t.db.selectFrom('security_events').select('id').where('ip', '=', ip).execute()).toHaveLength(20);
    const now = Date.now();
    await t.db.updateTable('security_events').set({ created_at: now - 366 * 24 * 3_600_000 }).where('ip', '=', ip).execute();
    await runScheduledJobs(t.db, now);
    expect(await t.db.selectFrom('security_events').select('id').where('ip', '=', ip).execute()).toEqual([]);
  });
});
