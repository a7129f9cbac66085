import { z } from 'zod';

/**
 * The spec's enumerations (SPEC §3, §4, §6, §9) shared by server and web app: each is an
 * `as const` object (name → wire value), a zod schema, a TS type of its values and a stable
 * i18n label key. Label keys end in the member name for numeric enums (`enum.role.reseller`)
 * and in the wire value for string enums (`enum.orderStatus.to_be_refunded`), so a value read
 * off the wire maps to its key without a lookup table on the client.
 */

type EnumLike = Readonly<Record<string, string | number>>;
type ValueOf<E extends EnumLike> = E[keyof E];
/** English and Simplified Chinese text of one label. */
type Texts = readonly [en: string, zh: string];

/** Maps each value of an enum to its label key; numeric enums use the member name. */
function labelKeysOf<E extends EnumLike>(group: string, values: E): ReadonlyMap<ValueOf<E>, string> {
  return new Map(
    Object.entries(values).map(([name, value]) => [value as ValueOf<E>, `enum.${group}.${typeof value === 'number' ? name : value}`]),
  );
}

/** Builds `value → key` lookup with a fallback key, so values newer than the client still render. */
function labelKeyFn<E extends EnumLike>(group: string, values: E, fallback?: ValueOf<E>): (value: ValueOf<E>) => string {
  const keys = labelKeysOf(group, values);
  return (value) => keys.get(value) ?? (fallback === undefined ? `enum.${group}.${String(value)}` : (keys.get(fallback) as string));
}

// ---------------------------------------------------------------------------------------------
// Roles (SPEC §6)

export const Role = { normal: 1, reseller: 2, resellerEsim: 3, foreignReseller: 6 } as const;
export type Role = ValueOf<typeof Role>;
export const roleSchema = z.literal([Role.normal, Role.reseller, Role.resellerEsim, Role.foreignReseller]);
export const roleLabelKey = labelKeyFn('role', Role);

const RESELLER_ROLES: ReadonlySet<number> = new Set([Role.reseller, Role.resellerEsim, Role.foreignReseller]);

/** Resellers see wholesale prices and use the reseller endpoints (SPEC §6). */
export function isResellerRole(role: number | null | undefined): boolean {
  return role != null && RESELLER_ROLES.has(role);
}

// ---------------------------------------------------------------------------------------------
// User types (SPEC §3)

export const UserType = { officialAccount: 1, miniProgram: 2, mobile: 3, email: 4 } as const;
export type UserType = ValueOf<typeof UserType>;
export const userTypeSchema = z.literal([UserType.officialAccount, UserType.miniProgram, UserType.mobile, UserType.email]);
export const userTypeLabelKey = labelKeyFn('userType', UserType);

// ---------------------------------------------------------------------------------------------
// eSIM classes (SPEC §3)

export const EsimClass = {
  redtea: 1,
  self: 3,
  unlock: 22,
  qpePregenerated: 24,
  qpeInstant: 25,
  cloudIotV1: 2,
  cloudIotV2: 20,
  blackUnlock: 21,
  ssim: 23,
  unknown: 99,
} as const;
export type EsimClass = ValueOf<typeof EsimClass>;
export const esimClassSchema = z.literal([
  EsimClass.redtea,
  EsimClass.self,
  EsimClass.unlock,
  EsimClass.qpePregenerated,
  EsimClass.qpeInstant,
  EsimClass.cloudIotV1,
  EsimClass.cloudIotV2,
  EsimClass.blackUnlock,
  EsimClass.ssim,
  EsimClass.unknown,
]);
export const esimClassLabelKey = labelKeyFn('esimClass', EsimClass, EsimClass.unknown);

const CMP_CLASSES: ReadonlySet<number> = new Set([EsimClass.cloudIotV1, EsimClass.cloudIotV2, EsimClass.blackUnlock, EsimClass.ssim]);

/** The four classes managed through the cmp platform with an iDATA package (SPEC §3). */
export function isCmpClass(cls: number | null | undefined): boolean {
  return cls != null && CMP_CLASSES.has(cls);
}

