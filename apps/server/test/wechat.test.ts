import { createHash, createHmac } from 'node:crypto';
import { API_BASE, fullApi, jsapiSignatureBase, Role, serverErrors, signRequest, UserType } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { wrongProof } from './fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
beforeAll(async () => {
  // The WeChat simulator answers over HTTP on this server, as WeChat would.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

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
/** The state a tab is given when it starts a WeChat sign-in. */
const startState = async (ip?: string) => {
  const res = await t.call('wechat', 'authorize', { redirect: '/pages/login/wechat' }, ip ? { ip } : {});
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data!.state;
};
/** A WeChat the shop does not know, back from WeChat: its link token and the state of its tab. */
const linkToken = async (openid: string, nickname = '小王') => {
  const state = await startState();
  const res = await t.call('wechat', 'login', { code: await codeFor(openid, nickname), state });
  expect(res.body.data).toMatchObject({ status: 'link', nickname });
  return { linkToken: (res.body.data as { linkToken: string }).linkToken, state };
};
const loginAs = async (openid: string) => t.call('wechat', 'login', { code: await codeFor(openid), state: await startState() });
const create = async (link: { linkToken: string; state: string }, ip?: string) => t.call('wechat', 'create', { ...link, ...(await t.proof('register')) }, ip ? { ip } : {});

describe('WeChat sign-in', () => {
  it('sends the browser to the official account’s OAuth page (the simulator here) with a state kept by the server', async () => {
    const res = await t.call('wechat', 'authorize', { redirect: '/pages/login/wechat' });
    expect(res.body.code).toBe(0);
    const state = res.body.data!.state;
    const url = new URL(res.body.data!.url);
    expect(url.pathname).toBe('/wechat-sim/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ appid: t.config.wechatLogin!.appId, response_type: 'code', scope: 'snsapi_userinfo', state });
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/uni\/pages\/login\/wechat$/);
    // The page's "Allow" comes back to the shop with a code and the state.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const allow = await t.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ redirect_uri: url.searchParams.get('redirect_uri')!, state, scope: 'snsapi_userinfo', openid: 'oPageUser', nickname: 'Page', decision: 'allow' }).toString() });
    expect(allow.statusCode).toBe(302);
    const back = new URL(allow.headers.location as string);
    expect(back.searchParams.get('state')).toBe(state);
    // The server keeps only a hash of the state.
    expect(await t.db.selectFrom('wechat_sign_ins').select('state_hash').where('state_hash', '=', state).execute()).toEqual([]);
    expect((await t.call('wechat', 'login', { code: back.searchParams.get('code')!, state })).body.data).toMatchObject({ status: 'link', nickname: 'Page' });
    expect((await t.call('wechat', 'authorize', { redirect: 'https://evil.example/' })).body.code).toBe(serverErrors.paramInvalid.code);
  });

  it('links an unknown WeChat to the account of a phone (sign-in code), then signs that account in by WeChat alone', async () => {
    const { userId, tel } = await customerWithPhone();
    const link = await linkToken('oLinkUser1');
    const code = await t.sendCode(tel, 'login');
    const res = await t.call('wechat', 'link', { ...link, tel, code });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data!.data.id).toBe(userId);
    expect(await linksOf(userId)).toMatchObject([{ openid: 'oLinkUser1' }]);
    const me = await t.call('user', 'info', {}, { token: res.body.data!.token });
    expect(me.body.data!.id).toBe(userId);

    const again = await loginAs('oLinkUser1');
    expect(again.body.data).toMatchObject({ status: 'signed-in', login: { data: { id: userId } } });
    // The code was used up with the link.
    expect((await t.call('wechat', 'link', { ...(await linkToken('oLinkUser2')), tel, code })).body.code).not.toBe(0);
  });

  it('makes a new account of user type 1 for a WeChat that wants none linked, once, for a proof of work', async () => {
    const link = await linkToken('oNewUser1', '新用户');
    // No proof of work, or a wrong one: no account.
    expect((await t.call('wechat', 'create', link)).body.code).toBe(serverErrors.paramMissing.code);
    const challenge = (await t.call('seed', 'image_code', { purpose: 'register' })).body.data;
    expect((await t.call('wechat', 'create', { ...link, seedId: challenge.seedId, solution: wrongProof(challenge.nonce, challenge.difficulty) })).body.code).toBe(serverErrors.proofIncorrect.code);
    const loginProof = await t.proof('login');
    expect((await t.call('wechat', 'create', { ...link, ...loginProof })).body.code).toBe(serverErrors.proofOtherPurpose.code);
    expect(await t.db.selectFrom('wechat_accounts').selectAll().where('openid', '=', 'oNewUser1').execute()).toEqual([]);

    const first = await create(link);
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const userId = first.body.data!.data.id;
    expect(first.body.data!.data.nickname).toBe('新用户');
    const row = await t.db.selectFrom('users').select(['user_type', 'tel', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_type: UserType.officialAccount, tel: null, email: null, password_hash: null });
    // The link token is used once: a second use (a double tap, a replay) makes nothing.
    expect((await create(link)).body).toMatchObject({ code: serverErrors.wechatLinkExpired.code, field: 'linkToken' });
    expect((await loginAs('oNewUser1')).body.data).toMatchObject({ status: 'signed-in', login: { data: { id: userId } } });
  });

  it('asks nothing of a snsapi_base sign-in but the link (no profile)', async () => {
    const res = await t.call('wechat', 'login', { code: await codeFor('oBaseUser', 'ignored', 'snsapi_base'), state: await startState() });
    expect(res.body.data).toMatchObject({ status: 'link', nickname: null, avatar: null });
  });

  it('refuses a wrong or used code, an unknown or used state, a forged, foreign or expired link token, a wrong phone code and a second WeChat, writing nothing', async () => {
    expect((await t.call('wechat', 'login', { code: 'nope', state: await startState() })).body).toMatchObject({ code: serverErrors.wechatCodeInvalid.code, field: 'code' });
    const used = await codeFor('oUsedCode');
    const usedState = await startState();
    await t.call('wechat', 'login', { code: used, state: usedState });
    expect((await t.call('wechat', 'login', { code: used, state: await startState() })).body.code).toBe(serverErrors.wechatCodeInvalid.code);
    // A state is good for one code, and only a state this server gave out is good at all.
    expect((await t.call('wechat', 'login', { code: await codeFor('oUsedState'), state: usedState })).body).toMatchObject({ code: serverErrors.wechatLinkExpired.code, field: 'state' });
    expect((await t.call('wechat', 'login', { code: await codeFor('oUsedState'), state: 'a-state-of-my-own-making' })).body).toMatchObject({ code: serverErrors.wechatLinkExpired.code, field: 'state' });
    expect((await t.call('wechat', 'login', { code: await codeFor('oUsedState') })).body.code).toBe(serverErrors.paramMissing.code);

    const { userId, tel } = await customerWithPhone();
    const link = await linkToken('oRefused1');
    // The old token format, signed with a key derived from the signing secret every page carries.
    const key = createHmac('sha256', t.config.signing.secret).update('wechat-link-token').digest();
    const body = Buffer.from(JSON.stringify({ openid: 'oRefused1', nickname: null, avatar: null, exp: Date.now() + 60_000 })).toString('base64url');
    const forged = `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    expect((await create({ linkToken: forged, state: link.state })).body.code).not.toBe(0);
    expect((await create({ linkToken: forged.slice(0, 100), state: link.state })).body).toMatchObject({ code: serverErrors.wechatLinkExpired.code, field: 'linkToken' });
    // The right token with another tab's state.
    expect((await create({ linkToken: link.linkToken, state: await startState() })).body.code).toBe(serverErrors.wechatLinkExpired.code);
    // Out of date.
    await t.db.updateTable('wechat_sign_ins').set({ link_expires_at: Date.now() - 1 }).where('state_hash', '=', createHash('sha256').update(link.state).digest('hex')).execute();
    expect((await t.call('wechat', 'link', { ...link, tel, code: '123456' })).body.code).toBe(serverErrors.wechatLinkExpired.code);

    const fresh = await linkToken('oRefused1');
    const code = await t.sendCode(tel, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('wechat', 'link', { ...fresh, tel, code: wrong })).body.code).not.toBe(0);
    expect((await t.call('wechat', 'link', { ...fresh, tel: '123', code })).body.code).toBe(serverErrors.paramInvalid.code);
    expect(await linksOf(userId)).toEqual([]);

    // One WeChat per account: an account already linked (earlier) refuses a second WeChat, code unused.
    await t.db.insertInto('wechat_accounts').values({ openid: 'oRefused1', user_id: userId, created_at: Date.now() }).execute();
    const second = await linkToken('oRefused2');
    expect((await t.call('wechat', 'link', { ...second, tel, code })).body).toMatchObject({ code: serverErrors.wechatAlreadyLinked.code });
    expect(await linksOf(userId)).toMatchObject([{ openid: 'oRefused1' }]);
    expect(await t.db.selectFrom('wechat_accounts').selectAll().where('openid', '=', 'oRefused2').execute()).toEqual([]);
    // The refused link did not use the token up: the right account can still be made with it.
    expect((await create(second)).body.code).toBe(0);
  });

  it('links the WeChat to the account the customer signed in to, once; not to a second account, not signed out', async () => {
    const me = await t.signIn();
    const link = await linkToken('oSignedIn1');
    expect((await t.call('wechat', 'link_signed_in', link)).body.code).toBe(serverErrors.unauthenticated.code);
    const res = await t.call('wechat', 'link_signed_in', link, { token: me.token });
    expect(res.body).toMatchObject({ code: 0, data: { ok: true } });
    expect((await loginAs('oSignedIn1')).body.data).toMatchObject({ status: 'signed-in', login: { data: { id: me.userId } } });
    const other = await t.signIn();
    // A used token links nobody else.
    expect((await t.call('wechat', 'link_signed_in', link, { token: other.token })).body.code).toBe(serverErrors.wechatLinkExpired.code);
    expect((await t.call('wechat', 'link_signed_in', await linkToken('oSignedIn2'), { token: me.token })).body.code).toBe(serverErrors.wechatAlreadyLinked.code);
    expect(await linksOf(other.userId)).toEqual([]);
  });

  it('refuses a blacklisted account linked to a WeChat', async () => {
    const userId = (await create(await linkToken('oBlocked'))).body.data!.data.id;
    await t.db.updateTable('users').set({ status: 'blacklisted' }).where('id', '=', userId).execute();
    expect((await loginAs('oBlocked')).body.code).toBe(serverErrors.accountBlacklisted.code);
  });

  it('knowing a customer’s openid and every secret the shop’s pages carry signs in as nobody', async () => {
    const victim = (await create(await linkToken('oVictim', 'Victim'))).body.data!.data.id;
    // What an attacker can do with the signing secret: make tokens and states of their own.
    const key = createHmac('sha256', t.config.signing.secret).update('wechat-link-token').digest();
    const body = Buffer.from(JSON.stringify({ openid: 'oVictim', nickname: null, avatar: null, exp: Date.now() + 60_000 })).toString('base64url');
    const forged = `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    const state = await startState();
    for (const linkToken of [forged, forged.slice(0, 100)]) expect((await create({ linkToken, state })).body.code).not.toBe(0);
    const attacker = await t.signIn();
    for (const linkToken of [forged, forged.slice(0, 100)]) expect((await t.call('wechat', 'link_signed_in', { linkToken, state }, { token: attacker.token })).body.code).not.toBe(0);
    expect(await linksOf(attacker.userId)).toEqual([]);
    expect(await t.db.selectFrom('wechat_accounts').select('user_id').where('openid', '=', 'oVictim').execute()).toEqual([{ user_id: victim }]);
  });

  it('limits starts and codes per address before calling WeChat, and new accounts per address', async () => {
    const ip = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) answers.push((await t.call('wechat', 'authorize', { redirect: '/pages/login/wechat' }, { ip })).body.code);
    expect(answers.slice(0, 30).every((c) => c === 0)).toBe(true);
    expect(answers[30]).toBe(serverErrors.tooFrequent.code);
    const codes: number[] = [];
    const loginIp = '203.0.113.78';
    for (let i = 0; i < 31; i += 1) codes.push((await t.call('wechat', 'login', { code: `bogus${i}`, state: await startState() }, { ip: loginIp })).body.code);
    expect(codes.slice(0, 30).every((c) => c === serverErrors.wechatCodeInvalid.code)).toBe(true);
    expect(codes[30]).toBe(serverErrors.tooFrequent.code);
    const createIp = '203.0.113.79';
    const made: number[] = [];
    for (let i = 0; i < 11; i += 1) made.push((await create(await linkToken(`oLoop${i}`), createIp)).body.code);
    expect(made.slice(0, 10).every((c) => c === 0)).toBe(true);
    expect(made[10]).toBe(serverErrors.tooFrequent.code);
    expect(await t.db.selectFrom('wechat_accounts').selectAll().where('openid', '=', 'oLoop10').execute()).toEqual([]);
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
    const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', SIGNING_SECRET: 'prod-signing-Kd8Wm3Qz6Xb1Rn9Lt4Hv7Yc2Gp5Js0Fe', FILE_TOKEN_SECRET: 'prod-file-token-Zr2Mx7Pb4Wk9Nd1Qv6Lc3Hy8Gt5Js0A', SANDBOX_PAYMENTS: 'false', LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir });
    expect(prod.wechatLogin).toBeNull();
    const other = await buildApp({ config: { ...t.config, wechatLogin: null }, db: t.db, prepare: false, workers: false });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/wechat-sim/connect/oauth2/authorize?appid=x&redirect_uri=http://a/' })).statusCode).toBe(404);
      for (const [action, body] of [['authorize', { redirect: '/pages/login/wechat' }], ['login', { code: 'x', state: 'x'.repeat(22) }], ['create', { linkToken: 'x.y', state: 'x'.repeat(22), seedId: 's', solution: '1' }], ['link', { linkToken: 'x.y', state: 'x'.repeat(22), tel: '13800138000', code: '123456' }], ['js_config', { url: 'https://shop.example/' }]] as const) {
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
