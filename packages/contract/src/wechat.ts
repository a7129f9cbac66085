import { z } from 'zod';
import { loginResponse, powSolutionSchema } from './accounts.ts';
import { phoneSchema, verificationCodeSchema } from './validation.ts';

/**
 * WeChat. Inside WeChat's browser a customer signs in with the official account
 * (OAuth 2.0, `snsapi_base` or `snsapi_userinfo`; the account is user type 1). A WeChat the shop
 * does not know yet is linked to an existing account by that account's phone and a sign-in code,
 * or becomes a new account. The JS-SDK configuration the server signs lets the page use the
 * open tag `wx-open-launch-weapp` for `mp` links.
 */
export const WECHAT_SCOPES = ['snsapi_base', 'snsapi_userinfo'] as const;
export type WechatScope = (typeof WECHAT_SCOPES)[number];

/** Where WeChat sends the browser back to: a page of the shop (`/pages/...`). */
export const wechatAuthorizeRequest = z.object({ redirect: z.string().regex(/^\/pages\/[A-Za-z0-9/_-]+$/).max(200) });
export const wechatAuthorizeResponse = z.object({
  /** WeChat's authorisation page; the shop sends the browser there. */
  url: z.string(),
  /**
   * Comes back with the code; the browser checks it is the one it sent and passes it on with the
   * code and the link token: the server keeps it (hashed) and accepts each once.
   */
  state: z.string(),
});

/** The OAuth state the tab was given by `authorize`. */
const wechatStateSchema = z.string().min(16).max(64);
/** A link token: random, kept hashed by the server, used once. */
const linkTokenSchema = z.string().min(1).max(100);

export const wechatLoginRequest = z.object({ code: z.string().trim().min(1).max(128), state: wechatStateSchema });
export const wechatLoginResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed-in'), login: loginResponse }),
  z.object({
    status: z.literal('link'),
    /** Names the WeChat identity for `link`, `create` or `link_signed_in`, once, with the same state, for a short while. */
    linkToken: z.string(),
    /** snsapi_userinfo only. */
    nickname: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
]);
export type WechatLoginResult = z.infer<typeof wechatLoginResponse>;

export const wechatLinkRequest = z.object({ linkToken: linkTokenSchema, state: wechatStateSchema, tel: phoneSchema, code: verificationCodeSchema });
export const wechatLinkSignedInRequest = z.object({ linkToken: linkTokenSchema, state: wechatStateSchema });
/** A new account costs the same proof of work as any sign-up (a `register` challenge). */
export const wechatCreateRequest = wechatLinkSignedInRequest.extend({ seedId: z.string().min(1).max(64), solution: powSolutionSchema });

export const wechatJsConfigRequest = z.object({ url: z.url().max(1000) });
export const wechatJsConfigResponse = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
  /** The JS-SDK script to load: WeChat's, or the simulator's stand-in. */
  sdkUrl: z.string(),
});
export type WechatJsConfig = z.infer<typeof wechatJsConfigResponse>;

/** WeChat's JS-SDK (the open tags need 1.6.0 or later). */
export const WECHAT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** How long the link token lasts: enough to receive and type an SMS code. */
export const WECHAT_LINK_TTL_MS = 15 * 60_000;

/** The string the JS-SDK signature is the SHA-1 of (keys in ASCII order, the URL without `#…`). */
export function jsapiSignatureBase(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  return `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url.split('#')[0]}`;
}