// ---------------------------------------------------------------------------------------------
// eSIM activation statuses (SPEC §4)

export const ActivationStatus = {
  unactivated: 0,
  activated: 1,
  progressing: 2,
  installed: 3,
  removed: 4,
  enabled: 5,
  disabled: 6,
  unknown: 99,
} as const;
export type ActivationStatus = ValueOf<typeof ActivationStatus>;
export const activationStatusSchema = z.literal([
  ActivationStatus.unactivated,
  ActivationStatus.activated,
  ActivationStatus.progressing,
  ActivationStatus.installed,
  ActivationStatus.removed,
  ActivationStatus.enabled,
  ActivationStatus.disabled,
  ActivationStatus.unknown,
]);
export const activationStatusLabelKey = labelKeyFn('activationStatus', ActivationStatus, ActivationStatus.unknown);

// ---------------------------------------------------------------------------------------------
// String enums (SPEC §4)

export const EsimRecordStatus = {
  unassigned: 'unassigned',
  assigned: 'assigned',
  removed: 'removed',
  discarded: 'discarded',
  recycled: 'recycled',
} as const;
export type EsimRecordStatus = ValueOf<typeof EsimRecordStatus>;
export const esimRecordStatusSchema = z.enum(EsimRecordStatus);
export const esimRecordStatusLabelKey = labelKeyFn('esimRecordStatus', EsimRecordStatus);

export const EcodeStatus = {
  unused: 'unused',
  sold: 'sold',
  customized: 'customized',
  invalid: 'invalid',
  deleted: 'deleted',
} as const;
export type EcodeStatus = ValueOf<typeof EcodeStatus>;
export const ecodeStatusSchema = z.enum(EcodeStatus);
export const ecodeStatusLabelKey = labelKeyFn('ecodeStatus', EcodeStatus);

export const InstallLogType = {
  successInstall: 'success_install',
  repeatInstall: 'repeat_install',
  deleted: 'deleted',
  eidMismatch: 'eid_mismatch',
} as const;
export type InstallLogType = ValueOf<typeof InstallLogType>;
export const installLogTypeSchema = z.enum(InstallLogType);
export const installLogTypeLabelKey = labelKeyFn('installLogType', InstallLogType);

// ---------------------------------------------------------------------------------------------
// Order statuses and list tabs (SPEC §4, DESIGN §4)

export const OrderStatus = {
  submitted: 'submitted',
  deleted: 'deleted',
  invalid: 'invalid',
  unpaid: 'unpaid',
  unverified: 'unverified',
  paid: 'paid',
  delivered: 'delivered',
  partialShipped: 'partial_shipped',
  shipped: 'shipped',
  received: 'received',
  completed: 'completed',
  toBeRefunded: 'to_be_refunded',
  partialRefunded: 'partial_refunded',
  refunded: 'refunded',
  toBeInquired: 'to_be_inquired',
  inquiring: 'inquiring',
  inquiryCompleted: 'inquiry_completed',
  inquiryFailed: 'inquiry_failed',
  sent: 'sent',
  toBeSubmitted: 'to_be_submitted',
  progressing: 'progressing',
  unlocked: 'unlocked',
  unlockFailed: 'unlock_failed',
  afterService: 'after_service',
  serviceCompleted: 'service_completed',
  orderLocked: 'order_locked',
  /** Issue 14: a store pickup order waiting at the store for its customer. */
  readyForPickup: 'ready_for_pickup',
  unknown: 'unknown',
} as const;
export type OrderStatus = ValueOf<typeof OrderStatus>;
export const orderStatusSchema = z.enum(OrderStatus);
export const orderStatusLabelKey = labelKeyFn('orderStatus', OrderStatus, OrderStatus.unknown);
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

export const OrderListTab = {
  all: 'all',
  unpaid: 'unpaid',
  toShip: 'to_ship',
  toReceive: 'to_receive',
  completed: 'completed',
} as const;
export type OrderListTab = ValueOf<typeof OrderListTab>;
export const orderListTabSchema = z.enum(OrderListTab);
export const orderListTabLabelKey = labelKeyFn('orderListTab', OrderListTab);

