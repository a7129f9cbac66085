import { createHash, randomBytes } from 'node:crypto';
import { jsapiSignatureBase, serverErrors, WECHAT_JSSDK_URL, WECHAT_LINK_TTL_MS, type LoginResponse, type WechatJsConfig, type WechatLoginResult } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WechatLoginApi } from '../../providers/wechat-login.ts';
import { WECHAT_SIM_PREFIX } from '../../wechat-simulator/simulator.ts';
import { accountOfProvenPhone, createWechatUser, signInUser, type Caller } from '../accounts/account.service.ts';
import { checkProof } from '../accounts/proof-of-work.service.ts';
import { consumeVerifiedCode } from '../accounts/verification-code.service.ts';
import { enforce, LIMITS } from '../security/rate-limit.service.ts';
import { hashToken } from '../sessions/session-store.ts';
import * as wechat from './wechat.repository.ts';

type WechatConfig = NonNullable<Config['wechatLogin']>;

function available(config: Config, api: WechatLoginApi | null | undefined): { settings: WechatConfig; api: WechatLoginApi } {
  if (!config.wechatLogin || !api) throw new AppError(serverErrors.wechatUnavailable);
  return { settings: config.wechatLogin, api };
}

/** How long a tab has between asking for WeChat's page and coming back with the code. */
const STATE_TTL_MS = 10 * 60_000;

/**
 * Where the browser is sent: WeChat's authorisation page, or the simulator's on this server. The
 * state is random and kept (hashed) on the server: only the tab that asked for it can bring a
 * code back, once.
 */
export async function authorizeUrl(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { redirect: string }, origin: string) {
  const { settings } = available(config, api);
  await enforce(db, caller.now, LIMITS.wechatStartPerIp(caller.ip));
  const shop = config.publicUrl ?? origin;
  const openBase = settings.simulator ? `${shop}${WECHAT_SIM_PREFIX}` : settings.openBase;
  const state = randomBytes(16).toString('base64url');
  await wechat.insertSignIn(db, { stateHash: hashToken(state), ip: caller.ip, now: caller.now, expiresAt: caller.now + STATE_TTL_MS });
  const q = new URLSearchParams({ appid: settings.appId, redirect_uri: `${shop}/uni${input.redirect}`, response_type: 'code', scope: settings.scope, state });
  return { url: `${openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`, state };
}

// --- link tokens: a WeChat identity waiting to be linked, for the few minutes linking takes -----
// Random and stored hashed, bound to the state of the tab that started the sign-in, used once:
// nothing the shop's pages carry (the request-signing secret among them) can make one.

interface LinkClaim {
  openid: string;
  nickname: string | null;
  avatar: string | null;
}

async function readLink(db: Executor, input: { linkToken: string; state: string }, now: number): Promise<LinkClaim & { tokenHash: string }> {
  const tokenHash = hashToken(input.linkToken);
  const row = await wechat.findLink(db, tokenHash, hashToken(input.state), now);
  if (!row?.openid) throw new AppError(serverErrors.wechatLinkExpired, 'linkToken');
  return { openid: row.openid, nickname: row.nickname, avatar: row.avatar, tokenHash };
}

/** Uses the link token up in the transaction that links or creates; a second use is refused. */
async function spendLink(tx: Executor, tokenHash: string, now: number): Promise<void> {
  if (!(await wechat.spendLink(tx, tokenHash, now))) throw new AppError(serverErrors.wechatLinkExpired, 'linkToken');
}

/**
 * Signs in with the code WeChat returned, with the state this tab was given: the account linked to
 * that WeChat, or, for a WeChat the shop does not know, a link token to link it to an account (or
 * make one).
 */
