import type { Language } from '@simshop/contract';
import { accountTexts } from './account-texts';
import { articleTexts } from './article-texts';
import { blogTexts } from './blog-texts';
import { checkoutTexts } from './checkout-texts';
import { couponTexts } from './coupon-texts';
import { ecodeTexts } from './ecode-texts';
import { esimTexts } from './esim-texts';
import { labelTexts } from './label-texts';
import { messagesTexts } from './messages-texts';
import { resellerTexts } from './reseller-texts';
import { shopTexts } from './shop-texts';
import { storeTexts } from './store-texts';
import { storefrontTexts } from './storefront-texts';
import { toolsTexts } from './tools-texts';
import { wechatTexts } from './wechat-texts';
import { merchantTexts } from './merchant-texts';

/** Every domain's page texts, one table per domain, in both languages. */
export const domainTexts = { account: accountTexts, shop: shopTexts, esim: esimTexts, ecode: ecodeTexts, reseller: resellerTexts, messages: messagesTexts, article: articleTexts, label: labelTexts, coupon: couponTexts, storefront: storefrontTexts, blog: blogTexts, store: storeTexts, tools: toolsTexts, wechat: wechatTexts, checkout: checkoutTexts, merchant: merchantTexts } as const;

/**
 * The texts only pages use, kept out of the first screen: loaded in parallel with the first
 * page, and every lazy page waits for them (router), so a page never shows a raw key.
 */
export const pageTexts = Object.fromEntries(
  (['en', 'zh-Hans'] as const).map((lang) => [lang, Object.assign({}, ...Object.values(domainTexts).map((d) => d[lang])) as Record<string, string>]),
) as Record<Language, Record<string, string>>;