const S = OrderStatus;
const STATUSES_BY_TAB: Readonly<Record<OrderListTab, readonly OrderStatus[]>> = {
  // Deleted orders are kept in the database but hidden from every list (DESIGN §4).
  all: ORDER_STATUSES.filter((s) => s !== S.deleted),
  unpaid: [S.unpaid],
  // Paid but not yet in the customer's hands, including service orders still being worked on.
  to_ship: [S.paid, S.unverified, S.toBeInquired, S.inquiring, S.toBeSubmitted, S.progressing],
  to_receive: [S.shipped, S.partialShipped, S.delivered, S.sent, S.readyForPickup],
  completed: [S.received, S.completed, S.refunded, S.partialRefunded, S.inquiryCompleted, S.serviceCompleted, S.unlocked],
};

/** The order statuses a list tab shows. */
export function orderStatusesForTab(tab: OrderListTab): readonly OrderStatus[] {
  return STATUSES_BY_TAB[tab];
}

// ---------------------------------------------------------------------------------------------
// Logistics carriers (SPEC §3)

export const Carrier = {
  sf: 'sf',
  yunda: 'yunda',
  shentong: 'shentong',
  yuantong: 'yuantong',
  best: 'best',
  zto: 'zto',
  dhl: 'dhl',
  dhlExpress: 'dhl_express',
  dhlEcommerce: 'dhl_ecommerce',
  ems: 'ems',
  chinaPost: 'china_post',
  hkPost: 'hk_post',
  aramex: 'aramex',
  /** Online/automatic delivery (digital goods): nothing to track. */
  online: 'online',
} as const;
export type Carrier = ValueOf<typeof Carrier>;
export const carrierSchema = z.enum(Carrier);
export const carrierLabelKey = labelKeyFn('carrier', Carrier);

// Mainland couriers without a stable public deep link are tracked through Kuaidi100, the
// common public aggregator; `com` is Kuaidi100's code for the courier.
const kuaidi100 = (com: string) => (no: string) => `https://www.kuaidi100.com/chaxun?com=${com}&nu=${no}`;

const TRACKING_URLS: Readonly<Record<Exclude<Carrier, 'online'>, (encodedNo: string) => string>> = {
  sf: (no) => `https://www.sf-express.com/chn/en/waybill/waybill-detail/${no}`,
  yunda: kuaidi100('yunda'),
  shentong: kuaidi100('shentong'),
  yuantong: kuaidi100('yuantong'),
  best: kuaidi100('huitongkuaidi'),
  zto: kuaidi100('zhongtong'),
  dhl: (no) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${no}`,
  dhl_express: (no) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${no}`,
  dhl_ecommerce: (no) => `https://www.dhl.com/global-en/home/tracking/tracking-ecommerce.html?tracking-id=${no}`,
  ems: (no) => `https://www.ems.com.cn/queryList?mailNum=${no}`,
  china_post: (no) => `https://www.ems.com.cn/queryList?mailNum=${no}`,
  hk_post: (no) => `https://www.hongkongpost.hk/en/mail_tracking/index.html?trackingnumber=${no}`,
  aramex: (no) => `https://www.aramex.com/track/results?ShipmentNumber=${no}`,
};

/**
 * The public tracking page for a shipment, or null when there is nothing to link to
 * (online/auto delivery, an unknown carrier or no tracking number yet).
 */
export function carrierTrackingUrl(carrier: Carrier | string, trackingNo: string | null | undefined): string | null {
  const no = trackingNo?.trim();
  if (!no || carrier === Carrier.online || !Object.hasOwn(TRACKING_URLS, carrier)) return null;
  return TRACKING_URLS[carrier as keyof typeof TRACKING_URLS](encodeURIComponent(no));
}

// ---------------------------------------------------------------------------------------------
// Languages and currencies (SPEC §9)

import { Language } from './language.ts';
export { Language, LANGUAGES, FALLBACK_LANGUAGE, normalizeLanguage } from './language.ts';
export const languageSchema = z.enum(Language);
export const languageLabelKey = labelKeyFn('language', Language);