export async function login(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { code: string; state: string }): Promise<WechatLoginResult> {
  const wx = available(config, api);
  const now = caller.now;
  // Before the call to WeChat: a stream of bogus codes costs one outbound call each.
  await enforce(db, now, LIMITS.wechatLoginPerIp(caller.ip));
  const stateHash = hashToken(input.state);
  if (!(await wechat.spendState(db, stateHash, now))) throw new AppError(serverErrors.wechatLinkExpired, 'state');
  const grant = await wx.api.exchangeCode(input.code);
  if (!grant) throw new AppError(serverErrors.wechatCodeInvalid, 'code');
  await enforce(db, now, LIMITS.wechatLoginPerOpenid(grant.openid));
  const linked = await wechat.findAccountByOpenid(db, grant.openid);
  if (linked) return { status: 'signed-in', login: await signInUser(db, config, linked.user_id, now) };
  const profile = grant.scope.includes('snsapi_userinfo') ? await wx.api.userInfo(grant.accessToken, grant.openid) : { nickname: null, avatar: null };
  const linkToken = randomBytes(32).toString('base64url');
  await wechat.saveLinkToken(db, { stateHash, openid: grant.openid, ...profile, tokenHash: hashToken(linkToken), expiresAt: now + WECHAT_LINK_TTL_MS });
  return { status: 'link', linkToken, nickname: profile.nickname, avatar: profile.avatar };
}

/** Links the WeChat to the account of a phone proven with a sign-in code, in one transaction with using the code and the link token up. */
export async function link(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { linkToken: string; state: string; tel: string; code: string }): Promise<LoginResponse> {
  available(config, api);
  await enforce(db, caller.now, LIMITS.wechatLinkPerIp(caller.ip));
  const claim = await readLink(db, input, caller.now);
  const { userId, codeId } = await accountOfProvenPhone(db, caller, { tel: input.tel, code: input.code });
  await db.transaction().execute(async (tx) => {
    await attach(tx, claim.openid, userId, caller.now);
    await consumeVerifiedCode(tx, codeId, caller.now);
    await spendLink(tx, claim.tokenHash, caller.now);
  });
  return signInUser(db, config, userId, caller.now);
}

/**
 * A new account (user type 1) for the WeChat, named after its nickname. It costs the same proof of
 * work as any sign-up, and is limited per address.
 */
export async function create(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { linkToken: string; state: string; seedId: string; solution: string }): Promise<LoginResponse> {
  available(config, api);
  await enforce(db, caller.now, LIMITS.wechatCreatePerIp(caller.ip));
  const claim = await readLink(db, input, caller.now);
  await checkProof(db, { seedId: input.seedId, purpose: 'register', solution: input.solution }, caller.now);
  const userId = await db.transaction().execute(async (tx) => {
    await spendLink(tx, claim.tokenHash, caller.now);
    if (await wechat.findAccountByOpenid(tx, claim.openid)) throw new AppError(serverErrors.wechatAlreadyLinked, 'linkToken');
    const id = await createWechatUser(tx, config, { nickname: claim.nickname || `WeChat ${claim.openid.slice(-4)}`, avatar: claim.avatar }, caller.now);
    await attach(tx, claim.openid, id, caller.now);
    return id;
  });
  return signInUser(db, config, userId, caller.now);
}

/** Links the WeChat to the account the customer just signed in to (signing in proved it is theirs). */
export async function linkSignedIn(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller & { userId: number }, input: { linkToken: string; state: string }): Promise<{ ok: true }> {
  available(config, api);
  await enforce(db, caller.now, LIMITS.wechatLinkPerUser(caller.userId), LIMITS.wechatLinkPerIp(caller.ip));
  const claim = await readLink(db, input, caller.now);
  await db.transaction().execute(async (tx) => {
    await attach(tx, claim.openid, caller.userId, caller.now);
    await spendLink(tx, claim.tokenHash, caller.now);
  });
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
export async function jsConfig(db: Database, config: Config, api: WechatLoginApi | null | undefined, caller: Caller, input: { url: string }): Promise<WechatJsConfig> {
  const wx = available(config, api);
  const now = caller.now;
  await enforce(db, now, LIMITS.wechatJsConfigPerIp(caller.ip));
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

/** Whether a WeChat is linked to the account (its data export). */
export async function wechatLinked(db: Executor, userId: number): Promise<boolean> {
  return (await wechat.findAccountByUser(db, userId)) !== undefined;
}

/** Unlinks the WeChat of an account being deleted: it can sign in to a new account afterwards. */
export async function unlinkWechat(tx: Executor, userId: number): Promise<void> {
  await wechat.deleteAccountsOfUser(tx, userId);
}

/** The scheduled round's share: sign-ins (OAuth states, link tokens) that expired before `before`, a batch at a time. */
export const pruneWechatSignIns = (db: Executor, before: number): Promise<number> => deleteInBatches((limit) => wechat.deleteExpiredSignIns(db, before, limit));
