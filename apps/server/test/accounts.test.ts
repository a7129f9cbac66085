import { serverErrors, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { meetsDifficulty, solveProof } from '../src/modules/accounts/proof-of-work.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

let seq = 0;
const uniqueEmail = () => `buyer${++seq}-${Date.now()}@example.com`;
const uniqueTel = () => `139${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 11).replace(/.$/, String(++seq % 10));

async function register(account = uniqueEmail(), password = 'secret123') {
  const code = await t.sendCode(account, 'register');
  const res = await t.call('login', 'register', { account, code, password });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return { account, password, token: res.body.data.token, userId: res.body.data.data.id };
}

describe('proof-of-work challenges (seed.do image_code)', () => {
  const challenge = async (purpose: 'register' | 'login' | 'bind' | 'unbind' = 'register') => (await t.call('seed', 'image_code', { purpose })).body.data;
  const sendWith = (seedId: string, solution: string, purpose: 'register' | 'login' = 'register', account = uniqueEmail()) => t.call('codeSend', 'send', { account, purpose, seedId, solution });
  const codesTo = (account: string) => t.db.selectFrom('verification_codes').select('id').where('target', '=', account).execute();
  /** A counter that does not meet the difficulty (most do not). */
  const wrongFor = (nonce: string, difficulty: number) => {
    for (let c = 0; ; c++) if (!meetsDifficulty(nonce, difficulty, String(c))) return String(c);
  };

  it('issues a random nonce with the configured difficulty, bound to the purpose and stored', async () => {
    const a = await challenge('register');
    const b = await challenge('register');
    expect(a).toMatchObject({ seedId: expect.any(String), nonce: expect.stringMatching(/^[0-9a-f]{32}$/), difficulty: 6 });
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(await t.db.selectFrom('pow_challenges').select(['purpose', 'used_at']).where('id', '=', a.seedId).executeTakeFirstOrThrow()).toEqual({ purpose: 'register', used_at: null });
    expect((await t.call('seed', 'image_code', {})).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'purpose' });
    expect((await t.call('seed', 'image_code', { purpose: 'hack' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'purpose' });
  });

  it('sends a code for a solution, and refuses a wrong one, using the challenge up', async () => {
    const c = await challenge();
    const account = uniqueEmail();
    expect((await sendWith(c.seedId, wrongFor(c.nonce, c.difficulty), 'register', account)).body).toMatchObject({ code: serverErrors.proofIncorrect.code, field: 'solution' });
    expect((await sendWith(c.seedId, solveProof(c.nonce, c.difficulty), 'register', account)).body).toMatchObject({ code: serverErrors.proofUsed.code });
    expect(await codesTo(account)).toHaveLength(0);
    const fresh = await challenge();
    expect((await sendWith(fresh.seedId, solveProof(fresh.nonce, fresh.difficulty), 'register', account)).body.code).toBe(0);
    expect(await codesTo(account)).toHaveLength(1);
  });

  it('accepts each solution once', async () => {
    const c = await challenge();
    const solution = solveProof(c.nonce, c.difficulty);
    expect((await sendWith(c.seedId, solution)).body.code).toBe(0);
    const account = uniqueEmail();
    expect((await sendWith(c.seedId, solution, 'register', account)).body).toMatchObject({ code: serverErrors.proofUsed.code, field: 'seedId' });
    expect(await codesTo(account)).toHaveLength(0);
  });

  it('refuses an expired challenge, an unknown one and one made for another purpose', async () => {
    const old = await challenge();
    await t.db.updateTable('pow_challenges').set({ expires_at: Date.now() - 1 }).where('id', '=', old.seedId).execute();
    expect((await sendWith(old.seedId, solveProof(old.nonce, old.difficulty))).body).toMatchObject({ code: serverErrors.proofExpired.code, field: 'seedId' });
    expect((await sendWith('nope', '0')).body).toMatchObject({ code: serverErrors.proofIncorrect.code, field: 'seedId' });
    const forLogin = await challenge('login');
    const solution = solveProof(forLogin.nonce, forLogin.difficulty);
    const account = uniqueEmail();
    expect((await sendWith(forLogin.seedId, solution, 'register', account)).body).toMatchObject({ code: serverErrors.proofOtherPurpose.code, field: 'seedId' });
    expect(await codesTo(account)).toHaveLength(0);
    // Refused for the wrong purpose, it still works for its own.
    expect((await sendWith(forLogin.seedId, solution, 'login')).body.code).toBe(0);
  });

  it('checks the difficulty stored with the challenge, not the one configured now', async () => {
    const c = await challenge();
    await t.db.updateTable('pow_challenges').set({ difficulty: 20 }).where('id', '=', c.seedId).execute();
    const easy = solveProof(c.nonce, c.difficulty);
    // The easy answer meets 6 bits; it must not meet 20 for this test to mean anything.
    expect(meetsDifficulty(c.nonce, 20, easy)).toBe(false);
    expect((await sendWith(c.seedId, easy)).body).toMatchObject({ code: serverErrors.proofIncorrect.code });
  });

  it('is also available to a signed-in user (authc seed)', async () => {
    const { token } = await t.signIn();
    expect((await t.call('seedAuthc', 'image_code', { purpose: 'bind' }, { token })).body).toMatchObject({ code: 0, data: { difficulty: 6 } });
    expect((await t.call('seedAuthc', 'image_code', { purpose: 'bind' })).http).toBe(401);
  });

  it('limits challenges per address', async () => {
    const ip = '203.0.113.99';
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.call('seed', 'image_code', { purpose: 'login' }, { ip })).body.code);
    expect(codes.slice(0, 60).every((c) => c === 0)).toBe(true);
    expect(codes[60]).toBe(serverErrors.tooFrequent.code);
  });
});

describe('sending codes (code/send.do)', () => {
  it('emails a 6-digit code and tells when it may be resent', async () => {
    const account = uniqueEmail();
    const res = await t.call('codeSend', 'send', { account, purpose: 'register', ...(await t.proof('register')) });
    expect(res.body.data).toMatchObject({ channel: 'email', resendAfterSeconds: 60 });
    expect(await t.lastCode(account)).toMatch(/^\d{6}$/);
  });

  it('texts a phone number', async () => {
    const tel = uniqueTel();
    expect(await t.sendCode(tel, 'register')).toMatch(/^\d{6}$/);
    const stored = await t.db.selectFrom('verification_codes').select(['channel', 'code_hash']).where('target', '=', tel).executeTakeFirstOrThrow();
    expect(stored.channel).toBe('sms');
    // Only a hash is kept.
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a resend within the countdown', async () => {
    const account = uniqueEmail();
    await t.sendCode(account, 'register');
    await expect(t.sendCode(account, 'register')).rejects.toThrow(/res.too-frequent/);
  });

  it('sends a code only where the purpose can use it, answering alike (no account enumeration)', async () => {
    const send = async (account: string, purpose: 'register' | 'login' | 'bind') => {
      return (await t.call('codeSend', 'send', { account, purpose, ...(await t.proof(purpose)) })).body;
    };
    const known = await register();
    await t.db.deleteFrom('verification_codes').where('target', '=', known.account).execute();
    const telUser = await register(uniqueTel());
    await t.db.deleteFrom('verification_codes').where('target', '=', telUser.account).execute();
    const unknownEmail = uniqueEmail();
    const unknownTel = uniqueTel();
    for (const [account, purpose] of [[known.account, 'register'], [unknownEmail, 'login'], [unknownTel, 'login'], [telUser.account, 'bind']] as const) {
      expect((await send(account, purpose)).code, `${purpose} ${account}`).toBe(0);
    }
    // Nothing usable was sent: a notice to the known address and number, nothing to the unknown ones.
    await expect(t.lastCode(unknownEmail)).rejects.toThrow(/no code was sent/);
    await expect(t.lastCode(unknownTel)).rejects.toThrow(/no code was sent/);
    for (const account of [known.account, telUser.account]) {
      const codeId = await t.db.selectFrom('verification_codes').select('id').where('target', '=', account).executeTakeFirstOrThrow();
      expect(codeId.id).toBeGreaterThan(0);
    }
  });

  it('names each wrong field', async () => {
    const { seedId: seed, solution } = await t.proof('register');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ purpose: 'register', seedId: seed, solution }, serverErrors.paramMissing.code, 'account'],
      [{ account: '12345', purpose: 'register', seedId: seed, solution }, serverErrors.paramInvalid.code, 'account'],
      [{ account: 'a@b.cc', purpose: 'hack', seedId: seed, solution }, serverErrors.paramInvalid.code, 'purpose'],
      [{ account: 'a@b.cc', purpose: 'register', solution }, serverErrors.paramMissing.code, 'seedId'],
      [{ account: 'a@b.cc', purpose: 'register', seedId: seed }, serverErrors.paramMissing.code, 'solution'],
      [{ account: 'a@b.cc', purpose: 'register', seedId: seed, solution: '12x' }, serverErrors.paramInvalid.code, 'solution'],
      [{ account: 'a@b.cc', purpose: 'register', seedId: seed, solution: '0042' }, serverErrors.paramInvalid.code, 'solution'],
      [{ account: 'a@b.cc', purpose: 'register', seedId: seed, solution: '1'.repeat(17) }, serverErrors.paramInvalid.code, 'solution'],
    ];
    for (const [body, code, field] of cases) {
      const res = await t.call('codeSend', 'send', body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await t.db.selectFrom('verification_codes').select('id').where('target', '=', 'a@b.cc').execute()).toHaveLength(0);
  });

  it('limits codes per IP', async () => {
    const ip = '203.0.113.7';
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await t.call('codeSend', 'send', { account: uniqueEmail(), purpose: 'register', ...(await t.proof('register')) }, { ip })).body.code;
    }
    expect(last).toBe(serverErrors.tooFrequent.code);
  });
});

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

  async function resellerAccount(role: number) {
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
