import { adminApi, PERMISSIONS, ROLE_PERMISSIONS, serverErrors, STAFF_ROLES, type AdminEndpointName } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { totpCodeAt, totpStep } from '../src/lib/totp.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const login = (account: string, password: string, extra: Record<string, unknown> = {}, ip?: string) => t.call('adminAuth', 'login', { account, password, ...extra }, ip ? { ip } : {});

describe('staff sign-in', () => {
  it('signs the demo owner in and tells who they are, with the role\'s permissions', async () => {
    const res = await login('owner@simshop.local', 'demo1234');
    expect(res.body).toMatchObject({ code: 0 });
    const me = await t.call('adminAuth', 'me', {}, { token: res.body.data.token });
    expect(me.body.data).toMatchObject({ email: 'owner@simshop.local', role: 'owner', status: 'active', totpEnabled: false });
    expect(me.body.data.permissions).toEqual([...PERMISSIONS]);
    const support = await login('SUPPORT@simshop.local', 'demo1234');
    const supportMe = await t.call('adminAuth', 'me', {}, { token: support.body.data.token });
    expect(supportMe.body.data.permissions).toEqual([...ROLE_PERMISSIONS.support]);
  });

  it('refuses a wrong password or unknown account alike, and bad input by field', async () => {
    expect((await login('owner@simshop.local', 'wrong-password')).body).toMatchObject({ code: serverErrors.staffSignInIncorrect.code });
    expect((await login('nobody@simshop.local', 'demo1234')).body).toMatchObject({ code: serverErrors.staffSignInIncorrect.code });
    expect((await t.call('adminAuth', 'login', { account: 'not-an-email', password: 'x' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'account' });
    expect((await t.call('adminAuth', 'login', { account: 'owner@simshop.local' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'password' });
  });

  it('limits guesses per account and address without locking the owner out from elsewhere', async () => {
    const { token: ownerToken } = await t.staffSignIn('owner');
    const created = await t.call('adminStaff', 'create', { email: 'guessed@simshop.local', name: 'Guessed', role: 'support' }, { token: ownerToken });
    const password = created.body.data.password;
    const attacker = '203.0.113.9';
    // Five wrong guesses cost nothing; then each waits a growing delay (security-staff.test.ts).
    for (let i = 0; i < 5; i++) expect((await login('guessed@simshop.local', `wrong-${i}`, {}, attacker)).body.code).toBe(serverErrors.staffSignInIncorrect.code);
    await t.db.deleteFrom('staff_login_throttle').where('account', '=', 'guessed@simshop.local').execute();
    for (let i = 5; i < 8; i++) expect((await login('guessed@simshop.local', `wrong-${i}`, {}, attacker)).body.code).toBe(serverErrors.staffSignInIncorrect.code);
    await t.db.deleteFrom('staff_login_throttle').where('account', '=', 'guessed@simshop.local').execute();
    expect((await login('guessed@simshop.local', password, {}, attacker)).body.code).toBe(serverErrors.tooFrequent.code);
    expect((await login('guessed@simshop.local', password, {}, '198.51.100.7')).body.code).toBe(0);
  });

  it('logs out; the token is then refused', async () => {
    const { token } = await t.staffSignIn('operator');
    expect((await t.call('adminAuth', 'logout', {}, { token })).body.code).toBe(0);
    expect((await t.call('adminAuth', 'me', {}, { token })).http).toBe(401);
  });

  it('keeps staff and customer sessions apart', async () => {
    const customer = await t.signIn();
    const staff = await t.staffSignIn('owner');
    expect((await t.call('adminAuth', 'me', {}, { token: customer.token })).http).toBe(401);
    expect((await t.call('user', 'info', {}, { token: staff.token })).http).toBe(401);
    expect((await t.call('adminAuth', 'me', {})).http).toBe(401);
  });
});

describe('TOTP second factor', () => {
  it('enrols with a first code, then asks for a code at sign-in, good once', async () => {
    const { token: ownerToken } = await t.staffSignIn('owner');
    const created = (await t.call('adminStaff', 'create', { email: 'totp@simshop.local', name: 'Two factor', role: 'finance' }, { token: ownerToken })).body.data;
    const token = (await login('totp@simshop.local', created.password)).body.data.token;
    // A one-time password is replaced before anything else.
    const password = 'totp-member-password';
    expect((await t.call('adminAuth', 'change_password', { oldPassword: created.password, newPassword: password }, { token })).body.code).toBe(0);
    const setup = (await t.call('adminAuth', 'totp_setup', {}, { token })).body.data;
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect((await t.call('adminAuth', 'totp_confirm', { code: '000000' === totpCodeAt(setup.secret, totpStep(Date.now())) ? '111111' : '000000' }, { token })).body.code).toBe(serverErrors.totpIncorrect.code);
    // The step the confirming code belongs to: the clock may pass into the next 30 s meanwhile.
    const confirmStep = totpStep(Date.now());
    const confirmed = await t.call('adminAuth', 'totp_confirm', { code: totpCodeAt(setup.secret, confirmStep) }, { token });
    expect(confirmed.body.data).toMatchObject({ totpEnabled: true });

    // Password and code in one step: a missing code gets the same answer as a wrong password.
    expect((await login('totp@simshop.local', password)).body).toMatchObject({ code: serverErrors.staffSignInIncorrect.code });
    // The code used to confirm was taken: the next step's code is needed.
    expect((await login('totp@simshop.local', password, { totp: totpCodeAt(setup.secret, confirmStep) })).body.code).toBe(serverErrors.staffSignInIncorrect.code);
    const next = totpCodeAt(setup.secret, confirmStep + 1);
    const signedIn = await login('totp@simshop.local', password, { totp: next });
    expect(signedIn.body.code).toBe(0);
    expect((await login('totp@simshop.local', password, { totp: next })).body.code).toBe(serverErrors.staffSignInIncorrect.code);

    // Switching it off takes the password and a current code (the sign-in spent `next`).
    expect((await t.call('adminAuth', 'totp_disable', { password: 'wrong', code: next }, { token })).body.code).toBe(serverErrors.accountOrPasswordIncorrect.code);
    expect((await t.call('adminAuth', 'totp_disable', { password, code: next }, { token })).body.code).toBe(serverErrors.totpIncorrect.code);
    await t.db.updateTable('staff').set({ totp_last_step: confirmStep }).where('id', '=', created.staff.id).execute();
    expect((await t.call('adminAuth', 'totp_disable', { password, code: next }, { token })).body.data).toMatchObject({ totpEnabled: false });
    expect((await t.auditOf('staff', created.staff.id)).map((r) => r.action)).toEqual(['staff.create', 'staff.change_password', 'staff.totp_enable', 'staff.totp_disable']);
  });
});

describe('staff accounts (owner)', () => {
  it('creates, lists, changes and disables staff, each write audited with who, where, before and after', async () => {
    const { token, staffId } = await t.staffSignIn('owner');
    const created = await t.call('adminStaff', 'create', { email: 'New.Member@Simshop.local', name: 'New member', role: 'support' }, { token, ip: '192.0.2.10' });
    expect(created.body.data.staff).toMatchObject({ email: 'new.member@simshop.local', role: 'support', status: 'active' });
    expect(created.body.data.password.length).toBeGreaterThanOrEqual(12);
    const id = created.body.data.staff.id;
    expect((await t.call('adminStaff', 'create', { email: 'new.member@simshop.local', name: 'Again', role: 'support' }, { token })).body).toMatchObject({ code: serverErrors.alreadyExists.code, field: 'email' });

    const memberToken = (await login('new.member@simshop.local', created.body.data.password)).body.data.token;
    const list = await t.call('adminStaff', 'list', { q: 'new.member', pageSize: 10 }, { token });
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id, name: 'New member' }] });

    const changed = await t.call('adminStaff', 'update', { id, role: 'operator' }, { token, ip: '192.0.2.10' });
    expect(changed.body.data.role).toBe('operator');
    // A new role ends the member's sessions.
    expect((await t.call('adminAuth', 'me', {}, { token: memberToken })).http).toBe(401);
    await t.call('adminStaff', 'update', { id, status: 'disabled' }, { token });
    expect((await login('new.member@simshop.local', created.body.data.password)).body.code).toBe(serverErrors.accountInvalid.code);

    const rows = await t.auditOf('staff', id);
    expect(rows.map((r) => r.action)).toEqual(['staff.create', 'staff.update', 'staff.update']);
    expect(rows[1]).toMatchObject({ actor: 'owner@simshop.local', staff_id: staffId, ip: '192.0.2.10', before_json: JSON.stringify({ role: 'support' }), after_json: JSON.stringify({ role: 'operator' }) });
    const audit = await t.call('adminAudit', 'list', { targetType: 'staff', targetId: String(id) }, { token });
    expect(audit.body.data.total).toBe(3);
    expect(audit.body.data.items[0]).toMatchObject({ action: 'staff.update', after: { status: 'disabled' } });
  });

  it('never leaves the shop without an active owner', async () => {
    const { token, staffId } = await t.staffSignIn('owner');
    expect((await t.call('adminStaff', 'update', { id: staffId, role: 'support' }, { token })).body).toMatchObject({ code: serverErrors.noRightToOperate.code, field: 'role' });
    expect((await t.call('adminStaff', 'update', { id: staffId, status: 'disabled' }, { token })).body).toMatchObject({ code: serverErrors.noRightToOperate.code, field: 'status' });
    expect((await t.call('adminStaff', 'update', { id: 999_999, name: 'x' }, { token })).body).toMatchObject({ code: serverErrors.notFound.code });
  });

  it('resets a password: the old one and the sessions stop working', async () => {
    const { token } = await t.staffSignIn('owner');
    const member = (await t.call('adminStaff', 'create', { email: 'reset@simshop.local', name: 'Reset', role: 'finance' }, { token })).body.data;
    const memberToken = (await login('reset@simshop.local', member.password)).body.data.token;
    const reset = await t.call('adminStaff', 'reset_password', { id: member.staff.id }, { token });
    expect((await t.call('adminAuth', 'me', {}, { token: memberToken })).http).toBe(401);
    expect((await login('reset@simshop.local', member.password)).body.code).toBe(serverErrors.staffSignInIncorrect.code);
    const again = (await login('reset@simshop.local', reset.body.data.password)).body.data.token;
    expect((await t.call('adminAuth', 'change_password', { oldPassword: 'nope', newPassword: 'another-pass-1' }, { token: again })).body).toMatchObject({ code: serverErrors.oldPasswordIncorrect.code, field: 'oldPassword' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: reset.body.data.password, newPassword: 'short' }, { token: again })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'newPassword' });
    expect((await t.call('adminAuth', 'change_password', { oldPassword: reset.body.data.password, newPassword: 'another-pass-1' }, { token: again })).body.code).toBe(0);
    expect((await login('reset@simshop.local', 'another-pass-1')).body.code).toBe(0);
  });
});

