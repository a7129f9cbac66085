import type { Config } from '../config.ts';
import { createStripeProvider, type CardProvider } from './stripe.ts';
import { createWechatPayProvider, type WechatPayProvider } from './wechat-pay.ts';

/** External services the shop talks to, each present only when configured. */
export interface Providers {
  card: CardProvider | null;
  wechat: WechatPayProvider | null;
}

export function createProviders(config: Config): Providers {
  return {
    card: config.stripe ? createStripeProvider(config.stripe) : null,
    wechat: config.wechat ? createWechatPayProvider(config.wechat) : null,
  };
}