/** The one currency type: what prices, orders, payments and balances are kept in (SPEC §9). RMB is only another name for CNY (format.ts shows it). */
export const Currency = { USD: 'USD', CNY: 'CNY' } as const;
export type Currency = ValueOf<typeof Currency>;
export const currencySchema = z.enum(Currency);
export const currencyLabelKey = labelKeyFn('currency', Currency);

// ---------------------------------------------------------------------------------------------
// Label texts. Each table is checked against its enum (`satisfies`) so a new member without a
// text fails the typecheck.

type TextsFor<E extends EnumLike> = { readonly [K in keyof E as E[K] extends number ? K : E[K] & string]: Texts };

const roleTexts = {
  normal: ['Regular user', '普通用户'],
  reseller: ['Reseller', '分销商'],
  resellerEsim: ['eSIM reseller', 'eSIM分销商'],
  foreignReseller: ['Overseas reseller', '海外分销商'],
} as const satisfies TextsFor<typeof Role>;

const userTypeTexts = {
  officialAccount: ['WeChat Official Account', '微信公众号'],
  miniProgram: ['WeChat Mini Program', '微信小程序'],
  mobile: ['Mobile number account', '手机号账号'],
  email: ['Email account', '邮箱账号'],
} as const satisfies TextsFor<typeof UserType>;

const esimClassTexts = {
  redtea: ['Redtea Mobile (CSL data package)', '红茶移动（CSL流量包）'],
  self: ['Own eSIM', '自有eSIM'],
  unlock: ['Unlock eSIM', '解锁eSIM'],
  qpePregenerated: ['QPE pre-generated eSIM', 'QPE预生成eSIM'],
  qpeInstant: ['QPE instant eSIM', 'QPE即时生成eSIM'],
  cloudIotV1: ['Cloud IoT unlock-free (version 1)', '云物联免解锁（第1版）'],
  cloudIotV2: ['Cloud IoT unlock-free (version 2)', '云物联免解锁（第2版）'],
  blackUnlock: ['Black unlock', '黑解'],
  ssim: ['SSIM', 'SSIM'],
  unknown: ['Unknown', '未知'],
} as const satisfies TextsFor<typeof EsimClass>;

const activationStatusTexts = {
  unactivated: ['Not activated', '未激活'],
  activated: ['Activated', '已激活'],
  progressing: ['In progress', '处理中'],
  installed: ['Installed', '已安装'],
  removed: ['Removed', '已移除'],
  enabled: ['Enabled', '已启用'],
  disabled: ['Disabled', '已停用'],
  unknown: ['Unknown', '未知'],
} as const satisfies TextsFor<typeof ActivationStatus>;

const esimRecordStatusTexts = {
  unassigned: ['Unassigned', '未分配'],
  assigned: ['Assigned', '已分配'],
  removed: ['Removed', '已移除'],
  discarded: ['Discarded', '已废弃'],
  recycled: ['Recycled', '已回收'],
} as const satisfies TextsFor<typeof EsimRecordStatus>;

const ecodeStatusTexts = {
  unused: ['Unused', '未使用'],
  sold: ['Sold', '已售出'],
  customized: ['Customised', '已定制'],
  invalid: ['Invalid', '已失效'],
  deleted: ['Deleted', '已删除'],
} as const satisfies TextsFor<typeof EcodeStatus>;

const installLogTypeTexts = {
  success_install: ['Installed successfully', '安装成功'],
  repeat_install: ['Installed again', '重复安装'],
  deleted: ['Deleted from the device', '已从设备删除'],
  eid_mismatch: ['EID mismatch', 'EID不匹配'],
} as const satisfies TextsFor<typeof InstallLogType>;

