import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { registrar, uniqueEmail, uniqueTel } from './sign-up.ts';

/**
 * "Account enumeration" (code/send, register, bind_email and bind_tel answer alike for
 * known and unknown accounts, with limits for signed-in callers too) and "lock-out by strangers"
 * (wrong passwords count per account and source; code sign-in stays open).
 */
const t = useTestApp();

const register = registrar(t);

async function send(account: string, purpose: 'register' | 'login' | 'bind' | 'unbind', options: { token?: string; ip?: string } = {}) {
  return (await t.call('codeSend', 'send', { account, purpose, ...(await t.proof(purpose, options)) }, options)).body;
}

/** Every message delivered to an address, oldest first. */
async function messagesTo(to: string): Promise<string[]> {
  await t.drain();
  const found: string[] = [];
  for (const kind of ['mail', 'sms']) {
    let files: string[] = [];
    try {
      files = readdirSync(join(t.config.dataDir, 'outbox', kind)).sort();
    } catch {
      continue;
    }
    for (const file of files) {
      const m = JSON.parse(readFileSync(join(t.config.dataDir, 'outbox', kind, file), 'utf8')) as { to: string; text: string; subject?: string };
      if (m.to === to) found.push(`${m.subject ?? ''} ${m.text}`);
    }
  }
  return found;
}

/** What a caller can compare between two answers: everything but the moment (times from now). */
const shape = (body: { code: number; field?: string; i18n: string; data: unknown }) => ({
  code: body.code,
  field: body.field,
  i18n: body.i18n,
  data: body.data && typeof body.data === 'object' ? Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, k === 'expiresAt' || k === 'retryAfterMs' ? 0 : v])) : body.data,
});

describe('code/send answers alike for known and unknown accounts', () => {
  it('for sign-up: the owner of a known address is told so by mail instead of getting a code', async () => {
    const known = await register();
    // Its own sign-up code started a countdown a minute long: let it pass.
    await t.db.deleteFrom('verification_codes').where('target', '=', known.account).execute();
    const fresh = uniqueEmail();
    const a = await send(known.account, 'register');
    const b = await send(fresh, 'register');
    expect(shape(a)).toEqual(shape(b));
    expect(a.code).toBe(0);
    const toKnown = await messagesTo(known.account);
    expect(toKnown.at(-1)).toMatch(/already/i);
    expect(toKnown.at(-1)).not.toMatch(/\b\d{6}\b/);
    expect((await messagesTo(fresh)).at(-1)).toMatch(/\b\d{6}\b/);
    // The countdown is the same for both.
    expect(shape(await send(known.account, 'register'))).toEqual(shape(await send(fresh, 'register')));
  });

  it('for sign-in and unbinding: an unknown address gets nothing, and the answer does not say so', async () => {
    const known = await register();
    for (const purpose of ['login', 'unbind'] as const) {
      const unknownEmail = uniqueEmail();
      const unknownTel = uniqueTel();
      const a = await send(known.account, purpose);
      expect(shape(await send(unknownEmail, purpose))).toEqual(shape(a));
      expect((await send(unknownTel, purpose)).code).toBe(0);
      expect(await messagesTo(unknownEmail)).toEqual([]);
      expect(await messagesTo(unknownTel)).toEqual([]);
      await t.db.deleteFrom('verification_codes').where('target', '=', known.account).execute();
    }
  });

  it('for binding: a number or address someone has is not revealed', async () => {
    const telOwner = await register(uniqueTel());
    const emailOwner = await register();
    expect((await send(telOwner.account, 'bind')).code).toBe(0);
    expect((await send(emailOwner.account, 'bind')).code).toBe(0);
    expect((await messagesTo(telOwner.account)).at(-1)).not.toMatch(/\b\d{6}\b/);
  });
});

describe('register, bind_email and bind_tel answer alike', () => {
  it('register: a known account with a wrong code reads like an unknown one', async () => {
    const known = await register();
    const a = await t.call('login', 'register', { account: known.account, code: '123456', password: 'secret123' });
    const b = await t.call('login', 'register', { account: uniqueEmail(), code: '123456', password: 'secret123' });
    expect(shape(a.body)).toEqual(shape(b.body));
    expect(a.body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it("bind_email and bind_tel: someone else's address or number reads like a free one", async () => {
    const { token } = await register();
    const emailOwner = await register();
    const telOwner = await register(uniqueTel());
    const email = [await t.call('user', 'bind_email', { email: emailOwner.account, code: '123456' }, { token }), await t.call('user', 'bind_email', { email: uniqueEmail(), code: '123456' }, { token })];
    expect(shape(email[0]!.body)).toEqual(shape(email[1]!.body));
    expect(email[0]!.body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
    const tel = [await t.call('user', 'bind_tel', { tel: telOwner.account, code: '123456' }, { token }), await t.call('user', 'bind_tel', { tel: uniqueTel(), code: '123456' }, { token })];
    expect(shape(tel[0]!.body)).toEqual(shape(tel[1]!.body));
    expect(tel[0]!.body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
  });
});

describe('limits for signed-in callers', () => {
  it('limits bind attempts per user, from any address', async () => {
    const { token } = await register();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await t.call('user', i % 2 ? 'bind_tel' : 'bind_email', i % 2 ? { tel: uniqueTel(), code: '123456' } : { email: uniqueEmail(), code: '123456' }, { token })).body.code);
    expect(codes.slice(0, 10).every((c) => c === serverErrors.verificationCodeIncorrect.code)).toBe(true);
    expect(codes[10]).toBe(serverErrors.tooFrequent.code);
  });

  it('limits codes sent per signed-in user, from any address', async () => {
    const { token } = await register();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await send(uniqueEmail(), 'bind', { token })).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes[10]).toBe(serverErrors.tooFrequent.code);
  });
});

describe('lock-out by strangers', () => {
  it("counts wrong passwords per account and source: a stranger's guesses do not lock the owner out", async () => {
    const { account, password } = await register();
    const stranger = '198.51.100.66';
    for (let i = 0; i < 10; i++) expect((await t.call('login', 'password', { account, password: 'wrong-one' }, { ip: stranger })).body.code).toBe(serverErrors.accountOrPasswordIncorrect.code);
    expect((await t.call('login', 'password', { account, password }, { ip: stranger })).body.code).toBe(serverErrors.tooFrequent.code);
    expect((await t.call('login', 'password', { account, password }, { ip: '203.0.113.66' })).body.code).toBe(0);
  });

  it('keeps code sign-in open while password sign-in is locked', async () => {
    const { account } = await register();
    const ip = '198.51.100.67';
    for (let i = 0; i < 11; i++) await t.call('login', 'password', { account, password: 'wrong-one' }, { ip });
    const code = await t.sendCode(account, 'login');
    expect((await t.call('login', 'code', { account, code }, { ip })).body.code).toBe(0);
  });

  it('still stops a guesser spread over many addresses', async () => {
    const { account, password } = await register();
    let last = 0;
    for (let i = 0; i < 101; i++) last = (await t.call('login', 'password', { account, password: 'wrong-one' })).body.code;
    expect(last).toBe(serverErrors.tooFrequent.code);
    // The owner still has code sign-in.
    const code = await t.sendCode(account, 'login');
    expect((await t.call('login', 'code', { account, code })).body.code).toBe(0);
    void password;
  });
});
