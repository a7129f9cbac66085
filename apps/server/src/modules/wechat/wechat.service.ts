import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jsapiSignatureBase, serverErrors, WECHAT_JSSDK_URL, WECHAT_LINK_TTL_MS, type LoginResponse, type WechatJsConfig, type WechatLoginResult } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WechatLoginApi } from '../../providers/wechat-login.ts';
import { WECHAT_SIM_PREFIX } from '../../wechat-simulator/simulator.ts';
import { accountOfProvenPhone, createWechatUser, signInUser, type Caller } from '../accounts/account.service.ts';
import { consumeVerifiedCode } from '../accounts/verification-code.service.ts';
import * as wechat from './wechat.repository.ts';

type WechatConfig = NonNullable<Config['wechatLogin']>;

function available(config: Config, api: WechatLoginApi | null | undefined): { settings: WechatConfig; api: WechatLoginApi } {
  if (!config.wechatLogin || !api) throw new AppError(serverErrors.wechatUnavailable);
  return { settings: config.wechatLogin, api };
}

/** Where the browser is sent: WeChat's authorisation page, or the simulator's on this server. */
export async function authorizeUrl(config: Config, api: WechatLoginApi | null | undefined, input: { redirect: string }, origin: string) {
  const { settings } = available(config, api);
  const shop = config.publicUrl ?? origin;
  const openBase = settings.simulator ? `${shop}${WECHAT_SIM_PREFIX}` : settings.openBase;
  const state = randomBytes(12).toString('base64url');
  const q = new URLSearchParams({ appid: settings.appId, redirect_uri: `${shop}/uni${input.redirect}`, response_type: 'code', scope: settings.scope, state });
  return { url: `${openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`, state };
}

// --- link tokens: the WeChat identity, signed, for the few minutes linking takes ---------------

interface LinkClaim {
  openid: string;
  nickname: string | null;
  avatar: string | null;
  exp: number;
}

const linkKey = (config: Config) => createHmac('sha256', config.signing.secret).update('wechat-link-token').digest();

