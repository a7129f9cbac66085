import { API_BASE, fullApi, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { totpCodeAt, totpStep } from '../src/lib/totp.ts';
import { useTestApp } from './harness.ts';

/**
 * A member who lost their authenticator: the owner turns their TOTP off (console), or the owner's
 * command line resets an owner's password and TOTP, since nobody is above them.
 */
const t = useTestApp();

let ipSerial = 0;
async function signIn(body: Record<string, unknown>) {
  const query = 'action=login';
  const payload = JSON.stringify(body);
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${fullApi.adminAuth.path}?${query}`, headers: { ...signRequest(t.config.signing, { query, body: payload }), 'content-type': 'application/json' }, payload, remoteAddress: `198.51.100.${++ipSerial}` });
  return res.json<{ code: number; data: { token: string; mustChangePassword: boolean } }>();
}

/** A member with their own password and TOTP on. */
async function memberWithTotp(email: string) {
  const owner = (await t.staffSignIn('owner')).token;
  const created = (await t.call('adminStaff', 'create', { email, name: 'Lost phone', role: 'operator' }, { token: owner })).body.data!;
  const first = (await signIn({ account: email, password: created.password })).data.token;
  const password = `${created.password}-mine`;
  expect((await t.call('adminAuth', 'change_password', { oldPassword: created.password, newPassword: password }, { token: first })).body.code).toBe(0);
  const secret = (await t.call('adminAuth', 'totp_setup', {}, { token: first })).body.data!.secret;
  expect((await t.call('adminAuth', 'totp_confirm', { code: totpCodeAt(secret, totpStep(Date.now())) }, { token: first })).body.code).toBe(0);
  return { id: created.staff.id, owner, password, token: first };
}

describe('a lost authenticator', () => {
  it('the owner turns the member’s TOTP off: sessions end, the password alone signs in, audited', async () => {
    const m = await memberWithTotp('lost-phone@simshop.local');
    expect((await signIn({ account: 'lost-phone@simshop.local', password: m.password })).code).toBe(serverErrors.staffSignInIncorrect.code);
    // Nobody but the staff manager may.
    const support = (await t.staffSignIn('support')).token;
    expect((await t.call('adminStaff', 'reset_totp', { id: m.id }, { token: support })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('adminStaff', 'reset_totp', { id: 999_999 }, { token: m.owner })).body).toMatchObject({ code: serverErrors.notFound.code, field: 'id' });

    const reset = await t.call('adminStaff', 'reset_totp', { id: m.id }, { token: m.owner });
    expect(reset.body).toMatchObject({ code: 0, data: { id: m.id, totpEnabled: false } });
    expect((await t.call('adminAuth', 'me', {}, { token: m.token })).http).toBe(401);
    expect((await signIn({ account: 'lost-phone@simshop.local', password: m.password })).code).toBe(0);
    expect(await t.auditOf('staff', m.id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'staff.reset_totp', before_json: '{"totpEnabled":true}', after_json: '{"totpEnabled":false}' })]));
  });

  it('the command line resets an owner: a one-time password to replace, TOTP off', async () => {
    const m = await memberWithTotp('lost-owner@simshop.local');
    const out = await t.admin('staff', 'reset', 'lost-owner@simshop.local');
    expect(out.code).toBe(0);
    const password = /one-time password: (\S+)/.exec(out.out)![1]!;
    expect((await t.call('adminAuth', 'me', {}, { token: m.token })).http).toBe(401);
    const signedIn = await signIn({ account: 'lost-owner@simshop.local', password });
    expect(signedIn).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    expect((await t.admin('staff', 'reset', 'nobody@simshop.local')).code).not.toBe(0);
  });
});