describe('permissions of every admin action', () => {
  // The dispatcher checks the role before it reads the body, so an empty body shows the refusal.
  const actions = Object.entries(adminApi).flatMap(([endpoint, e]) =>
    Object.entries(e.actions as Record<string, { access: string; permission: string | null }>).map(([action, def]) => ({ endpoint: endpoint as AdminEndpointName, action, def })),
  );

  it('refuses every role that lacks the permission an action declares', async () => {
    const tokens = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, (await t.staffSignIn(r)).token] as const)));
    let refused = 0;
    for (const { endpoint, action, def } of actions) {
      if (def.access !== 'staff' || def.permission === null) continue;
      for (const role of STAFF_ROLES) {
        if ((ROLE_PERMISSIONS[role] as readonly string[]).includes(def.permission)) continue;
        const res = await t.call(endpoint, action as never, {}, { token: tokens[role] });
        expect(res.body.code, `${role} calling ${endpoint}.${action}`).toBe(serverErrors.permissionDenied.code);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses customers and strangers on every staff action', async () => {
    const customer = await t.signIn();
    for (const { endpoint, action, def } of actions) {
      if (def.access !== 'staff') continue;
      expect((await t.call(endpoint, action as never, {}, { token: customer.token })).http, `${endpoint}.${action}`).toBe(401);
      expect((await t.call(endpoint, action as never, {})).http, `${endpoint}.${action}`).toBe(401);
    }
  });
});

describe('the command line', () => {
  it('creates the first owner of a shop with a one-time password, audited as the command line', async () => {
    const res = await t.admin('staff', 'create', 'First.Owner@Example.com', 'owner', 'First', 'Owner');
    expect(res.code).toBe(0);
    const password = /one-time password: (\S+)$/.exec(res.out)![1]!;
    const signedIn = await login('first.owner@example.com', password);
    expect(signedIn.body.code).toBe(0);
    const me = await t.call('adminAuth', 'me', {}, { token: signedIn.body.data.token });
    expect(me.body.data).toMatchObject({ role: 'owner', name: 'First Owner' });
    const [row] = await t.auditOf('staff', me.body.data.id);
    expect(row).toMatchObject({ action: 'staff.create', staff_id: null });
    expect(row!.actor).toMatch(/^cli:/);
    expect((await t.admin('staff', 'create', 'x@example.com', 'king')).code).not.toBe(0);
    expect((await t.admin('staff', 'list')).out).toContain('first.owner@example.com owner active');
  });
});
