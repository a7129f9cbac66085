import { z } from 'zod';
import type { Permission } from './admin/permissions.ts';
import { API_PATHS } from './api-paths.ts';
import { addressDeleteRequest, addressInputSchema, addressListRequest, addressListResponse, addressSaveResponse } from './addresses.ts';
import { claimableCouponsRequest, claimCouponRequest, couponListResponse, myCouponsRequest, shopCouponSchema } from './coupons.ts';
import { cartListRequest, cartRemoveRequest, cartResponse, cartSaveRequest, cartSaveResponse, cartSelectRequest, cartUpdateRequest } from './cart.ts';
import { alternativesRequest, alternativesResponse, stockNoticeRequest, stockNoticeResponse } from './stock-notices.ts';
import { commentSchema, commentsRequest, commentsResponse, labelDetailRequest, labelListRequest, orderReviewsRequest, orderReviewsResponse, productDetailRequest, productDetailSchema, productListRequest, productListResponse, writeReviewRequest } from './catalogue.ts';
import { labelListResponse, productLabelSchema } from './labels.ts';
import {
  createOrderRequest,
  modifyAddressRequest,
  orderDetailSchema,
  orderDraftSchema,
  orderListRequest,
  orderListResponse,
  orderPreviewResponse,
  orderRefRequest,
  refundRequest,
} from './orders.ts';
import { paymentMethodsResponse, payRequest, payResponse } from './payments.ts';
import { bindDeviceRequest, lineCodeRequest, lineCodeResponse, deviceDetailSchema, deviceListResponse, deviceRefRequest, deviceSchema, rechargeListRequest, rechargeListResponse, roamingListResponse, volumeRequest, volumeSchema } from './devices.ts';
import { billingListRequest, billingListResponse } from './billing.ts';
import { jtQueryRequest, jtResultSchema, setHplmnRequest, supsimBindRequest, supsimDetailSchema, supsimListResponse, supsimRefRequest, supsimSchema } from './supsim.ts';
import { esimAddDataRequest, esimAddDataResponse, esimAddonsRequest, esimAddonsResponse } from './esim-addons.ts';
import { pushEndpointRequest, pushKeyResponse, pushStatusResponse, pushSubscriptionSchema } from './web-push.ts';
import { esimListRequest, esimListResponse, esimRefRequest, esimRemarkRequest, esimSchema, esimSearchRequest, esimSearchResponse, esimSelfAddRequest } from './esim.ts';
import { getCacheRequest, getCacheResponse } from './content.ts';
import { balanceGetRequest, balanceGetResponse, topupRequest, topupResponse } from './balance.ts';
import { generateBatchesRequest, generateBatchesResponse, generateClassesRequest, generateClassesResponse, generateRequest, generateResponse, resellerEsimExportRequest, resellerEsimListRequest, resellerEsimListResponse, resellerEsimSearchRequest, resellerEsimSearchResponse } from './reseller-esim.ts';
import { exportResponse } from './exports.ts';
import { apiKeyEndpoint } from './reseller-api/api-keys.ts';
import { assistantListRequest, assistantListResponse, assistantRevokeRequest } from './mcp/assistants.ts';
import { webhookEndpoint } from './reseller-api/webhooks.ts';
import { notificationSettingsSchema, notificationSettingsUpdate } from './notifications.ts';
import { messageListRequest, messageListResponse, messageSchema, messageSendRequest, messageUnreadResponse } from './messages.ts';
import { contactChannelsSchema } from './shop-settings.ts';
import { apnListResponse, dataPlansRequest, dataPlansResponse, toolListResponse } from './tools.ts';
import { wechatAuthorizeRequest, wechatAuthorizeResponse, wechatCreateRequest, wechatJsConfigRequest, wechatJsConfigResponse, wechatLinkRequest, wechatLinkSignedInRequest, wechatLoginRequest, wechatLoginResponse } from './wechat.ts';
import { articleDetailRequest, articleListRequest, articleListResponse, articleSchema } from './articles.ts';
import { blogDetailRequest, blogListRequest, blogListResponse, blogPostSchema } from './blog.ts';
import { storeDetailRequest, storeListRequest, storeListResponse, storeSchema } from './stores.ts';
import { myResellerApplicationResponse, resellerApplicationSchema, resellerApplyRequest } from './reseller-applications.ts';
import { merchantApplyRequest, merchantApplicationSchema, merchantDetailRequest, merchantDetailResponse, merchantListRequest, merchantListResponse, myMerchantApplicationResponse } from './merchant-shop.ts';
import { ecodeDeleteRequest, ecodeExportRequest, ecodeExportResponse, ecodeItemSchema, ecodeListRequest, ecodeListResponse, ecodeMarkSoldRequest, ecodeSearchRequest, ecodeSearchResponse, qpeCustomizeRequest, qpeFetchRequest, qpeResultSchema } from './ecode.ts';
import { emptyRequest, setCurrencyRequest, userInfoSchema } from './users.ts';
import { deleteAccountRequest, exportDataRequest, exportDataResponse } from './my-data.ts';
import {
  bindEmailRequest,
  bindTelRequest,
  createResellerResponse,
  powChallengeRequest,
  powChallengeResponse,
  loginCodeRequest,
  loginPasswordRequest,
  loginResponse,
  modifyPasswordRequest,
  okResponse,
  registerRequest,
  resetPasswordRequest,
  resellerLoginCodeRequest,
  resellerLoginPasswordRequest,
  sendCodeRequest,
  sendCodeResponse,
  unbindRequest,
  updateProfileRequest,
  uploadResponse,
} from './accounts.ts';

