import { serverErrors, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { registrar, uniqueEmail, uniqueTel } from './sign-up.ts';

/** Signing up, signing in (customers and resellers), the profile, and binding a phone or email. */
const t = useTestApp();
const register = registrar(t);

describe('sign-up (login.do register)', () => {
  it('creates the account, signs in and returns token, user info and totals', async () => {
    const account = uniqueEmail();
    const code = await t.sendCode(account, 'register');
    const res = await t.call('login', 'register', { account, code, password: 'secret123', nickname: 'Traveller' });
    expect(res.body.data).toMatchObject({ data: { email: account, nickname: 'Traveller', role: Role.normal, tel: null }, total: { cart: 0 }, reseller: false });
    expect(res.body.data.token.length).toBeGreaterThan(30);
    const info = await t.call('user', 'info', {}, { token: res.body.data.token });
    expect(info.body.data.email).toBe(account);
    const row = await t.db.selectFrom('users').select(['password_hash', 'user_type']).where('email', '=', account).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.user_type).toBe(4);
  });

  it('registers a phone account with a masked default nickname', async () => {
    const tel = uniqueTel();
    const { token } = await register(tel);
    const info = await t.call('user', 'info', {}, { token });
    expect(info.body.data).toMatchObject({ tel, nickname: `${tel.slice(0, 3)}****${tel.slice(-4)}` });
  });

  it('refuses a wrong code, and voids the code after 5 wrong tries', async () => {
    const account = uniqueEmail();
    const code = await t.sendCode(account, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call('login', 'register', { account, code: wrong, password: 'secret123' });
      expect(res.body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
    }
    const right = await t.call('login', 'register', { account, code, password: 'secret123' });
    expect(right.body.code).toBe(serverErrors.verificationCodeIncorrect.code);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', account).execute()).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const account = uniqueEmail();
    const code = await t.sendCode(account, 'register');
    await t.db.updateTable('verification_codes').set({ expires_at: Date.now() - 1 }).where('target', '=', account).execute();
    expect((await t.call('login', 'register', { account, code, password: 'secret123' })).body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('uses a code once', async () => {
    const { account } = await register();
    const again = await t.call('login', 'register', { account, code: '123456', password: 'secret123' });
    // The code is checked before anything is said about the account.
    expect(again.body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('does not accept a code sent for another purpose', async () => {
    const known = await register();
    const loginCode = await t.sendCode(known.account, 'login');
    const other = uniqueEmail();
    const res = await t.call('login', 'register', { account: other, code: loginCode, password: 'secret123' });
    expect(res.body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('names the wrong field', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ account: uniqueEmail(), code: '123456', password: '123' }, serverErrors.paramInvalid.code, 'password'],
      [{ account: uniqueEmail(), code: '123456', password: 'x'.repeat(19) }, serverErrors.paramInvalid.code, 'password'],
      [{ account: uniqueEmail(), code: '12345', password: 'secret123' }, serverErrors.paramInvalid.code, 'code'],
      [{ account: uniqueEmail(), password: 'secret123' }, serverErrors.paramMissing.code, 'code'],
      [{ account: 'not-an-account', code: '123456', password: 'secret123' }, serverErrors.paramInvalid.code, 'account'],
      [{ account: uniqueEmail(), code: '123456', password: 'secret123', nickname: 'n'.repeat(33) }, serverErrors.paramInvalid.code, 'nickname'],
    ];
    for (const [body, code, field] of cases) {
      expect((await t.call('login', 'register', body)).body, JSON.stringify(body)).toMatchObject({ code, field });
    }
  });
});

describe('sign-in', () => {
  it('signs in with the password, by email in any case', async () => {
    const { account, password } = await register();
    const res = await t.call('login', 'password', { account: account.toUpperCase(), password });
    expect(res.body.data).toMatchObject({ data: { email: account }, reseller: false, total: { cart: 0 } });
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const { account } = await register();
    const wrong = await t.call('login', 'password', { account, password: 'wrong-one' });
    const unknown = await t.call('login', 'password', { account: uniqueEmail(), password: 'wrong-one' });
    expect(wrong.body).toMatchObject({ code: serverErrors.accountOrPasswordIncorrect.code });
    expect(unknown.body).toMatchObject({ code: serverErrors.accountOrPasswordIncorrect.code });
  });

  it('signs in with a one-time code', async () => {
    const { account } = await register();
    const code = await t.sendCode(account, 'login');
    const res = await t.call('login', 'code', { account, code });
    expect(res.body.data.data.email).toBe(account);
    expect((await t.call('login', 'code', { account, code })).body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('refuses blacklisted, rejected and invalid accounts with their own message', async () => {
    for (const [status, error] of [
      ['blacklisted', serverErrors.accountBlacklisted],
      ['rejected', serverErrors.accountRejected],
      ['invalid', serverErrors.accountInvalid],
      ['frozen', serverErrors.accountAbnormal],
    ] as const) {
      const { account, password, token } = await register();
      await t.db.updateTable('users').set({ status }).where('email', '=', account).execute();
      expect((await t.call('login', 'password', { account, password })).body.code).toBe(error.code);
      // An existing session of a blocked account stops working too.
      expect((await t.call('user', 'info', {}, { token })).http).toBe(401);
    }
  });

  it('limits attempts per account and address, and a success clears the count', async () => {
    const { account, password } = await register();
    // Counted per account and source: a stranger's guesses lock only the stranger out.
    const ip = '198.51.100.44';
    for (let i = 0; i < 9; i++) await t.call('login', 'password', { account, password: 'wrong-one' }, { ip });
    expect((await t.call('login', 'password', { account, password }, { ip })).body.code).toBe(0);
    for (let i = 0; i < 10; i++) await t.call('login', 'password', { account, password: 'wrong-one' }, { ip });
    expect((await t.call('login', 'password', { account, password }, { ip })).body.code).toBe(serverErrors.tooFrequent.code);
  });

  it('limits attempts per IP', async () => {
    const ip = '198.51.100.9';
    let last = 0;
    for (let i = 0; i < 101; i++) last = (await t.call('login', 'password', { account: uniqueEmail(), password: 'whatever1' }, { ip })).body.code;
    expect(last).toBe(serverErrors.tooFrequent.code);
    expect((await t.call('login', 'password', { account: uniqueEmail(), password: 'whatever1' }, { ip: '198.51.100.10' })).body.code).toBe(serverErrors.accountOrPasswordIncorrect.code);
  });

  it('signs out: the token stops working', async () => {
    const { token } = await register();
    expect((await t.call('login', 'logout', {}, { token })).body.data).toEqual({ ok: true });
    const after = await t.call('user', 'info', {}, { token });
    expect(after.http).toBe(401);
    expect(after.body.i18n).toBe('login.expired.content');
  });
});

describe('reseller sign-in', () => {
  it('signs in the demo accounts of the README', async () => {
    expect((await t.call('login', 'password', { account: 'demo@simshop.local', password: 'demo1234' })).body.data.data.role).toBe(1);
    expect((await t.call('resellerLogin', 'password', { account: 'reseller@simshop.local', password: 'demo1234' })).body.data.reseller).toBe(true);
    expect((await t.call('resellerLogin', 'password', { account: 'foreign@simshop.local', password: 'demo1234', foreign: true })).body.data.data.role).toBe(6);
  });

  async function resellerAccount(role: Role) {
    const r = await register();
    await t.db.updateTable('users').set({ role }).where('id', '=', r.userId).execute();
    return r;
  }

  it('refuses a regular account', async () => {
    const { account, password } = await register();
    expect((await t.call('resellerLogin', 'password', { account, password })).body).toMatchObject({ code: serverErrors.accountIncorrect.code });
  });

  it('signs a reseller in as a reseller', async () => {
    const { account, password } = await resellerAccount(2);
    const res = await t.call('resellerLogin', 'password', { account, password });
    expect(res.body.data).toMatchObject({ reseller: true, data: { role: Role.reseller } });
    expect((await t.call('resellerUser', 'info', {}, { token: res.body.data.token })).body.data.role).toBe(2);
  });

  it('needs the foreign flag for a foreign reseller, and only for one', async () => {
    const foreign = await resellerAccount(6);
    expect((await t.call('resellerLogin', 'password', { account: foreign.account, password: foreign.password })).body.code).toBe(serverErrors.accountIncorrect.code);
    expect((await t.call('resellerLogin', 'password', { account: foreign.account, password: foreign.password, foreign: true })).body.data.reseller).toBe(true);
    const domestic = await resellerAccount(3);
    expect((await t.call('resellerLogin', 'password', { account: domestic.account, password: domestic.password, foreign: true })).body.code).toBe(serverErrors.accountIncorrect.code);
  });

  it('signs in by code as a reseller', async () => {
    const { account } = await resellerAccount(2);
    const code = await t.sendCode(account, 'login');
    expect((await t.call('resellerLogin', 'code', { account, code })).body.data.reseller).toBe(true);
  });

  it('keeps reseller calls from a regular session, even of a reseller account', async () => {
    const { account, password } = await resellerAccount(2);
    const regular = await t.call('login', 'password', { account, password });
    const res = await t.call('resellerUser', 'info', {}, { token: regular.body.data.token });
    expect(res.body.code).toBe(serverErrors.permissionDenied.code);
  });

  it('switches a reseller to a regular session', async () => {
    const { account, password } = await resellerAccount(2);
    const reseller = (await t.call('resellerLogin', 'password', { account, password })).body.data.token;
    const switched = await t.call('resellerUser', 'switch_regular', {}, { token: reseller });
    expect(switched.body.data).toMatchObject({ reseller: false, data: { role: Role.reseller } });
    expect((await t.call('user', 'info', {}, { token: reseller })).http).toBe(401);
    expect((await t.call('resellerUser', 'info', {}, { token: switched.body.data.token })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('user', 'info', {}, { token: switched.body.data.token })).body.code).toBe(0);
  });

  it('creates a reseller account only when the account allows it, then asks to sign in again', async () => {
    const { account, password, token, userId } = await register();
    expect((await t.call('user', 'create_reseller', {}, { token })).body.code).toBe(serverErrors.cannotCreateReseller.code);
    await t.db.updateTable('users').set({ can_create_reseller: 1 }).where('id', '=', userId).execute();
    expect((await t.call('user', 'create_reseller', {}, { token })).body.data).toEqual({ role: Role.reseller, reloginRequired: true });
    expect((await t.call('user', 'info', {}, { token })).http).toBe(401);
    expect((await t.call('resellerLogin', 'password', { account, password })).body.data.reseller).toBe(true);
  });
});

describe('profile and password (user.do)', () => {
  it('updates nickname and name, and only the caller\'s', async () => {
    const a = await register();
    const b = await register();
    const res = await t.call('user', 'update', { nickname: 'New name', name: 'Li Lei' }, { token: a.token });
    expect(res.body.data).toMatchObject({ id: a.userId, nickname: 'New name', name: 'Li Lei' });
    expect((await t.call('user', 'info', {}, { token: b.token })).body.data.nickname).not.toBe('New name');
    // There is no way to name another user: an id in the body is refused.
    expect((await t.call('user', 'update', { nickname: 'x', id: b.userId }, { token: a.token })).body.code).toBe(0);
    expect((await t.call('user', 'info', {}, { token: b.token })).body.data.nickname).not.toBe('x');
  });

  it('refuses an empty or invalid change', async () => {
    const { token } = await register();
    expect((await t.call('user', 'update', {}, { token })).body.code).toBe(serverErrors.paramInvalid.code);
    expect((await t.call('user', 'update', { nickname: '   ' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'nickname' });
    expect((await t.call('user', 'update', { avatarFileId: 'nope' }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'avatarFileId' });
  });

  it('changes the password: old must match, new must differ, both entries agree; other sessions end', async () => {
    const { account, password, token } = await register();
    const other = (await t.call('login', 'password', { account, password })).body.data.token;
    const wrongOld = await t.call('user', 'modify_password', { oldPassword: 'nope-nope', newPassword: 'another1', confirmPassword: 'another1' }, { token });
    expect(wrongOld.body).toMatchObject({ code: serverErrors.oldPasswordIncorrect.code, field: 'oldPassword' });
    const same = await t.call('user', 'modify_password', { oldPassword: password, newPassword: password, confirmPassword: password }, { token });
    expect(same.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'newPassword' });
    expect(same.body.data).toMatchObject({ issues: [{ message: 'validation.password_same_as_old' }] });
    const mismatch = await t.call('user', 'modify_password', { oldPassword: password, newPassword: 'another1', confirmPassword: 'another2' }, { token });
    expect(mismatch.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'confirmPassword' });
    const ok = await t.call('user', 'modify_password', { oldPassword: password, newPassword: 'another1', confirmPassword: 'another1' }, { token });
    expect(ok.body.data).toEqual({ ok: true });
    expect((await t.call('user', 'info', {}, { token })).body.code).toBe(0);
    expect((await t.call('user', 'info', {}, { token: other })).http).toBe(401);
    expect((await t.call('login', 'password', { account, password })).body.code).toBe(serverErrors.accountOrPasswordIncorrect.code);
    expect((await t.call('login', 'password', { account, password: 'another1' })).body.code).toBe(0);
  });
});

describe('binding tel and email', () => {
  it('binds a phone number with a code sent to it, then signs in with it', async () => {
    const { token, password } = await register();
    const tel = uniqueTel();
    const code = await t.sendCode(tel, 'bind');
    const res = await t.call('user', 'bind_tel', { tel, code }, { token });
    expect(res.body.data.tel).toBe(tel);
    expect((await t.call('login', 'password', { account: tel, password })).body.code).toBe(0);
  });

  it('refuses a number bound to someone else, and a wrong code', async () => {
    const owner = await register(uniqueTel());
    const { token } = await register();
    const taken = await t.call('user', 'bind_tel', { tel: owner.account, code: '123456' }, { token });
    // Said only to someone holding a valid code for it, so the number's owner is not revealed.
    expect(taken.body.code).toBe(serverErrors.verificationCodeIncorrect.code);
    const tel = uniqueTel();
    await t.sendCode(tel, 'bind');
    expect((await t.call('user', 'bind_tel', { tel, code: '000000' }, { token })).body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('unbinds only while another way to sign in remains', async () => {
    const { token, account } = await register();
    const onlyEmail = await t.sendCode(account, 'unbind');
    expect((await t.call('user', 'unbind_email', { code: onlyEmail }, { token })).body.code).toBe(serverErrors.noRightToOperate.code);
    expect((await t.call('user', 'unbind_tel', { code: '123456' }, { token })).body.code).toBe(serverErrors.telNotBound.code);
    const tel = uniqueTel();
    await t.call('user', 'bind_tel', { tel, code: await t.sendCode(tel, 'bind') }, { token });
    const code = await t.lastCode(account);
    const res = await t.call('user', 'unbind_email', { code }, { token });
    expect(res.body.data).toMatchObject({ email: null, tel });
  });

  it('binds an email address to a phone account', async () => {
    const { token } = await register(uniqueTel());
    const email = uniqueEmail();
    const res = await t.call('user', 'bind_email', { email, code: await t.sendCode(email, 'bind') }, { token });
    expect(res.body.data.email).toBe(email);
  });
});
