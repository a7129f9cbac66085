import { z } from 'zod';
import { Role } from './role.ts';

/**
 * The spec's enumerations (SPEC §3, §4, §6, §9) shared by server and web app: each is an
 * `as const` object (name → wire value), a zod schema, a TS type of its values and a stable
 * i18n label key. Label keys end in the member name for numeric enums (`enum.role.reseller`)
 * and in the wire value for string enums (`enum.orderStatus.to_be_refunded`), so a value read
 * off the wire maps to its key without a lookup table on the client.
 */

type EnumLike = Readonly<Record<string, string | number>>;
type ValueOf<E extends EnumLike> = E[keyof E];

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

export { isResellerRole, Role } from './role.ts';
export const roleSchema = z.literal([Role.normal, Role.reseller, Role.resellerEsim, Role.foreignReseller]);
export const roleLabelKey = labelKeyFn('role', Role);

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
  /** A store pickup order waiting at the store for its customer. */
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
export { Language, LANGUAGES, LANGUAGE_COOKIE, FALLBACK_LANGUAGE, normalizeLanguage } from './language.ts';
export const languageSchema = z.enum(Language);
export const languageLabelKey = labelKeyFn('language', Language);

import { Currency } from './currency.ts';
export { Currency, currencyForLanguage } from './currency.ts';
export const currencySchema = z.enum(Currency);
export const currencyLabelKey = labelKeyFn('currency', Currency);