/**
 * The wire (SPEC §7, DESIGN §3): `POST /fetch<path>?action=<name>` with a JSON body.
 * This file is the one list of paths and of the actions each accepts, with their request and
 * response schemas. The server dispatches from it, the web client types its calls with it and
 * OpenAPI is generated from it. Domains add their actions here as they are built.
 */
// Kept here for those who import them from the API table; they live in api-paths.ts, schema-free.
export { API_BASE, API_PATHS, DOWNLOAD_PATH } from './api-paths.ts';

/** Who may call an action: anyone, a signed-in customer, a reseller, or staff (admin endpoints). */
export type Access = 'public' | 'user' | 'reseller' | 'staff';

export interface ActionDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly access: Access;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** Admin actions: the permission a staff member needs (null: any staff member). */
  readonly permission?: Permission | null;
  /** Admin actions: the action changes something and leaves an audit row. */
  readonly write?: boolean;
}

/** Keeps the literal access level, so handlers of public actions are typed with an optional session. */
export const defineAction = <Req extends z.ZodType, Res extends z.ZodType, Acc extends Access>(def: ActionDef<Req, Res> & { readonly access: Acc }): ActionDef<Req, Res> & { readonly access: Acc } => def;

export interface EndpointDef {
  readonly path: string;
  readonly summary: string;
  /** multipart uploads are not signed over their body (SPEC §7). */
  readonly unsignedBody?: boolean;
  readonly actions: Readonly<Record<string, ActionDef>>;
}

/** user.do and reseller/user.do share the profile actions; only who may call them differs (SPEC §6). */
function profileActions<Acc extends 'user' | 'reseller'>(access: Acc) {
  return {
    info: defineAction({ access, summary: 'The signed-in user', request: emptyRequest, response: userInfoSchema }),
    update: defineAction({ access, summary: 'Change nickname, name or avatar', request: updateProfileRequest, response: userInfoSchema }),
    modify_password: defineAction({ access, summary: 'Change the password (old must match; signs out other sessions)', request: modifyPasswordRequest, response: okResponse }),
    bind_tel: defineAction({ access, summary: 'Bind a phone number with a code sent to it', request: bindTelRequest, response: userInfoSchema }),
    unbind_tel: defineAction({ access, summary: 'Unbind the phone number with a code sent to it', request: unbindRequest, response: userInfoSchema }),
    bind_email: defineAction({ access, summary: 'Bind an email address with a code sent to it', request: bindEmailRequest, response: userInfoSchema }),
    unbind_email: defineAction({ access, summary: 'Unbind the email address with a code sent to it', request: unbindRequest, response: userInfoSchema }),
    set_currency: defineAction({ access, summary: 'Sets the currency prices, the cart and new orders are in (null: the language\'s default); a product without a price in it stays in its own', request: setCurrencyRequest, response: userInfoSchema }),
    notifications: defineAction({ access, summary: 'The language of the messages the shop sends and which optional ones are on', request: emptyRequest, response: notificationSettingsSchema }),
    set_notifications: defineAction({ access, summary: 'Changes the language of the messages or turns optional ones (chat answered, usage alerts) on or off', request: notificationSettingsUpdate, response: notificationSettingsSchema }),
    export_data: defineAction({ access, summary: 'Everything the shop keeps about the caller (account, addresses, orders with items, eSIMs, messages, balances and ledger, devices) as one readable document', request: exportDataRequest, response: exportDataResponse }),
    delete_account: defineAction({ access, summary: 'Deletes the account: `confirm` must be the account as shown (e-mail, else phone); refused while a balance holds money or an order is unpaid or in progress. Personal data is removed, orders are kept anonymised; every session ends', request: deleteAccountRequest, response: okResponse }),
  };
}

