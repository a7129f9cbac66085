import type { Currency, ItemInput, ProductKind, TravelPlan } from '@simshop/contract';

/** The demo catalogue: every product kind, both languages. Prices in minor units. */
export interface DemoProduct {
  /** The stable key links use (home content addresses products by it). */
  key: string;
  kind: ProductKind;
  name: [en: string, zh: string];
  subtitle: [string, string];
  description: [string, string];
  agreement: [string, string];
  images: string;
  currency: Currency;
  wholesaleMinQty: number | null;
  qty: [min: number, max: number];
  freight: number;
  specs: Array<{ en: string; zh: string; values: Array<{ en: string; zh: string }> }>;
  /** [code, option indexes, price, wholesale price, stock (null: not counted), recharge MB]; eSIM stock comes from the pool */
  skus: Array<[string, number[], number, number | null, number | null, number?]>;
  /** Travel plans: per SKU code, the data in MB (null: unlimited) and the days it runs (the eSIM page counts them down). */
  plans?: Record<string, [dataMb: number | null, validityDays: number]>;
  inputs: ItemInput[];
  labels: Array<{ en: string; zh: string }>;
  soldOut?: boolean;
  /** eSIMs: from the SKU's pool (default) or issued on demand by the SM-DP+. */
  source?: 'pool' | 'smdp';
  comments?: Array<[nickname: string, content: string, reply: string | null]>;
  /** Travel plans: the destinations (ISO codes) and the plan facts the goods page shows. */
  coverage?: string[];
  travel?: TravelPlan;
  /** eSIMs and data add-ons: add-ons fit the eSIMs of the products with the same family. */
  addonFamily?: string;
}

