import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { meetsDifficulty, solveProof } from '../src/modules/accounts/proof-of-work.ts';
import { wrongProof } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { registrar, uniqueEmail, uniqueTel } from './sign-up.ts';

/** What comes before a code reaches a customer: the proof-of-work challenge, then the code sent. */
const t = useTestApp();
const register = registrar(t);

describe('proof-of-work challenges (seed.do image_code)', () => {
  const challenge = async (purpose: 'register' | 'login' | 'bind' | 'unbind' = 'register') => (await t.call('seed', 'image_code', { purpose })).body.data;
  const sendWith = (seedId: string, solution: string, purpose: 'register' | 'login' = 'register', account = uniqueEmail()) => t.call('codeSend', 'send', { account, purpose, seedId, solution });
  const codesTo = (account: string) => t.db.selectFrom('verification_codes').select('id').where('target', '=', account).execute();
  /** A counter that does not meet the difficulty (most do not). */
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
    expect((await sendWith(c.seedId, wrongProof(c.nonce, c.difficulty), 'register', account)).body).toMatchObject({ code: serverErrors.proofIncorrect.code, field: 'solution' });
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