/** message.do and resell/message.do are one conversation; only who may call them differs. */
function chatActions<Acc extends 'user' | 'reseller'>(access: Acc) {
  return {
    list: defineAction({ access, summary: "The caller's conversation with the shop: newest page, older with `before`, newer with `after`", request: messageListRequest, response: messageListResponse }),
    send: defineAction({ access, summary: 'Sends a message to the shop', request: messageSendRequest, response: messageSchema }),
    read: defineAction({ access, summary: "Marks the shop's messages read; returns what is left unread", request: emptyRequest, response: messageUnreadResponse }),
    unread: defineAction({ access, summary: "How many of the shop's messages are unread", request: emptyRequest, response: messageUnreadResponse }),
  };
}

const endpoint = <P extends string, A extends Record<string, ActionDef>>(path: P, summary: string, actions: A, extra: { unsignedBody?: boolean } = {}) =>
  ({ path, summary, actions, ...extra }) as const;

export const api = {
  article: endpoint(API_PATHS.article, 'Articles (tutorials)', {
    list: defineAction({ access: 'public', summary: 'Published tutorials in the language asked for (English where no Chinese text)', request: articleListRequest, response: articleListResponse }),
    detail: defineAction({ access: 'public', summary: 'One published tutorial with its content', request: articleDetailRequest, response: articleSchema }),
  }),
  blog: endpoint(API_PATHS.blog, 'Blog', {
    list: defineAction({ access: 'public', summary: 'Published blog posts, newest first, of one category or all', request: blogListRequest, response: blogListResponse }),
    detail: defineAction({ access: 'public', summary: 'One published blog post with its body and the related products on sale', request: blogDetailRequest, response: blogPostSchema }),
  }),
  store: endpoint(API_PATHS.store, 'Physical stores', {
    list: defineAction({ access: 'public', summary: 'Every open store with its hours and coordinates (the shop sorts by distance itself); pickup: only stores that hand out orders', request: storeListRequest, response: storeListResponse }),
    detail: defineAction({ access: 'public', summary: 'One store', request: storeDetailRequest, response: storeSchema }),
  }),
  tools: endpoint(API_PATHS.tools, 'Tools plugin', {
    list: defineAction({ access: 'public', summary: 'The tools the owner enabled, in the owner\'s order', request: emptyRequest, response: toolListResponse }),
    plans: defineAction({ access: 'public', summary: 'Data estimator: the plans on sale with at least `mb` of data for at least `days`, cheapest first', request: dataPlansRequest, response: dataPlansResponse }),
    apn: defineAction({ access: 'public', summary: 'APN settings of the networks the catalogue\'s plans use', request: emptyRequest, response: apnListResponse }),
  }),
  wechat: endpoint(API_PATHS.wechat, 'WeChat sign-in and JS-SDK; refused with wechatUnavailable where WeChat is not configured', {
    authorize: defineAction({ access: 'public', summary: 'The official account\'s OAuth page to send the browser to, returning to `redirect`', request: wechatAuthorizeRequest, response: wechatAuthorizeResponse }),
    login: defineAction({ access: 'public', summary: 'Signs in with the code WeChat returned; a WeChat not linked yet answers a link token', request: wechatLoginRequest, response: wechatLoginResponse }),
    link: defineAction({ access: 'public', summary: 'Links the WeChat of a link token to the account of a phone (sign-in code to that phone) and signs in', request: wechatLinkRequest, response: loginResponse }),
    create: defineAction({ access: 'public', summary: 'Makes a new account (user type 1) for the WeChat of a link token and signs in; costs a `register` proof of work', request: wechatCreateRequest, response: loginResponse }),
    link_signed_in: defineAction({ access: 'user', summary: 'Links the WeChat of a link token to the signed-in account (the customer signed in to prove it is theirs)', request: wechatLinkSignedInRequest, response: okResponse }),
    js_config: defineAction({ access: 'public', summary: 'A signed JS-SDK configuration for a page of the shop (open tags such as wx-open-launch-weapp)', request: wechatJsConfigRequest, response: wechatJsConfigResponse }),
  }),
  esim: endpoint(API_PATHS.esim, 'eSIM', {
    list: defineAction({ access: 'user', summary: "The caller's eSIMs, newest first", request: esimListRequest, response: esimListResponse }),
    detail: defineAction({ access: 'user', summary: 'One eSIM with its install data and log', request: esimRefRequest, response: esimSchema }),
    scan: defineAction({ access: 'user', summary: 'Counts one showing of the install QR code', request: esimRefRequest, response: esimSchema }),
    remark: defineAction({ access: 'user', summary: "Sets the owner's note on an eSIM", request: esimRemarkRequest, response: esimSchema }),
    addons: defineAction({ access: 'user', summary: 'The data packages that fit one of the caller\'s eSIMs (its product\'s add-on family), with the caller\'s prices in their currency', request: esimAddonsRequest, response: esimAddonsResponse }),
    addData: defineAction({ access: 'user', summary: 'Creates an unpaid order of one fitting package for one of the caller\'s eSIMs; once paid, the carrier adds it to the same eSIM (an EU customer consents to immediate performance, as at checkout)', request: esimAddDataRequest, response: esimAddDataResponse }),
  }),
  message: endpoint(API_PATHS.message, 'Messages with the shop (every signed-in customer)', chatActions('user')),
  resellerMessage: endpoint(API_PATHS.resellerMessage, 'Reseller messages (the same conversation as message.do)', chatActions('reseller')),
  push: endpoint(API_PATHS.push, 'Web Push: usage and expiry alerts on a device where the customer allowed notifications', {
    key: defineAction({ access: 'public', summary: "The shop's VAPID public key for the browser's subscription; null when the shop sends no Web Push", request: emptyRequest, response: pushKeyResponse }),
    subscribe: defineAction({ access: 'user', summary: "Keeps this browser's PushSubscription for the caller (a browser another account subscribed moves to the caller); alerts come here as well as by mail or SMS", request: pushSubscriptionSchema, response: pushStatusResponse }),
    unsubscribe: defineAction({ access: 'user', summary: "Forgets this browser's subscription for the caller (another account's is left alone)", request: pushEndpointRequest, response: pushStatusResponse }),
    status: defineAction({ access: 'user', summary: "Whether this browser's subscription is kept for the caller", request: pushEndpointRequest, response: pushStatusResponse }),
  }),
  shopSettings: endpoint(API_PATHS.shopSettings, 'Shop settings the shop shows', {
    contact: defineAction({ access: 'public', summary: 'The contact channels: phone, email, WeChat ID and QR, address, working hours', request: emptyRequest, response: contactChannelsSchema }),
  }),
  sim: endpoint(API_PATHS.sim, 'SIM cards (devices)', {
    send_code: defineAction({ access: 'user', summary: 'Texts a code to the SIM line (through the carrier) that proves the SIM is yours', request: lineCodeRequest, response: lineCodeResponse }),
    bind: defineAction({ access: 'user', summary: "Follow a SIM by its ICCID with proof it is yours (the SMS code or the card's PUK); takes it over from whoever followed it", request: bindDeviceRequest, response: deviceSchema }),
    list: defineAction({ access: 'user', summary: "The caller's devices", request: emptyRequest, response: deviceListResponse }),
    detail: defineAction({ access: 'user', summary: 'A device with its volume and a diagnosis', request: deviceRefRequest, response: deviceDetailSchema }),
    unbind: defineAction({ access: 'user', summary: 'Stop following a device', request: deviceRefRequest, response: okResponse }),
    roaming: defineAction({ access: 'user', summary: 'Roaming usage records of a device', request: deviceRefRequest, response: roamingListResponse }),
  }),
  supsim: endpoint(API_PATHS.supsim, 'SuperSIM', {
    send_code: defineAction({ access: 'user', summary: 'Texts a code to the SuperSIM line that proves the card is yours', request: lineCodeRequest, response: lineCodeResponse }),
    bind: defineAction({ access: 'user', summary: "Follow a SuperSIM by its ICCID with proof it is yours (the SMS code or the card's PUK); takes it over from whoever followed it", request: supsimBindRequest, response: supsimSchema }),
    list: defineAction({ access: 'user', summary: "The caller's SuperSIMs", request: emptyRequest, response: supsimListResponse }),
    detail: defineAction({ access: 'user', summary: 'A SuperSIM with its JT result', request: supsimRefRequest, response: supsimDetailSchema }),
    unbind: defineAction({ access: 'user', summary: 'Stop following a SuperSIM', request: supsimRefRequest, response: okResponse }),
    query: defineAction({ access: 'user', summary: "JT query by EID or ICCID: MSISDN (masked unless the card is one you follow), expiry, HPLMN", request: jtQueryRequest, response: jtResultSchema }),
    set_hplmn: defineAction({ access: 'user', summary: "Sets a SuperSIM's home network (MCC and MNC, 3 digits each)", request: setHplmnRequest, response: supsimDetailSchema }),
  }),
  upload: endpoint(
    API_PATHS.upload,
    'File upload (multipart, body not signed)',
    {
      avatar: defineAction({ access: 'user', summary: 'Upload an avatar image (PNG, JPEG, WebP or GIF, at most 2 MB) as multipart field "file"', request: z.unknown(), response: uploadResponse }),
      review_picture: defineAction({ access: 'user', summary: 'Upload a picture for a review (PNG, JPEG, WebP or GIF, at most 2 MB) as multipart field "file"; its own daily quota, apart from avatars', request: z.unknown(), response: uploadResponse }),
    },
    { unsignedBody: true },
  ),
  esimSelfAdd: endpoint(API_PATHS.esimSelfAdd, 'eSIM white-list self-adder', {
    add: defineAction({ access: 'user', summary: 'Adds an eSIM to the caller\'s list by its activation code', request: esimSelfAddRequest, response: esimSchema }),
  }),
  address: endpoint(API_PATHS.address, 'Address book (list, delete, save)', {
    list: defineAction({ access: 'user', summary: 'The address book, default first (page size 30)', request: addressListRequest, response: addressListResponse }),
    save: defineAction({ access: 'user', summary: 'Add (no id) or change an address', request: addressInputSchema, response: addressSaveResponse }),
    delete: defineAction({ access: 'user', summary: 'Delete an address', request: addressDeleteRequest, response: okResponse }),
  }),
  billing: endpoint(API_PATHS.billing, 'Billing', {
    list: defineAction({ access: 'user', summary: 'Payments, refunds and balance changes of the caller, newest first', request: billingListRequest, response: billingListResponse }),
  }),
  charge: endpoint(API_PATHS.charge, 'Recharge', {
    list: defineAction({ access: 'user', summary: 'Recharge records, all or of one device (recharges are bought as recharge products)', request: rechargeListRequest, response: rechargeListResponse }),
  }),
  // Public: a customer holding a JT card uses these without an account (rate limited per IP; docs/decisions.md).
  ecodeCustomize: endpoint(API_PATHS.ecodeCustomize, 'ECode customise', {
    customize: defineAction({ access: 'public', summary: 'Turns an unused or sold ECode into a QPE eSIM for a 15-digit IMEI (SM-DP+); linked to the caller when signed in', request: qpeCustomizeRequest, response: qpeResultSchema }),
    fetch: defineAction({ access: 'public', summary: 'The eSIM a customised ECode was turned into: activation code, SM-DP+ address, LPA string, ICCID', request: qpeFetchRequest, response: qpeResultSchema }),
  }),
  ecodeManage: endpoint(API_PATHS.ecodeManage, 'ECode manage', {
    list: defineAction({ access: 'reseller', summary: "The reseller's ECodes by status, newest first, with counts per status", request: ecodeListRequest, response: ecodeListResponse }),
    search: defineAction({ access: 'reseller', summary: "Finds one of the reseller's ECodes by code", request: ecodeSearchRequest, response: ecodeSearchResponse }),
    mark_sold: defineAction({ access: 'reseller', summary: 'Marks an unused ECode as sold, with an optional buyer note', request: ecodeMarkSoldRequest, response: ecodeItemSchema }),
    delete: defineAction({ access: 'reseller', summary: 'Deletes an unused or sold ECode (customised ones stay)', request: ecodeDeleteRequest, response: ecodeItemSchema }),
    export: defineAction({ access: 'reseller', summary: 'Writes up to `quantity` ECodes (optionally of one status) as CSV or xlsx; returns a download token', request: ecodeExportRequest, response: ecodeExportResponse }),
  }),
  apiKey: apiKeyEndpoint,
  assistant: endpoint(API_PATHS.assistant, 'Connected assistants (Mine)', {
    list: defineAction({ access: 'user', summary: 'The assistants the caller approved, with their scopes, when and when last used', request: assistantListRequest, response: assistantListResponse }),
    revoke: defineAction({ access: 'user', summary: "Revokes an assistant's approval: its tokens are refused at once", request: assistantRevokeRequest, response: assistantListResponse }),
  }),
  webhook: webhookEndpoint,
  balance: endpoint(API_PATHS.balance, 'Balance', {
    get: defineAction({ access: 'reseller', summary: "The caller's balances, one per currency, with the locked flag (empty when none)", request: balanceGetRequest, response: balanceGetResponse }),
    topup: defineAction({ access: 'reseller', summary: 'Creates an unpaid top-up order (card or sandbox, never the balance); paying it credits the balance once', request: topupRequest, response: topupResponse }),
  }),
  resellerNumber: endpoint(API_PATHS.resellerNumber, 'Reseller numbers (Manage eSIM)', {
    classes: defineAction({ access: 'reseller', summary: 'The eSIM classes a reseller can generate, with the wholesale unit price, currency and how many are available', request: generateClassesRequest, response: generateClassesResponse }),
    generate: defineAction({ access: 'reseller', summary: 'Generates N eSIMs of a class from the pool, paid from the balance, in one transaction (all or nothing)', request: generateRequest, response: generateResponse }),
    list: defineAction({ access: 'reseller', summary: "The caller's generated eSIMs, newest first, by batch, class or status", request: resellerEsimListRequest, response: resellerEsimListResponse }),
    search: defineAction({ access: 'reseller', summary: "Finds the caller's own eSIMs by ICCID, activation code or EID", request: resellerEsimSearchRequest, response: resellerEsimSearchResponse }),
    export: defineAction({ access: 'reseller', summary: 'Writes up to `quantity` generated eSIMs (with the list filter) as CSV or xlsx; returns a download token', request: resellerEsimExportRequest, response: exportResponse }),
    batches: defineAction({ access: 'reseller', summary: "The caller's generation batches, newest first", request: generateBatchesRequest, response: generateBatchesResponse }),
  }),
  esimSearch: endpoint(API_PATHS.esimSearch, 'eSIM search', {
    search: defineAction({ access: 'user', summary: 'Finds eSIMs by EID (any bound to it), ICCID or activation code (the caller\'s own)', request: esimSearchRequest, response: esimSearchResponse }),
  }),
  jsonContent: endpoint(API_PATHS.jsonContent, 'Home content blocks', {
    get_cache: defineAction({
      access: 'public',
      summary: 'A cached JSON block by page name, version and language (i18n forced to en unless zh-Hans or en)',
      request: getCacheRequest,
      response: getCacheResponse,
    }),
  }),
  login: endpoint(API_PATHS.login, 'Regular sign-in', {
    register: defineAction({ access: 'public', summary: 'Sign up with a phone or email code and a password; signs in', request: registerRequest, response: loginResponse }),
    password: defineAction({ access: 'public', summary: 'Sign in with account and password', request: loginPasswordRequest, response: loginResponse }),
    code: defineAction({ access: 'public', summary: 'Sign in with a one-time code', request: loginCodeRequest, response: loginResponse }),
    logout: defineAction({ access: 'user', summary: 'End this session', request: emptyRequest, response: okResponse }),
    reset_password: defineAction({ access: 'public', summary: 'Forgot password: sets a new password with a `reset` code sent to the phone or email; ends every session of the account', request: resetPasswordRequest, response: okResponse }),
  }),
  resellerLogin: endpoint(API_PATHS.resellerLogin, 'Reseller sign-in', {
    password: defineAction({ access: 'public', summary: 'Reseller sign-in with account and password', request: resellerLoginPasswordRequest, response: loginResponse }),
    code: defineAction({ access: 'public', summary: 'Reseller sign-in with a one-time code', request: resellerLoginCodeRequest, response: loginResponse }),
    logout: defineAction({ access: 'reseller', summary: 'End this reseller session', request: emptyRequest, response: okResponse }),
  }),
  coupon: endpoint(API_PATHS.coupon, 'Coupons', {
    mine: defineAction({ access: 'user', summary: "The caller's claimed coupons: usable, used or expired", request: myCouponsRequest, response: couponListResponse }),
    claimable: defineAction({ access: 'public', summary: 'Coupons that can be claimed now (for one product when productId is given), with the caller\'s state', request: claimableCouponsRequest, response: couponListResponse }),
    claim: defineAction({ access: 'user', summary: 'Claims a coupon into my coupons (once per customer)', request: claimCouponRequest, response: shopCouponSchema }),
  }),
  order: endpoint(API_PATHS.order, 'Orders', {
    preview: defineAction({ access: 'user', summary: 'Prices an order without creating it (subtotal, freight, fee, discount, total)', request: orderDraftSchema, response: orderPreviewResponse }),
    create: defineAction({ access: 'user', summary: 'Creates an unpaid order and reserves its stock for 30 minutes', request: createOrderRequest, response: orderDetailSchema }),
    list: defineAction({ access: 'user', summary: 'Orders by tab: all, unpaid, to ship, to receive, completed', request: orderListRequest, response: orderListResponse }),
    detail: defineAction({ access: 'user', summary: 'One order with its items, address, logistics and history', request: orderRefRequest, response: orderDetailSchema }),
    cancel: defineAction({ access: 'user', summary: 'Cancels an unpaid order; its stock returns', request: orderRefRequest, response: orderDetailSchema }),
    payment_methods: defineAction({ access: 'user', summary: 'The ways this order can be paid, with fees and totals', request: orderRefRequest, response: paymentMethodsResponse }),
    pay: defineAction({ access: 'user', summary: 'Starts paying: balance pays at once; card and sandbox return a hosted page; wechat returns JSAPI parameters', request: payRequest, response: payResponse }),
    confirm_receipt: defineAction({ access: 'user', summary: 'Confirms a shipped or delivered order has arrived', request: orderRefRequest, response: orderDetailSchema }),
    modify_address: defineAction({ access: 'user', summary: 'Changes the delivery address before shipping', request: modifyAddressRequest, response: orderDetailSchema }),
    refund: defineAction({ access: 'user', summary: 'Requests a refund with a reason', request: refundRequest, response: orderDetailSchema }),
    refund_now: defineAction({ access: 'user', summary: 'Refunds at once, by the shop\'s rule, an order whose eSIMs were never downloaded or installed, paid within the refund period', request: orderRefRequest, response: orderDetailSchema }),
    withdraw: defineAction({ access: 'user', summary: 'Withdraws, as an EU consumer, from the contract of an order within its withdrawal period: digital content is refunded at once, goods become a return; an acknowledgement is mailed', request: orderRefRequest, response: orderDetailSchema }),
    delete: defineAction({ access: 'user', summary: 'Removes a finished order from the list (kept in the books)', request: orderRefRequest, response: okResponse }),
  }),
  item: endpoint(API_PATHS.item, 'Order items and cart', {
    list: defineAction({ access: 'user', summary: 'The cart', request: cartListRequest, response: cartResponse }),
    save: defineAction({ access: 'user', summary: 'Adds a product (SKU) to the cart; total carries the new cart count', request: cartSaveRequest, response: cartSaveResponse }),
    update: defineAction({ access: 'user', summary: 'Sets the quantity of a cart line', request: cartUpdateRequest, response: cartResponse }),
    select: defineAction({ access: 'user', summary: 'Selects or unselects cart lines for checkout', request: cartSelectRequest, response: cartResponse }),
    remove: defineAction({ access: 'user', summary: 'Removes cart lines', request: cartRemoveRequest, response: cartResponse }),
  }),
  product: endpoint(API_PATHS.product, 'Products', {
    list: defineAction({ access: 'public', summary: 'The catalogue, optionally of one kind', request: productListRequest, response: productListResponse }),
    detail: defineAction({ access: 'public', summary: 'A product with its SKUs, inputs and agreement (wholesale prices for resellers)', request: productDetailRequest, response: productDetailSchema }),
    alternatives: defineAction({ access: 'public', summary: 'Other in-stock plans of the same kind covering every destination of this one (for a sold-out product)', request: alternativesRequest, response: alternativesResponse }),
    notify_back: defineAction({ access: 'public', summary: 'Asks for one notice when a sold-out product is back: to the e-mail given, or the signed-in account\'s e-mail or phone; once per product and address', request: stockNoticeRequest, response: stockNoticeResponse }),
    comments: defineAction({ access: 'public', summary: 'Comments on a product, newest first', request: commentsRequest, response: commentsResponse }),
    review: defineAction({ access: 'user', summary: 'Reviews an item of one of the caller\'s orders once it is received: rating 1–5, text, up to 6 uploaded pictures; once per order item', request: writeReviewRequest, response: commentSchema }),
    order_reviews: defineAction({ access: 'user', summary: 'The items of one of the caller\'s orders: which can be reviewed, and the reviews written', request: orderReviewsRequest, response: orderReviewsResponse }),
  }),
  label: endpoint(API_PATHS.label, 'Product labels', {
    list: defineAction({ access: 'public', summary: 'Every label, in the shop\'s order (the home filter)', request: labelListRequest, response: labelListResponse }),
    detail: defineAction({ access: 'public', summary: 'One label (the label page; its products come from product.list with labelId)', request: labelDetailRequest, response: productLabelSchema }),
  }),
  seed: endpoint(API_PATHS.seed, 'Seed: the check before a code is sent', {
    image_code: defineAction({ access: 'public', summary: 'A proof-of-work challenge for one purpose, solved in the browser before a code is sent (replaces the image code)', request: powChallengeRequest, response: powChallengeResponse }),
  }),
  seedAuthc: endpoint(API_PATHS.seedAuthc, 'Seed: the check before a code is sent (signed in)', {
    image_code: defineAction({ access: 'user', summary: 'A proof-of-work challenge for a signed-in user (binding tel or email)', request: powChallengeRequest, response: powChallengeResponse }),
  }),
  user: endpoint(API_PATHS.user, 'Regular user', {
    ...profileActions('user'),
    create_reseller: defineAction({ access: 'user', summary: 'Turn this account into a reseller account, when the account allows it; sign in again afterwards', request: emptyRequest, response: createResellerResponse }),
    reseller_apply: defineAction({ access: 'user', summary: 'Applies to become a reseller (one application under review at a time; again after a rejection); staff decide in the console', request: resellerApplyRequest, response: resellerApplicationSchema }),
    reseller_application: defineAction({ access: 'user', summary: "The caller's newest application to become a reseller, and whether they may apply now", request: emptyRequest, response: myResellerApplicationResponse }),
  }),
  resellerUser: endpoint(API_PATHS.resellerUser, 'Reseller user', {
    ...profileActions('reseller'),
    switch_regular: defineAction({ access: 'reseller', summary: 'Continue as a regular customer: ends the reseller session, returns a regular one', request: emptyRequest, response: loginResponse }),
  }),
  codeSend: endpoint(API_PATHS.codeSend, 'Send a verification code', {
    send: defineAction({ access: 'public', summary: 'Send a 6-digit code by SMS or email with a solved proof-of-work challenge', request: sendCodeRequest, response: sendCodeResponse }),
  }),
  volume: endpoint(API_PATHS.volume, 'Data volume', {
    get: defineAction({ access: 'user', summary: 'Data volume of a device in MB (shown in GB from 10000 MB)', request: volumeRequest, response: volumeSchema }),
  }),
  merchant: endpoint(API_PATHS.merchant, 'Merchants: shop pages and applications', {
    list: defineAction({ access: 'public', summary: 'Every active merchant', request: merchantListRequest, response: merchantListResponse }),
    detail: defineAction({ access: 'public', summary: "An active merchant's page: profile, products on sale, their labels and its open stores", request: merchantDetailRequest, response: merchantDetailResponse }),
    apply: defineAction({ access: 'user', summary: 'Applies to open a shop (one application per customer); the platform owner approves it in the console', request: merchantApplyRequest, response: merchantApplicationSchema }),
    my_application: defineAction({ access: 'user', summary: "The caller's application to open a shop and its status, or null", request: emptyRequest, response: myMerchantApplicationResponse }),
  }),
} as const;

export type Api = typeof api;

/**
 * Every domain of `api` has its path in api-paths.ts, the same one (the shop's client calls the
 * paths of that table). A domain added above without its line there fails to typecheck here, with
 * the domain named in the error.
 */
type DomainsWithoutPath = { [K in keyof Api]: K extends keyof typeof API_PATHS ? (Api[K]['path'] extends (typeof API_PATHS)[K] ? never : K) : K }[keyof Api];
const everyDomainHasItsPath: [DomainsWithoutPath] extends [never] ? true : `add to API_PATHS in api-paths.ts (or use it here): ${DomainsWithoutPath}` = true;
void everyDomainHasItsPath;
export type EndpointName = keyof Api;
export type ActionName<E extends EndpointName> = keyof Api[E]['actions'] & string;
type ActionOf<E extends EndpointName, A extends ActionName<E>> = Api[E]['actions'][A] extends ActionDef<infer Req, infer Res> ? { req: Req; res: Res } : never;
export type RequestOf<E extends EndpointName, A extends ActionName<E>> = z.input<ActionOf<E, A>['req']>;
export type ResponseOf<E extends EndpointName, A extends ActionName<E>> = z.output<ActionOf<E, A>['res']>;