/** 33 European destinations (EU, EEA, UK, Switzerland). */
const EUROPE = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IS', 'IE', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'CH', 'GB', 'AL'];
/** The global plan's destinations (122, "120+" in its subtitle). */
const GLOBAL = [
  ...EUROPE,
  ...['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'UY', 'PY', 'BO', 'CR', 'PA', 'GT', 'SV', 'HN', 'NI', 'DO', 'PR', 'JM'],
  ...['CN', 'HK', 'MO', 'TW', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'KH', 'LA', 'MM', 'IN', 'LK', 'BD', 'NP', 'PK', 'MN', 'KZ', 'UZ', 'KG'],
  ...['AU', 'NZ', 'FJ'],
  ...['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IL', 'TR', 'GE', 'AM', 'AZ', 'EG', 'MA', 'TN', 'DZ'],
  ...['ZA', 'KE', 'TZ', 'UG', 'RW', 'NG', 'GH', 'CI', 'SN', 'CM', 'ZM', 'MW', 'MZ', 'MG', 'MU', 'BW', 'NA', 'ET'],
  ...['UA', 'MD', 'RS', 'BA', 'ME', 'MK', 'BY'],
];

const travelAgreement: [string, string] = [
  'The eSIM is delivered by email and in your orders right after payment. Check that your phone supports eSIM and is not carrier-locked before buying. An installed eSIM cannot be refunded; an eSIM that was never installed can be refunded within 30 days.',
  '付款后eSIM会立即发送到您的订单和邮箱。购买前请确认手机支持eSIM且未被运营商锁定。已安装的eSIM不支持退款；未安装的eSIM可在30天内申请退款。',
];

/** Demo activation codes loaded into each eSIM SKU's pool. */
export const DEMO_POOL_SIZE = 100;
export const DEMO_SMDP = 'smdp.demo.simshop.local';

export const demoCatalogue: DemoProduct[] = [
  {
    key: 'asia-esim',
    kind: 'esim',
    name: ['Asia eSIM', '亚洲eSIM'],
    subtitle: ['Hong Kong, Japan, Korea, Singapore, Thailand', '香港、日本、韩国、新加坡、泰国'],
    description: ['High-speed data in 5 destinations. Install before you fly, switch it on when you land. Hotspot allowed.', '5个目的地高速流量。出发前安装，落地即可使用，支持热点。'],
    agreement: travelAgreement,
    images: 'demo:esim-asia.webp,banner-esim.webp',
    currency: 'USD',
    wholesaleMinQty: 10,
    qty: [1, 20],
    freight: 0,
    specs: [
      { en: 'Data', zh: '流量', values: [{ en: '5 GB', zh: '5GB' }, { en: '10 GB', zh: '10GB' }] },
      { en: 'Validity', zh: '有效期', values: [{ en: '7 days', zh: '7天' }, { en: '30 days', zh: '30天' }] },
    ],
    skus: [
      ['ESIM-ASIA-5-7', [0, 0], 990, 790, 0],
      ['ESIM-ASIA-5-30', [0, 1], 1490, 1190, 0],
      ['ESIM-ASIA-10-7', [1, 0], 1590, 1290, 0],
      ['ESIM-ASIA-10-30', [1, 1], 1999, 1599, 0],
    ],
    addonFamily: 'asia',
    plans: { 'ESIM-ASIA-5-7': [5000, 7], 'ESIM-ASIA-5-30': [5000, 30], 'ESIM-ASIA-10-7': [10000, 7], 'ESIM-ASIA-10-30': [10000, 30] },
    inputs: [],
    labels: [{ en: 'Instant delivery', zh: '即时发货' }, { en: 'Hotspot', zh: '支持热点' }],
    coverage: ['HK', 'JP', 'KR', 'SG', 'TH'],
    travel: {
      networks: [
        { country: 'HK', operators: ['CSL', '3'] },
        { country: 'JP', operators: ['SoftBank', 'KDDI'] },
        { country: 'KR', operators: ['SK Telecom', 'KT'] },
        { country: 'SG', operators: ['Singtel', 'StarHub'] },
        { country: 'TH', operators: ['AIS', 'dtac'] },
      ],
      hotspot: true,
      validityStarts: 'first-connection',
    },
    comments: [
      ['Mia', 'Installed in a minute on my iPhone, worked as soon as I landed in Tokyo.', 'Thank you, Mia! Safe travels.'],
      ['小王', '香港和首尔都很快，推荐。', null],
    ],
  },
  {
    key: 'china-unicom-sim',
    kind: 'sim',
    name: ['China Unicom prepaid SIM', '中国联通预付费电话卡'],
    subtitle: ['Physical card with a mainland number, shipped by SF Express', '实体卡，大陆号码，顺丰发货'],
    description: ['A nano/micro/standard triple-cut SIM with 30 GB of data and 100 minutes of calls. Real-name registration is done online after delivery.', '三切卡（nano/micro/标准），含30GB流量和100分钟通话。收到后在线完成实名登记。'],
    agreement: ['Physical SIM cards can be returned unopened within 7 days of delivery.', '实体卡在签收后7天内未拆封可退货。'],
    images: 'demo:sim-card.webp,banner-sim.webp',
    currency: 'CNY',
    wholesaleMinQty: 20,
    qty: [1, 10],
    freight: 1200,
    specs: [{ en: 'Plan', zh: '套餐', values: [{ en: '30 GB + 100 min', zh: '30GB+100分钟' }, { en: '100 GB + 300 min', zh: '100GB+300分钟' }] }],
    skus: [
      ['SIM-CU-30', [0], 5900, 4500, 200],
      ['SIM-CU-100', [1], 9900, 7900, 100],
    ],
    inputs: ['paperCard'],
    labels: [{ en: 'Shipped in 24 h', zh: '24小时发货' }],
    coverage: ['CN'],
    travel: { networks: [{ country: 'CN', operators: ['China Unicom'] }], hotspot: true, validityStarts: 'install' },
  },
  {
    key: 'data-recharge',
    kind: 'recharge',
    name: ['Data recharge', '流量充值'],
    subtitle: ['Top up a SIM you already have', '为已有电话卡充值'],
    description: ['Adds data to a SimShop SIM. Enter the phone number or the ICCID printed on the card.', '为SimShop电话卡充值流量。请输入手机号码或卡上印的ICCID。'],
    agreement: ['Recharges are applied within minutes and cannot be refunded once applied.', '充值将在几分钟内到账，到账后不支持退款。'],
    images: 'demo:recharge.webp',
    currency: 'USD',
    wholesaleMinQty: null,
    qty: [1, 5],
    freight: 0,
    specs: [{ en: 'Amount', zh: '额度', values: [{ en: '5 GB', zh: '5GB' }, { en: '20 GB', zh: '20GB' }] }],
    skus: [
      ['RCH-5', [0], 990, null, null, 5000],
      ['RCH-20', [1], 2990, null, null, 20000],
    ],
    inputs: ['rechargeNumber'],
    labels: [],
  },
  {
    key: 'qpe-ecode',
    kind: 'ecode',
    name: ['QPE ECode', 'QPE ECode'],
    subtitle: ['Vouchers for customised eSIMs, for resellers', '定制eSIM兑换码，分销商专用'],
    description: ['Each ECode (JT + 10 digits) can be customised once into an eSIM for a device IMEI.', '每个ECode（JT+10位数字）可为一台设备IMEI定制一次eSIM。'],
    agreement: ['ECodes are valid for 12 months from purchase.', 'ECode自购买之日起12个月内有效。'],
    images: 'demo:esim-asia.webp',
    currency: 'USD',
    wholesaleMinQty: 50,
    qty: [1, 1000],
    freight: 0,
    specs: [],
    skus: [['ECODE-QPE', [], 500, 350, 10000]],
    inputs: [],
    labels: [{ en: 'Resellers', zh: '分销商' }],
  },
  {
    key: 'phone-unlock',
    kind: 'service',
    name: ['Phone unlock service', '手机解锁服务'],
    subtitle: ['Carrier unlock by IMEI, 1–3 working days', '按IMEI解除运营商锁，1至3个工作日'],
    description: ['We check your IMEI with the carrier and unlock the phone remotely. If it cannot be unlocked you get your money back.', '我们向运营商核验IMEI并远程解锁。无法解锁将全额退款。'],
    agreement: ['Refunded in full if the unlock fails.', '解锁失败全额退款。'],
    images: 'demo:recharge.webp',
    currency: 'USD',
    wholesaleMinQty: null,
    qty: [1, 1],
    freight: 0,
    specs: [],
    skus: [['SVC-UNLOCK', [], 2500, null, null]],
    inputs: ['imei'],
    labels: [],
  },
  {
    key: 'global-esim',
    kind: 'esim',
    name: ['Global eSIM', '全球eSIM'],
    subtitle: ['120+ destinations, issued the moment you pay', '覆盖120多个目的地，付款即签发'],
    description: ['A profile made for you by our SM-DP+ as soon as the payment clears. 3 GB, 15 days.', '付款后由我们的SM-DP+即时为您生成配置文件。3GB，15天。'],
    agreement: travelAgreement,
    images: 'demo:esim-global.webp,banner-esim.webp',
    currency: 'USD',
    wholesaleMinQty: 10,
    qty: [1, 10],
    freight: 0,
    specs: [],
    skus: [['ESIM-GLOBAL-3', [], 1290, 990, null]],
    addonFamily: 'global',
    plans: { 'ESIM-GLOBAL-3': [3000, 15] },
    inputs: [],
    labels: [{ en: 'Issued on demand', zh: '即时签发' }],
    coverage: GLOBAL,
    travel: {
      networks: [
        { country: 'US', operators: ['T-Mobile', 'AT&T'] },
        { country: 'GB', operators: ['EE', 'Vodafone'] },
        { country: 'JP', operators: ['SoftBank'] },
        { country: 'CN', operators: ['China Unicom'] },
        { country: 'AU', operators: ['Optus'] },
      ],
      hotspot: true,
      validityStarts: 'first-connection',
    },
    source: 'smdp',
  },
  {
    key: 'europe-esim',
    kind: 'esim',
    name: ['Europe eSIM', '欧洲eSIM'],
    subtitle: ['33 countries, 15 GB, 30 days', '33国，15GB，30天'],
    description: ['Coming back soon.', '即将补货。'],
    agreement: travelAgreement,
    images: 'demo:esim-europe.webp',
    currency: 'USD',
    wholesaleMinQty: null,
    qty: [1, 10],
    freight: 0,
    specs: [],
    skus: [['ESIM-EU-15', [], 2490, null, 0]],
    addonFamily: 'europe',
    plans: { 'ESIM-EU-15': [15000, 30] },
    inputs: [],
    labels: [],
    soldOut: true,
    coverage: EUROPE,
    travel: { networks: [{ country: 'FR', operators: ['Orange'] }, { country: 'DE', operators: ['Telekom', 'Vodafone'] }, { country: 'ES', operators: ['Movistar'] }, { country: 'IT', operators: ['TIM'] }], hotspot: false, validityStarts: 'first-connection' },
  },
  // Data add-ons: offered on the page of an eSIM of the same family, added to that eSIM.
  {
    key: 'asia-data-addon',
    kind: 'esim_addon',
    name: ['Asia data add-on', '亚洲流量加油包'],
    subtitle: ['More data for your Asia eSIM, same QR', '为亚洲eSIM增加流量，无需新二维码'],
    description: ['Added to the Asia eSIM you already have within a minute of paying. Its data is used after your plan, and its days are added to the end date.', '付款后一分钟内添加到您已有的亚洲eSIM。先用完原套餐流量再使用加油包，其天数会顺延结束日期。'],
    agreement: ['An add-on that was added cannot be refunded.', '已添加的加油包不支持退款。'],
    images: 'demo:recharge.webp',
    currency: 'USD',
    wholesaleMinQty: null,
    qty: [1, 1],
    freight: 0,
    specs: [{ en: 'Package', zh: '流量包', values: [{ en: '1 GB · 3 days', zh: '1GB · 3天' }, { en: '3 GB · 7 days', zh: '3GB · 7天' }] }],
    skus: [
      ['ADDON-ASIA-1-3', [0], 390, null, null],
      ['ADDON-ASIA-3-7', [1], 890, null, null],
    ],
    plans: { 'ADDON-ASIA-1-3': [1000, 3], 'ADDON-ASIA-3-7': [3000, 7] },
    addonFamily: 'asia',
    inputs: [],
    labels: [],
    coverage: ['HK', 'JP', 'KR', 'SG', 'TH'],
  },
  {
    key: 'global-data-addon',
    kind: 'esim_addon',
    name: ['Global data add-on', '全球流量加油包'],
    subtitle: ['More data for your Global eSIM, same QR', '为全球eSIM增加流量，无需新二维码'],
    description: ['Added to the Global eSIM you already have within a minute of paying. Its data is used after your plan, and its days are added to the end date.', '付款后一分钟内添加到您已有的全球eSIM。先用完原套餐流量再使用加油包，其天数会顺延结束日期。'],
    agreement: ['An add-on that was added cannot be refunded.', '已添加的加油包不支持退款。'],
    images: 'demo:recharge.webp',
    currency: 'USD',
    wholesaleMinQty: null,
    qty: [1, 1],
    freight: 0,
    specs: [{ en: 'Package', zh: '流量包', values: [{ en: '1 GB · 7 days', zh: '1GB · 7天' }, { en: '3 GB · 15 days', zh: '3GB · 15天' }] }],
    skus: [
      ['ADDON-GLOBAL-1-7', [0], 590, null, null],
      ['ADDON-GLOBAL-3-15', [1], 1290, null, null],
    ],
    plans: { 'ADDON-GLOBAL-1-7': [1000, 7], 'ADDON-GLOBAL-3-15': [3000, 15] },
    addonFamily: 'global',
    inputs: [],
    labels: [],
    coverage: GLOBAL,
  },
];