function signLink(config: Config, claim: LinkClaim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${body}.${createHmac('sha256', linkKey(config)).update(body).digest('base64url')}`;
}

function readLink(config: Config, token: string, now: number): LinkClaim {
  const [body, mac] = token.split('.');
  const expected = body ? createHmac('sha256', linkKey(config)).update(body).digest() : Buffer.alloc(0);
  const given = Buffer.from(mac ?? '', 'base64url');
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(serverErrors.wechatLinkExpired, 'linkToken');
  const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaim;
  if (claim.exp < now) throw new AppError(serverErrors.wechatLinkExpired, 'linkToken');
  return claim;
}

/**
 * Signs in with the code WeChat returned: the account linked to that WeChat, or, for a WeChat
 * the shop does not know, a link token to link it to an account (or make one).
 */
export async function login(db: Database, config: Config, api: WechatLoginApi | null | undefined, input: { code: string }, now: number): Promise<WechatLoginResult> {
  const wx = available(config, api);
  const grant = await wx.api.exchangeCode(input.code);
  if (!grant) throw new AppError(serverErrors.wechatCodeInvalid, 'code');
  const linked = await wechat.findAccountByOpenid(db, grant.openid);
  if (linked) return { status: 'signed-in', login: await signInUser(db, config, linked.user_id, now) };
  const profile = grant.scope.includes('snsapi_userinfo') ? await wx.api.userInfo(grant.accessToken, grant.openid) : { nickname: null, avatar: null };
  return { status: 'link', linkToken: signLink(config, { openid: grant.openid, ...profile, exp: now + WECHAT_LINK_TTL_MS }), nickname: profile.nickname, avatar: profile.avatar };
}

/** Links the WeChat to the account of a phone proven with a sign-in code, in one transaction with using the code up. */
export async function link(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { linkToken: string; tel: string; code: string }): Promise<LoginResponse> {
  available(config, api);
  const claim = readLink(config, input.linkToken, caller.now);
  const { userId, codeId } = await accountOfProvenPhone(db, caller, { tel: input.tel, code: input.code });
  await db.transaction().execute(async (tx) => {
    await attach(tx, claim.openid, userId, caller.now);
    await consumeVerifiedCode(tx, codeId, caller.now);
  });
  return signInUser(db, config, userId, caller.now);
}

/** A new account (user type 1) for the WeChat, named after its nickname. */
export async function create(db: Database, config: Config, api: WechatLoginApi | null | undefined, input: { linkToken: string }, now: number): Promise<LoginResponse> {
  available(config, api);
  const claim = readLink(config, input.linkToken, now);
  const userId = await db.transaction().execute(async (tx) => {
    // The same link token twice (a double tap): the WeChat already has its account.
    const existing = await wechat.findAccountByOpenid(tx, claim.openid);
    if (existing) return existing.user_id;
    const id = await createWechatUser(tx, config, { nickname: claim.nickname || `WeChat ${claim.openid.slice(-4)}`, avatar: claim.avatar }, now);
    await attach(tx, claim.openid, id, now);
    return id;
  });
  return signInUser(db, config, userId, now);
}

/** Links the WeChat to the account the customer just signed in to (signing in proved it is theirs). */
export async function linkSignedIn(db: Database, config: Config, api: WechatLoginApi | null | undefined, userId: number, input: { linkToken: string }, now: number): Promise<{ ok: true }> {
  available(config, api);
  const claim = readLink(config, input.linkToken, now);
  await db.transaction().execute((tx) => attach(tx, claim.openid, userId, now));
  return { ok: true };
}

/** One WeChat per account and one account per WeChat; the unique keys settle races. */
async function attach(tx: Executor, openid: string, userId: number, now: number): Promise<void> {
  const byOpenid = await wechat.findAccountByOpenid(tx, openid);
  if (byOpenid && byOpenid.user_id === userId) return;
  if (byOpenid || (await wechat.findAccountByUser(tx, userId))) throw new AppError(serverErrors.wechatAlreadyLinked, 'tel');
  try {
    await wechat.insertAccount(tx, { openid, userId, now });
  } catch {
    throw new AppError(serverErrors.wechatAlreadyLinked, 'tel');
  }
}

// --- JS-SDK ------------------------------------------------------------------------------------

/** A cached token, shared through the database by every server process; refreshed 5 minutes early. */
async function cached(db: Executor, kind: string, now: number, fetch: () => Promise<{ value: string; expiresIn: number }>): Promise<string> {
  const row = await wechat.findToken(db, kind);
  if (row && Number(row.expires_at) > now + 300_000) return row.value;
  const fresh = await fetch();
  await wechat.saveToken(db, { kind, value: fresh.value, expiresAt: now + fresh.expiresIn * 1000 });
  return fresh.value;
}

/** The JS-SDK configuration for a page of the shop, signed with the jsapi_ticket (SHA-1). */
export async function jsConfig(db: Database, config: Config, api: WechatLoginApi | null | undefined, input: { url: string }, now: number): Promise<WechatJsConfig> {
  const wx = available(config, api);
  const accessToken = await cached(db, 'access_token', now, async () => {
    const t = await wx.api.accessToken();
    return { value: t.token, expiresIn: t.expiresIn };
  });
  const ticket = await cached(db, 'jsapi_ticket', now, async () => {
    const t = await wx.api.jsapiTicket(accessToken);
    return { value: t.ticket, expiresIn: t.expiresIn };
  });
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(now / 1000);
  const signature = createHash('sha1').update(jsapiSignatureBase({ ticket, nonceStr, timestamp, url: input.url })).digest('hex');
  return { appId: wx.settings.appId, timestamp, nonceStr, signature, sdkUrl: wx.settings.simulator ? `${WECHAT_SIM_PREFIX}/jweixin-1.6.0.js` : WECHAT_JSSDK_URL };
}
