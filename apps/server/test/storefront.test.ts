import { ACCOUNT_LIMITS, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { registrar, uniqueEmail } from './sign-up.ts';

/** Destinations and plan facts in the catalogue, and forgot password. */
const t = useTestApp();

const register = registrar(t);

const keysOf = async (items: Array<{ id: number }>) => {
  const rows = await t.db.selectFrom('products').select(['id', 'key']).execute();
  return items.map((i) => rows.find((r) => r.id === i.id)?.key);
};

describe('destinations (product.list countries, product.detail travel)', () => {
  it('lists every plan covering a country, and none for a country nobody covers', async () => {
    const japan = await t.call('product', 'list', { page: 1, size: 50, countries: ['JP'] });
    expect(japan.body.code).toBe(0);
    expect(await keysOf(japan.body.data.items)).toEqual(['asia-esim', 'global-esim']);
    expect(japan.body.data.total).toBe(2);
    for (const item of japan.body.data.items) expect(item.coverage).toContain('JP');
    // Each with its networks there (its travel plan's), for the destination's page; none listed in the plain catalogue.
    expect(japan.body.data.items[0]!.networks).toEqual([{ country: 'JP', operators: ['SoftBank', 'KDDI'] }]);
    const all = await t.call('product', 'list', { page: 1, size: 50 });
    for (const item of all.body.data.items) expect(item).not.toHaveProperty('networks');

    const china = await t.call('product', 'list', { page: 1, size: 50, countries: ['CN'] });
    expect(await keysOf(china.body.data.items)).toEqual(['china-unicom-sim', 'global-esim']);

    const nowhere = await t.call('product', 'list', { page: 1, size: 50, countries: ['AQ'] });
    expect(nowhere.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('matches any of several countries (a region) and combines with the kind filter', async () => {
    const region = await t.call('product', 'list', { page: 1, size: 50, countries: ['FR', 'TH'] });
    expect(await keysOf(region.body.data.items)).toEqual(['asia-esim', 'global-esim', 'europe-esim']);
    const sims = await t.call('product', 'list', { page: 1, size: 50, countries: ['CN'], kind: 'sim' });
    expect(await keysOf(sims.body.data.items)).toEqual(['china-unicom-sim']);
  });

  it('never matches part of a code or a neighbouring one', async () => {
    // `,JP,` must not match a stored `,JPX,`-like neighbour or the tail of another code.
    const p = await t.db.selectFrom('products').select('coverage').where('key', '=', 'asia-esim').executeTakeFirstOrThrow();
    expect(p.coverage).toBe(',HK,JP,KR,SG,TH,');
    const k = await t.call('product', 'list', { page: 1, size: 50, countries: ['K'] });
    expect(k.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'countries.0' });
  });

  it('refuses country codes that are not two capital letters, and too many at once', async () => {
    for (const countries of [['jp'], ['JPN'], ['%'], [], ['J_']]) {
      const res = await t.call('product', 'list', { page: 1, size: 50, countries });
      expect(res.body.code, JSON.stringify(countries)).toBe(serverErrors.paramInvalid.code);
    }
    const many = await t.call('product', 'list', { page: 1, size: 50, countries: Array.from({ length: 61 }, () => 'JP') });
    expect(many.body.code).toBe(serverErrors.paramInvalid.code);
  });

  it('gives a plan its coverage, networks, hotspot and when validity starts; other kinds none', async () => {
    const asia = await t.sku('ESIM-ASIA-5-7');
    const detail = await t.call('product', 'detail', { id: asia.productId, i18n: 'en' });
    expect(detail.body.data.coverage).toEqual(['HK', 'JP', 'KR', 'SG', 'TH']);
    expect(detail.body.data.travel).toMatchObject({ hotspot: true, validityStarts: 'first-connection' });
    expect(detail.body.data.travel?.networks).toContainEqual({ country: 'JP', operators: ['SoftBank', 'KDDI'] });
    expect(detail.body.data.specs.map((s) => s.name)).toEqual(['Data', 'Validity']);
    const zh = await t.call('product', 'detail', { id: asia.productId, i18n: 'zh-Hans' });
    expect(zh.body.data.specs[0]).toEqual({ name: '流量', values: ['5GB', '10GB'] });

    const recharge = await t.sku('RCH-5');
    const plain = await t.call('product', 'detail', { id: recharge.productId, i18n: 'en' });
    expect(plain.body.data).toMatchObject({ coverage: [], travel: null });
  });

  it('shows no plan facts for a stored value that no longer parses, rather than failing the page', async () => {
    const global = await t.sku('ESIM-GLOBAL-3');
    const before = await t.db.selectFrom('products').select('travel').where('id', '=', global.productId).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ travel: '{"hotspot":"maybe"}' }).where('id', '=', global.productId).execute();
    try {
      const res = await t.call('product', 'detail', { id: global.productId });
      expect(res.body.code).toBe(0);
      expect(res.body.data.travel).toBeNull();
      expect(res.body.data.coverage.length).toBeGreaterThan(120);
    } finally {
      await t.db.updateTable('products').set({ travel: before.travel }).where('id', '=', global.productId).execute();
    }
  });
});

describe('forgot password (login.reset_password)', () => {
  it('sets a new password with a reset code sent to the email, and ends every session', async () => {
    const { account, token } = await register();
    expect((await t.call('user', 'info', {}, { token })).body.code).toBe(0);
    const code = await t.sendCode(account, 'reset');
    const res = await t.call('login', 'reset_password', { account, code, password: 'brand-new-1' });
    expect(res.body).toMatchObject({ code: 0, data: { ok: true } });
    // The old session is over; the old password no longer works; the new one does.
    expect((await t.call('user', 'info', {}, { token })).body.code).not.toBe(0);
    expect((await t.call('login', 'password', { account, password: 'secret123' })).body.code).toBe(serverErrors.accountOrPasswordIncorrect.code);
    expect((await t.call('login', 'password', { account, password: 'brand-new-1' })).body.code).toBe(0);
    // A code works once.
    expect((await t.call('login', 'reset_password', { account, code, password: 'another-22' })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
  });

  it('works by phone code too', async () => {
    const tel = `137${String(Date.now()).slice(-8)}`;
    await register(tel);
    const code = await t.sendCode(tel, 'reset');
    expect((await t.call('login', 'reset_password', { account: tel, code, password: 'phone-pass-3' })).body.code).toBe(0);
    expect((await t.call('login', 'password', { account: tel, password: 'phone-pass-3' })).body.code).toBe(0);
  });

  it('refuses a wrong code, a sign-in code and an expired code, changing nothing', async () => {
    const { account, password } = await register();
    const hashBefore = async () => (await t.db.selectFrom('users').select('password_hash').where('email', '=', account).executeTakeFirstOrThrow()).password_hash;
    const before = await hashBefore();
    const login = await t.sendCode(account, 'login');
    expect((await t.call('login', 'reset_password', { account, code: login, password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
    const code = await t.sendCode(account, 'reset');
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await t.call('login', 'reset_password', { account, code: wrong, password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
    await t.db.updateTable('verification_codes').set({ expires_at: Date.now() - 1 }).where('target', '=', account).where('purpose', '=', 'reset').execute();
    expect((await t.call('login', 'reset_password', { account, code, password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
    expect(await hashBefore()).toBe(before);
    expect((await t.call('login', 'password', { account, password })).body.code).toBe(0);
  });

  it('voids a code after five wrong guesses', async () => {
    const { account } = await register();
    const code = await t.sendCode(account, 'reset');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < ACCOUNT_LIMITS.codeMaxAttempts; i++) await t.call('login', 'reset_password', { account, code: wrong, password: 'brand-new-1' });
    expect((await t.call('login', 'reset_password', { account, code, password: 'brand-new-1' })).body.code).toBe(serverErrors.verificationCodeIncorrect.code);
  });

  it('sends nothing to an address without an account, and answers a reset for it like a wrong code', async () => {
    const stranger = uniqueEmail();
    const proof = await t.proof('reset');
    const sent = await t.call('codeSend', 'send', { account: stranger, purpose: 'reset', ...proof });
    expect(sent.body.code).toBe(0);
    await t.drain();
    await expect(t.lastCode(stranger)).rejects.toThrow();
    expect((await t.call('login', 'reset_password', { account: stranger, code: '123456', password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.verificationCodeIncorrect.code, field: 'code' });
  });

  it('checks the new password and the account format with the catalogue errors', async () => {
    const { account } = await register();
    const code = await t.sendCode(account, 'reset');
    expect((await t.call('login', 'reset_password', { account, code, password: 'short' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'password' });
    expect((await t.call('login', 'reset_password', { account: 'not an account', code, password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'account' });
    expect((await t.call('login', 'reset_password', { account, password: 'brand-new-1' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'code' });
    // Refused input used nothing up: the code still works.
    expect((await t.call('login', 'reset_password', { account, code, password: 'brand-new-1' })).body.code).toBe(0);
  });

  it('limits guessing per account across addresses', async () => {
    const { account } = await register();
    await t.sendCode(account, 'reset');
    let last = 0;
    // 20 tries per account in 15 minutes (as code sign-in), then refused whatever the code.
    for (let i = 0; i < 21; i++) last = (await t.call('login', 'reset_password', { account, code: '999999', password: 'brand-new-1' })).body.code;
    expect(last).toBe(serverErrors.tooFrequent.code);
  });
});

describe('an eSIM names the plan it was bought with (esim.detail plan)', () => {
  it('gives the chosen data and validity in the language asked, and nothing for another user', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const list = await t.call('esim', 'list', { page: 1, size: 10, i18n: 'en' }, { token });
    const id = list.body.data.items[0]!.id;
    expect(list.body.data.items[0]!.plan).toEqual(['5 GB', '7 days']);
    expect((await t.call('esim', 'detail', { id, i18n: 'zh-Hans' }, { token })).body.data.plan).toEqual(['5GB', '7天']);
    const other = await t.signIn();
    expect((await t.call('esim', 'detail', { id, i18n: 'en' }, { token: other.token })).body.code).not.toBe(0);
  });
});
