/**
 * The path of every domain of the API table (`api.ts`), and nothing else: the shop's client
 * takes its paths from here so that its first screen does not load every zod schema of the
 * contract along with the table. `api.ts` builds its endpoints from
 * these paths and fails to typecheck when a domain of `api` has no path here (or another one).
 */
export const API_BASE = '/fetch';
export const DOWNLOAD_PATH = '/mall/v2/download';

export const API_PATHS = {
  article: '/mall/article.do',
  blog: '/mall/blog.do',
  store: '/mall/store.do',
  merchant: '/mall/merchant.do',
  tools: '/mall/tools.do',
  wechat: '/mall/wechat.do',
  esim: '/mall/authc/v2/esim.do',
  message: '/mall/message.do',
  resellerMessage: '/mall/resell/message.do',
  shopSettings: '/mall/shop/settings.do',
  push: '/mall/push.do',
  sim: '/mall/authc/sim.do',
  supsim: '/mall/authc/v2/supsim.do',
  upload: '/mall/authc/upload.do',
  esimSelfAdd: '/v3/esim/mall/add/self/number.do',
  address: '/v3/main/mall/user/address.do',
  billing: '/v3/sim/mall/billing.do',
  charge: '/v3/sim/mall/charge.do',
  ecodeCustomize: '/v3/esim/mall/ecode/customize.do',
  ecodeManage: '/v3/esim/mall/ecode/manage.do',
  balance: '/v3/esim/mall/balance.do',
  apiKey: '/v3/esim/mall/reseller/api-key.do',
  assistant: '/v3/esim/mall/assistant.do',
  webhook: '/v3/esim/mall/reseller/webhook.do',
  resellerNumber: '/v3/esim/mall/number/reseller.do',
  esimSearch: '/v3/esim/mall/search/number.do',
  jsonContent: '/v3/main/mall/json-content.do',
  login: '/v3/main/mall/login.do',
  resellerLogin: '/v3/main/mall/reseller/login.do',
  coupon: '/mall/coupon.do',
  order: '/v3/order/mall/order.do',
  item: '/v3/order/mall/item.do',
  product: '/v3/order/mall/product.do',
  label: '/v3/order/mall/label.do',
  seed: '/v3/sim/mall/seed.do',
  seedAuthc: '/v3/sim/mall/authc/seed.do',
  user: '/v3/main/mall/user.do',
  resellerUser: '/v3/main/mall/reseller/user.do',
  codeSend: '/v3/main/mall/code/send.do',
  volume: '/v3/sim/mall/volume.do',
} as const;

export type ApiPathDomain = keyof typeof API_PATHS;
