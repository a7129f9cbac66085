import type { ProductKind } from './catalogue.ts';
import type { ActivationStatus, Carrier, Currency, EcodeStatus, EsimClass, EsimRecordStatus, InstallLogType, Language, OrderListTab, OrderStatus, Role, UserType } from './enums.ts';

/**
 * The enums' label texts in both languages (enums.ts names them by key), apart from the enums'
 * schemas: the shop loads them at start-up, and zod with them would be 22 KB more.
 */

type EnumLike = Readonly<Record<string, string | number>>;
/** English and Simplified Chinese text of one label. */
type Texts = readonly [en: string, zh: string];

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

/** An order's paid step said for what it delivers (orderStatusLabelKeyFor). */
const orderPaidStepTexts = {
  pickup: ['Paid (being prepared for pickup)', '已付款（备货中，待自提）'],
  esim: ['Paid (eSIM being issued)', '已付款（eSIM 发放中）'],
  esim_addon: ['Paid (data being added to your eSIM)', '已付款（流量正在加到 eSIM）'],
  recharge: ['Paid (top-up being applied)', '已付款（充值处理中）'],
  ecode: ['Paid (codes being issued)', '已付款（兑换码发放中）'],
  service: ['Paid (service being arranged)', '已付款（服务办理中）'],
  mixed: ['Paid (being delivered online)', '已付款（线上交付中）'],
} as const satisfies Record<Exclude<ProductKind, 'sim' | 'topup'> | 'pickup' | 'mixed', Texts>;

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
  orderPaidStep: orderPaidStepTexts,
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
