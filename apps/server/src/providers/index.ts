import type { Config } from '../config.ts';
import { createStripeProvider, type CardProvider } from './stripe.ts';
import { createWechatPayProvider, type WechatPayProvider } from './wechat-pay.ts';
import { createSmdpProvider, type SmdpProvider } from './smdp.ts';
import { createCarrierSimulator, createHttpCarrier, type CarrierProvider } from './carrier.ts';
import { createWechatLoginApi, type WechatLoginApi } from './wechat-login.ts';

/** External services the shop talks to, each present only when configured. */
export interface Providers {
  card: CardProvider | null;
  wechat: WechatPayProvider | null;
  smdp: SmdpProvider | null;
  carrier: CarrierProvider | null;
  /** WeChat sign-in and JS-SDK: the official account, or the built-in simulator. */
  wechatLogin?: WechatLoginApi | null;
}

/** `localBase` is this server's own address, where the built-in SM-DP+ simulator answers. */
export function createProviders(config: Config, localBase: () => string): Providers {
  const smdpUrl = config.smdp.url ?? (config.smdp.simulator ? () => `${localBase()}/smdp-sim` : null);
  return {
    card: config.stripe ? createStripeProvider(config.stripe) : null,
    wechat: config.wechat ? createWechatPayProvider(config.wechat) : null,
    carrier: config.carrier.url ? createHttpCarrier(config.carrier.url, config.carrier.token) : config.carrier.simulator ? createCarrierSimulator({ dataDir: config.dataDir }) : null,
    wechatLogin: wechatLoginApi(config, localBase),
    smdp: smdpUrl ? createSmdpProvider({ baseUrl: typeof smdpUrl === 'string' ? () => smdpUrl : smdpUrl, apiKey: config.smdp.apiKey, requester: config.smdp.requester }) : null,
  };
}

function wechatLoginApi(config: Config, localBase: () => string): WechatLoginApi | null {
  const wechat = config.wechatLogin;
  if (!wechat) return null;
  const baseUrl = wechat.simulator ? () => `${localBase()}/wechat-sim` : () => wechat.apiBase;
  return createWechatLoginApi({ baseUrl, appId: wechat.appId, appSecret: wechat.appSecret });
}
