import { createHash, createHmac } from 'node:crypto';
import { API_BASE, fullApi, jsapiSignatureBase, Role, serverErrors, signRequest, UserType } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The WeChat simulator answers over HTTP on this server, as WeChat would.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

let serial = 0;
/** A code WeChat would hand back for this WeChat user. */
async function codeFor(openid: string, nickname = '小王', scope = 'snsapi_userinfo'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/wechat-sim/test/code', payload: { openid, nickname, scope } });
  return res.json<{ code: string }>().code;
}
/** A customer with a phone, who can get sign-in codes. */
async function customerWithPhone(): Promise<{ userId: number; tel: string }> {
  serial += 1;
  const tel = `1390000${String(Date.now() % 1000).padStart(3, '0')}${serial}`.slice(0, 11);
  const now = Date.now();
  const row = await t.db.insertInto('users').values({ role: Role.normal, user_type: UserType.mobile, nickname: `phone${serial}`, name: '', tel, status: 'active', can_create_reseller: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return { userId: row.id, tel };
}
const linksOf = async (userId: number) => t.db.selectFrom('wechat_accounts').selectAll().where('user_id', '=', userId).execute();
const linkToken = async (openid: string, nickname = '小王') => {
  const res = await t.call('wechat', 'login', { code: await codeFor(openid, nickname) });
  expect(res.body.data).toMatchObject({ status: 'link', nickname });
  return (res.body.data as { linkToken: string }).linkToken;
};

describe('WeChat sign-in', () => {
  it('sends the browser to the official account’s OAuth page (the simulator here) with a state', async () => {
    const res = await t.call('wechat', 'authorize', { redirect: '/pages/login/wechat' });
    expect(res.body.code).toBe(0);
    const url = new URL(res.body.data!.url);
    expect(url.pathname).toBe('/wechat-sim/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ appid: t.config.wechatLogin!.appId, response_type: 'code', scope: 'snsapi_userinfo', state: res.body.data!.state });
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/uni\/pages\/login\/wechat$/);
    // The page's "Allow" comes back to the shop with a code and the state.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const allow = await t.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ redirect_uri: url.searchParams.get('redirect_uri')!, state: 'abc', scope: 'snsapi_userinfo', openid: 'oPageUser', nickname: 'Page', decision: 'allow' }).toString() });
    expect(allow.statusCode).toBe(302);
    const back = new URL(allow.headers.location as string);
    expect(back.searchParams.get('state')).toBe('abc');
    expect((await t.call('wechat', 'login', { code: back.searchParams.get('code')! })).body.data).toMatchObject({ status: 'link', nickname: 'Page' });
    expect((await t.call('wechat', 'authorize', { redirect: 'https://evil.example/' })).body.code).toBe(serverErrors.paramInvalid.code);
  });

  it('links an unknown WeChat to the account of a phone (sign-in code), then signs that account in by WeChat alone', async () => {
    const { userId, tel } = await customerWithPhone();
    const token = await linkToken('oLinkUser1');
    const code = await t.sendCode(tel, 'login');
    const res = await t.call('wechat', 'link', { linkToken: token, tel, code });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data!.data.id).toBe(userId);
    expect(await linksOf(userId)).toMatchObject([{ openid: 'oLinkUser1' }]);
    const me = await t.call('user', 'info', {}, { token: res.body.data!.token });
    expect(me.body.data!.id).toBe(userId);

    const again = await t.call('wechat', 'login', { code: await codeFor('oLinkUser1') });
    expect(again.body.data).toMatchObject({ status: 'signed-in', login: { data: { id: userId } } });
    // The code was used up with the link.
    expect((await t.call('wechat', 'link', { linkToken: await linkToken('oLinkUser2'), tel, code })).body.code).not.toBe(0);
  });

  it('makes a new account of user type 1 for a WeChat that wants none linked, once', async () => {
    const token = await linkToken('oNewUser1', '新用户');
    const first = await t.call('wechat', 'create', { linkToken: token });
    expect(first.body.code).toBe(0);
    const userId = first.body.data!.data.id;
    expect(first.body.data!.data.nickname).toBe('新用户');
    const row = await t.db.selectFrom('users').select(['user_type', 'tel', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_type: UserType.officialAccount, tel: null, email: null, password_hash: null });
    // A double tap signs the same account in.
    expect((await t.call('wechat', 'create', { linkToken: token })).body.data!.data.id).toBe(userId);
    expect((await t.call('wechat', 'login', { code: await codeFor('oNewUser1') })).body.data).toMatchObject({ status: 'signed-in', login: { data: { id: userId } } });
  });

  it('asks nothing of a snsapi_base sign-in but the link (no profile)', async () => {
    const res = await t.call('wechat', 'login', { code: await codeFor('oBaseUser', 'ignored', 'snsapi_base') });
    expect(res.body.data).toMatchObject({ status: 'link', nickname: null, avatar: null });
  });

  it('refuses a wrong or used code, a forged or expired link token, a wrong phone code and a second WeChat, writing nothing', async () => {
    expect((await t.call('wechat', 'login', { code: 'nope' })).body).toMatchObject({ code: serverErrors.wechatCodeInvalid.code, field: 'code' });
    const used = await codeFor('oUsedCode');
    await t.call('wechat', 'login', { code: used });
    expect((await t.call('wechat', 'login', { code: used })).body.code).toBe(serverErrors.wechatCodeInvalid.code);
    expect((await t.call('wechat', 'login', {})).body.code).toBe(serverErrors.paramMissing.code);

    const { userId, tel } = await customerWithPhone();
    const token = await linkToken('oRefused1');
    const [body] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ openid: 'oSomeoneElse', nickname: null, avatar: null, exp: Date.now() + 60_000 })).toString('base64url')}.${token.split('.')[1]}`;
    expect((await t.call('wechat', 'create', { linkToken: forged })).body).toMatchObject({ code: serverErrors.wechatLinkExpired.code, field: 'linkToken' });
    expect((await t.call('wechat', 'create', { linkToken: `${body}.AAAA` })).body.code).toBe(serverErrors.wechatLinkExpired.code);
    // Signed right but out of date.
    const key = createHmac('sha256', t.config.signing.secret).update('wechat-link-token').digest();
    const oldBody = Buffer.from(JSON.stringify({ openid: 'oRefused1', nickname: null, avatar: null, exp: Date.now() - 1 })).toString('base64url');
    const expired = `${oldBody}.${createHmac('sha256', key).update(oldBody).digest('base64url')}`;
    expect((await t.call('wechat', 'link', { linkToken: expired, tel, code: '123456' })).body.code).toBe(serverErrors.wechatLinkExpired.code);

    const code = await t.sendCode(tel, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('wechat', 'link', { linkToken: token, tel, code: wrong })).body.code).not.toBe(0);
    expect((await t.call('wechat', 'link', { linkToken: token, tel: '123', code })).body.code).toBe(serverErrors.paramInvalid.code);
    expect(await linksOf(userId)).toEqual([]);

    // One WeChat per account: an account already linked (earlier) refuses a second WeChat, code unused.
    await t.db.insertInto('wechat_accounts').values({ openid: 'oRefused1', user_id: userId, created_at: Date.now() }).execute();
    const second = await linkToken('oRefused2');
    expect((await t.call('wechat', 'link', { linkToken: second, tel, code })).body).toMatchObject({ code: serverErrors.wechatAlreadyLinked.code });
    expect(await linksOf(userId)).toMatchObject([{ openid: 'oRefused1' }]);
    expect(await t.db.selectFrom('wechat_accounts').selectAll().where('openid', '=', 'oRefused2').execute()).toEqual([]);
  });

  it('links the WeChat to the account the customer signed in to; not to a second account, not signed out', async () => {
    const me = await t.signIn();
    const token = await linkToken('oSignedIn1');
    expect((await t.call('wechat', 'link_signed_in', { linkToken: token })).body.code).toBe(serverErrors.unauthenticated.code);
    const res = await t.call('wechat', 'link_signed_in', { linkToken: token }, { token: me.token });
    expect(res.body).toMatchObject({ code: 0, data: { ok: true } });
    // Again (a reload): still fine.
    expect((await t.call('wechat', 'link_signed_in', { linkToken: token }, { token: me.token })).body.code).toBe(0);
    expect((await t.call('wechat', 'login', { code: await codeFor('oSignedIn1') })).body.data).toMatchObject({ status: 'signed-in', login: { data: { id: me.userId } } });
    const other = await t.signIn();
    expect((await t.call('wechat', 'link_signed_in', { linkToken: token }, { token: other.token })).body.code).toBe(serverErrors.wechatAlreadyLinked.code);
    expect((await t.call('wechat', 'link_signed_in', { linkToken: await linkToken('oSignedIn2') }, { token: me.token })).body.code).toBe(serverErrors.wechatAlreadyLinked.code);
    expect(await linksOf(other.userId)).toEqual([]);
  });

  it('refuses a blacklisted account linked to a WeChat', async () => {
    const token = await linkToken('oBlocked');
    const userId = (await t.call('wechat', 'create', { linkToken: token })).body.data!.data.id;
    await t.db.updateTable('users').set({ status: 'blacklisted' }).where('id', '=', userId).execute();
    expect((await t.call('wechat', 'login', { code: await codeFor('oBlocked') })).body.code).toBe(serverErrors.accountBlacklisted.code);
  });
});

describe('JS-SDK configuration', () => {
  it('signs the page address with the jsapi_ticket (SHA-1), the ticket shared through the database', async () => {
    const url = 'http://127.0.0.1/uni/pages/wechat/mp?appId=wx1#top';
    const res = await t.call('wechat', 'js_config', { url });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const cfg = res.body.data!;
    const ticket = (await t.db.selectFrom('wechat_tokens').select('value').where('kind', '=', 'jsapi_ticket').executeTakeFirstOrThrow()).value;
    expect(cfg.appId).toBe(t.config.wechatLogin!.appId);
    expect(cfg.sdkUrl).toBe('/wechat-sim/jweixin-1.6.0.js');
    expect((await t.app.inject({ method: 'GET', url: cfg.sdkUrl })).statusCode).toBe(200);
    expect(cfg.signature).toBe(createHash('sha1').update(jsapiSignatureBase({ ticket, nonceStr: cfg.nonceStr, timestamp: cfg.timestamp, url: 'http://127.0.0.1/uni/pages/wechat/mp?appId=wx1' })).digest('hex'));
    // The next page reuses the ticket rather than asking WeChat again.
    await t.call('wechat', 'js_config', { url: 'http://127.0.0.1/uni/pages/index/index' });
    expect((await t.db.selectFrom('wechat_tokens').select('value').where('kind', '=', 'jsapi_ticket').executeTakeFirstOrThrow()).value).toBe(ticket);
    expect((await t.call('wechat', 'js_config', { url: 'not a url' })).body.code).toBe(serverErrors.paramInvalid.code);
  });
});

describe('without WeChat configured', () => {
  it('production without the official account has no WeChat: no simulator routes, every action refused', async () => {
    const prod = loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: 'a-real-signing-secret-1234567890', FILE_TOKEN_SECRET: 'a-real-file-token-secret-1234567890', SANDBOX_PAYMENTS: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir });
    expect(prod.wechatLogin).toBeNull();
    const other = await buildApp({ config: { ...t.config, wechatLogin: null }, db: t.db, prepare: false, workers: false });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/wechat-sim/connect/oauth2/authorize?appid=x&redirect_uri=http://a/' })).statusCode).toBe(404);
      for (const [action, body] of [['authorize', { redirect: '/pages/login/wechat' }], ['login', { code: 'x' }], ['create', { linkToken: 'x.y' }], ['link', { linkToken: 'x.y', tel: '13800138000', code: '123456' }], ['js_config', { url: 'https://shop.example/' }]] as const) {
        const query = `action=${action}`;
        const payload = JSON.stringify(body);
        const res = await other.app.inject({ method: 'POST', url: `${API_BASE}${fullApi.wechat.path}?${query}`, headers: { ...signRequest(t.config.signing, { query, body: payload }), 'content-type': 'application/json' }, payload });
        expect(res.json<{ code: number }>().code, action).toBe(serverErrors.wechatUnavailable.code);
      }
    } finally {
      await other.app.close();
    }
  });
});