const orderStatusTexts = {
  submitted: ['Submitted', '已提交'],
  deleted: ['Deleted', '已删除'],
  invalid: ['Cancelled', '已失效'],
  unpaid: ['Awaiting payment', '待付款'],
  unverified: ['To be verified', '待审核'],
  paid: ['Paid (awaiting shipment)', '已付款（待发货）'],
  delivered: ['Delivered', '已发放'],
  partial_shipped: ['Partially shipped', '部分发货'],
  shipped: ['Shipped', '已发货'],
  received: ['Received', '已收货'],
  completed: ['Completed', '已完成'],
  to_be_refunded: ['Refund pending', '待退款'],
  partial_refunded: ['Partially refunded', '部分退款'],
  refunded: ['Refunded', '已退款'],
  to_be_inquired: ['Awaiting inquiry', '待查询'],
  inquiring: ['Inquiry in progress', '查询中'],
  inquiry_completed: ['Inquiry completed', '查询完成'],
  inquiry_failed: ['Inquiry failed', '查询失败'],
  sent: ['Sent', '已发送'],
  ready_for_pickup: ['Ready to collect', '待到店领取'],
  to_be_submitted: ['To be submitted', '待提交'],
  progressing: ['In progress', '处理中'],
  unlocked: ['Unlocked', '已解锁'],
  unlock_failed: ['Unlock failed', '解锁失败'],
  after_service: ['After-sales service in progress', '售后处理中'],
  service_completed: ['After-sales service completed', '售后已完成'],
  order_locked: ['Order locked', '订单已锁定'],
  unknown: ['Unknown', '未知'],
} as const satisfies TextsFor<typeof OrderStatus>;

const orderListTabTexts = {
  all: ['All', '全部'],
  unpaid: ['Unpaid', '待付款'],
  to_ship: ['To ship', '待发货'],
  to_receive: ['To receive', '待收货'],
  completed: ['Completed', '已完成'],
} as const satisfies TextsFor<typeof OrderListTab>;

const carrierTexts = {
  sf: ['SF Express', '顺丰速运'],
  yunda: ['Yunda Express', '韵达快递'],
  shentong: ['STO Express', '申通快递'],
  yuantong: ['YTO Express', '圆通速递'],
  best: ['BEST Express', '百世快递'],
  zto: ['ZTO Express', '中通快递'],
  dhl: ['DHL', 'DHL'],
  dhl_express: ['DHL Express', 'DHL快递'],
  dhl_ecommerce: ['DHL eCommerce', 'DHL电子商务'],
  ems: ['EMS', '邮政EMS'],
  china_post: ['China Post', '中国邮政'],
  hk_post: ['Hongkong Post', '香港邮政'],
  aramex: ['Aramex', 'Aramex'],
  online: ['Online (automatic delivery)', '线上自动发货'],
} as const satisfies TextsFor<typeof Carrier>;

const languageTexts = {
  'zh-Hans': ['Simplified Chinese', '简体中文'],
  en: ['English', '英语'],
} as const satisfies TextsFor<typeof Language>;

const currencyTexts = {
  USD: ['US dollar', '美元'],
  CNY: ['Chinese yuan', '人民币'],
} as const satisfies TextsFor<typeof Currency>;

const textGroups: Readonly<Record<string, Readonly<Record<string, Texts>>>> = {
  role: roleTexts,
  userType: userTypeTexts,
  esimClass: esimClassTexts,
  activationStatus: activationStatusTexts,
  esimRecordStatus: esimRecordStatusTexts,
  ecodeStatus: ecodeStatusTexts,
  installLogType: installLogTypeTexts,
  orderStatus: orderStatusTexts,
  orderListTab: orderListTabTexts,
  carrier: carrierTexts,
  language: languageTexts,
  currency: currencyTexts,
};

const textEntries = Object.entries(textGroups).flatMap(([group, table]) =>
  Object.entries(table).map(([suffix, texts]) => [`enum.${group}.${suffix}`, texts] as const),
);

/** i18n resources for every enum label key, keyed by language, for the client's translator. */
export const enumTexts: { readonly en: Record<string, string>; readonly 'zh-Hans': Record<string, string> } = {
  en: Object.fromEntries(textEntries.map(([key, [en]]) => [key, en])),
  'zh-Hans': Object.fromEntries(textEntries.map(([key, [, zh]]) => [key, zh])),
};
