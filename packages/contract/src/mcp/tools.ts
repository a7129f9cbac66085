import { z } from 'zod';
import { countryCodeSchema, VALIDITY_STARTS } from '../catalogue.ts';
import { currencySchema, languageSchema } from '../enums.ts';
import { contactHoursSchema } from '../shop-settings.ts';
import { storeSchema } from '../stores.ts';
import { TRIP_DAYS_MAX, apnSettingSchema } from '../tools.ts';
import { McpScope, myEsimsInput, myEsimsOutput, myOrdersInput, myOrdersOutput, whyNoDataInput, whyNoDataOutput } from './customer-tools.ts';
import { addOrderNoteInput, addOrderNoteOutput, customerHistoryInput, customerHistoryOutput, ordersNeedingActionInput, ordersNeedingActionOutput, salesFiguresInput, salesFiguresOutput } from './staff-tools.ts';
import { balanceInput, balanceOutput, confirmPurchaseInput, confirmPurchaseOutput, myEcodesInput, myEcodesOutput, previewPurchaseInput, previewPurchaseOutput, wholesaleCatalogueInput, wholesaleCatalogueOutput } from './purchase-tools.ts';

/**
 * The shop's tools for assistants (its Model Context Protocol server at /mcp), defined once: the
 * server registers each from this list, the console names them from it. A tool belongs to one
 * group, which the owner turns on or off, and names the scope an assistant's token must carry
 * (null: none, the public tools work without an account). Inputs take a `language`; answers are
 * short text for the assistant to read plus structured content matching `output`.
 *
 * The input schemas carry zod's own messages (not the shop's i18n keys): a refused call shows
 * the assistant what to change.
 */
export const MCP_TOOL_GROUPS = ['public', 'customer', 'reseller', 'staff'] as const;
export const mcpToolGroupSchema = z.enum(MCP_TOOL_GROUPS);
export type McpToolGroup = z.infer<typeof mcpToolGroupSchema>;

/** The groups' names and what they offer, for the console's switches. */
export const MCP_TOOL_GROUP_TEXTS: Readonly<Record<McpToolGroup, { name: { en: string; zh: string }; hint: { en: string; zh: string } }>> = {
  public: { name: { en: 'Public tools', zh: '公开工具' }, hint: { en: 'Work without an account, limited per address.', zh: '无需账号即可使用，按访问地址限流。' } },
  customer: { name: { en: 'Customer tools', zh: '顾客工具' }, hint: { en: 'Act for a signed-in customer who approved the assistant.', zh: '代表已登录并授权助手的顾客操作。' } },
  reseller: { name: { en: 'Reseller tools', zh: '分销商工具' }, hint: { en: 'Act for a reseller who approved the assistant.', zh: '代表已授权助手的分销商操作。' } },
  staff: { name: { en: 'Staff tools', zh: '员工工具' }, hint: { en: 'Act for a staff member within their role.', zh: '在员工角色权限内代为操作。' } },
};

const language = languageSchema.default('en').describe('The language of the answer: "en" (English, the default) or "zh-Hans" (Simplified Chinese).');

export const findPlansInput = z.object({
  destinations: z
    .array(z.string().trim().min(1).max(60))
    .min(1)
    .max(10)
    .describe('Where the trip goes: country or region names ("Japan", "日本", "Hong Kong") or ISO codes ("JP"). Plans must cover every one.'),
  days: z.number().int().min(1).max(TRIP_DAYS_MAX).describe('How many days the plan must last.'),
  dataGb: z.number().min(0).max(10_000).optional().describe('Data needed for the whole trip, in gigabytes; leave out when unknown.'),
  currency: currencySchema.optional().describe('Prices in US dollars ("USD") or Chinese yuan ("CNY"); by default USD for English, CNY for Chinese.'),
  language,
});
export const mcpPlanSchema = z.object({
  productId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  option: z.string(),
  /** null: unlimited data. */
  dataMb: z.number().int().nullable(),
  days: z.number().int(),
  /** In minor units (cents, fen). */
  price: z.number().int(),
  currency: currencySchema,
  /** The price as the text says it, e.g. "9.90 US dollars". */
  priceText: z.string(),
  networks: z.array(z.object({ country: countryCodeSchema, operators: z.array(z.string()) })),
  hotspot: z.boolean(),
  validityStarts: z.enum(VALIDITY_STARTS),
  url: z.string(),
});
export type McpPlan = z.infer<typeof mcpPlanSchema>;
export const findPlansOutput = z.object({
  destinations: z.array(countryCodeSchema),
  /** What was asked for that names no country or region the shop knows. */
  unknownDestinations: z.array(z.string()),
  plans: z.array(mcpPlanSchema),
});

export const ESIM_ANSWERS = ['yes', 'no', 'depends', 'unknown'] as const;
export const checkEsimInput = z.object({
  model: z.string().trim().min(2).max(80).describe('The phone, tablet or watch model, e.g. "iPhone 15", "Pixel 8", "Galaxy S23", "小米 14".'),
  language,
});
export const checkEsimOutput = z.object({
  answer: z.enum(ESIM_ANSWERS),
  /** The model the answer is about (null: none or several matched). */
  device: z.object({ brand: z.string(), model: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The carrier-unlock caveat, where the device can take an eSIM. */
  caveat: z.string().nullable(),
  /** Other models the query matched, for the assistant to ask which. */
  otherMatches: z.array(z.object({ brand: z.string(), model: z.string(), answer: z.enum(ESIM_ANSWERS) })),
});

export const PHONE_SYSTEMS = ['ios', 'android'] as const;
export const installGuideInput = z.object({
  os: z.enum(PHONE_SYSTEMS).describe('The phone\'s system: "ios" (iPhone, iPad) or "android".'),
  model: z.string().trim().min(2).max(80).optional().describe('The phone model, to check it takes an eSIM at all.'),
  language,
});
export const installGuideOutput = z.object({
  os: z.enum(PHONE_SYSTEMS),
  steps: z.array(z.string()),
  notes: z.array(z.string()),
  /** The model's eSIM support, when a model was given. */
  esim: z.enum(ESIM_ANSWERS).nullable(),
});

export const apnInput = z.object({
  destination: z.string().trim().min(1).max(60).optional().describe('A country or region name or ISO code; leave out for every destination.'),
  operator: z.string().trim().min(1).max(40).optional().describe('The network operator the phone shows, e.g. "SoftBank".'),
  language,
});
export const apnOutput = z.object({ items: z.array(apnSettingSchema) });

export const contactInput = z.object({ language });
export const contactOutput = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechatId: z.string().nullable(),
  address: z.string().nullable(),
  hours: contactHoursSchema,
  /** The hours as the text says them, e.g. "Monday to Saturday, 11:00 to 19:00". */
  hoursText: z.string(),
  stores: z.array(storeSchema.pick({ name: true, address: true, city: true, phone: true, timeZone: true }).extend({ hoursText: z.string() })),
});

interface McpToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  group: McpToolGroup;
  /** The scope a token must carry; null for the public tools. */
  scope: McpScope | null;
  title: { en: string; zh: string };
  /** What the assistant reads to decide when to call it (the listing is in English; the console shows both). */
  description: { en: string; zh: string };
  input: I;
  output: O;
  /** Reads only: an assistant may call it without asking. */
  readOnly: boolean;
}
const tool = <I extends z.ZodObject, O extends z.ZodObject>(def: McpToolDef<I, O>) => def;

export const MCP_TOOLS = [
  tool({
    name: 'find_plans',
    group: 'public',
    scope: null,
    title: { en: 'Find plans for a trip', zh: '按行程查找套餐' },
    description: {
      en: 'Finds the shop\'s eSIM and SIM data plans that cover every destination of a trip for enough days (and data, when given), cheapest first: price and currency, networks, when the days start counting, and a link to each plan\'s page.',
      zh: '查找覆盖行程所有目的地、天数（以及流量，如提供）足够的 eSIM 和 SIM 流量套餐，按价格从低到高：价格和币种、网络、天数何时开始计算，以及每个套餐页面的链接。',
    },
    input: findPlansInput,
    output: findPlansOutput,
    readOnly: true,
  }),
  tool({
    name: 'check_esim_support',
    group: 'public',
    scope: null,
    title: { en: 'Check a phone\'s eSIM support', zh: '查询手机是否支持 eSIM' },
    description: {
      en: 'Says whether a phone, tablet or watch model takes an eSIM: yes, no, depends (on where it was bought; with the reason) or unknown; and that the phone must be carrier-unlocked.',
      zh: '查询手机、平板或手表型号是否支持 eSIM：支持、不支持、视版本而定（附原因）或未知；并提示手机须为无锁版。',
    },
    input: checkEsimInput,
    output: checkEsimOutput,
    readOnly: true,
  }),
  tool({
    name: 'install_guide',
    group: 'public',
    scope: null,
    title: { en: 'eSIM install guide', zh: 'eSIM 安装指南' },
    description: { en: 'Step-by-step eSIM installation on an iPhone (iOS) or an Android phone, with what to do on arrival.', zh: '在 iPhone（iOS）或安卓手机上安装 eSIM 的步骤，以及到达后的设置。' },
    input: installGuideInput,
    output: installGuideOutput,
    readOnly: true,
  }),
  tool({
    name: 'apn_settings',
    group: 'public',
    scope: null,
    title: { en: 'APN settings', zh: 'APN 设置' },
    description: { en: 'The internet APN (with user name and password where needed) of the networks the shop\'s plans use, by destination or operator: for a phone that shows signal but has no data.', zh: '本店套餐所用网络的上网 APN（需要时含用户名和密码），可按目的地或运营商查询：适用于有信号但无法上网的手机。' },
    input: apnInput,
    output: apnOutput,
    readOnly: true,
  }),
  tool({
    name: 'shop_contact',
    group: 'public',
    scope: null,
    title: { en: 'Contact and opening hours', zh: '联系方式与营业时间' },
    description: { en: 'How to reach the shop (phone, email, WeChat, address), when it answers, and its stores with their opening hours.', zh: '联系本店的方式（电话、邮箱、微信、地址）、客服时间，以及各门店及其营业时间。' },
    input: contactInput,
    output: contactOutput,
    readOnly: true,
  }),
  tool({
    name: 'my_esims',
    group: 'customer',
    scope: McpScope.esimRead,
    title: { en: 'My eSIMs', zh: '我的 eSIM' },
    description: {
      en: 'The signed-in customer\'s eSIMs, newest first: each one\'s id, plan, whether it is installed, its state, data left and days left (units spelled out).',
      zh: '已登录顾客的 eSIM（最新的在前）：每张的编号、套餐、是否已安装、状态、剩余流量和剩余天数（写明单位）。',
    },
    input: myEsimsInput,
    output: myEsimsOutput,
    readOnly: true,
  }),
  tool({
    name: 'my_orders',
    group: 'customer',
    scope: McpScope.ordersRead,
    title: { en: 'My orders', zh: '我的订单' },
    description: { en: 'The signed-in customer\'s newest orders with their status, total and currency, and what was bought.', zh: '已登录顾客最近的订单：状态、总额和币种，以及所购商品。' },
    input: myOrdersInput,
    output: myOrdersOutput,
    readOnly: true,
  }),
  tool({
    name: 'why_no_data',
    group: 'customer',
    scope: McpScope.esimRead,
    title: { en: 'Why do I have no data?', zh: '为什么无法上网？' },
    description: {
      en: 'A checklist for one of the customer\'s eSIMs that has no data: from its state, install log and usage, what is fine, what is wrong and what to check on the phone.',
      zh: '针对顾客某张无法上网的 eSIM 的检查清单：根据其状态、安装记录和用量，说明哪些正常、哪些有问题、手机上还需检查什么。',
    },
    input: whyNoDataInput,
    output: whyNoDataOutput,
    readOnly: true,
  }),
  tool({
    name: 'preview_purchase',
    group: 'customer',
    scope: McpScope.buy,
    title: { en: 'Preview a purchase', zh: '预览购买' },
    description: {
      en: 'First step of buying a plan, a data top-up for one of the customer\'s eSIMs (with esimId) or, for a reseller, ECodes, paid from the customer\'s balance: says what would be bought, the price and currency, the balance before and after, and what is left of the customer\'s daily amount. Nothing is bought or charged: show it to the customer, then call confirm_purchase with its previewToken once they agree.',
      zh: '购买套餐、为顾客的某张 eSIM 加购流量（提供 esimId）或（分销商）购买 ECode 并从顾客余额支付的第一步：说明将购买什么、价格和币种、支付前后的余额，以及顾客每日额度的剩余。不会购买也不会扣款：请先给顾客看，顾客同意后再用其 previewToken 调用 confirm_purchase。',
    },
    input: previewPurchaseInput,
    output: previewPurchaseOutput,
    readOnly: true,
  }),
  tool({
    name: 'confirm_purchase',
    group: 'customer',
    scope: McpScope.buy,
    title: { en: 'Confirm a purchase', zh: '确认购买' },
    description: {
      en: 'Buys what a preview_purchase showed and pays it from the balance, once the customer agreed. Refused when the price changed since the preview, over the customer\'s daily amount, or with too little balance. Sending the same previewToken again places no second order.',
      zh: '顾客同意后，购买 preview_purchase 所示商品并从余额支付。若价格自预览后有变、超出顾客的每日额度或余额不足，则拒绝。同一 previewToken 再次发送不会重复下单。',
    },
    input: confirmPurchaseInput,
    output: confirmPurchaseOutput,
    readOnly: false,
  }),
  tool({
    name: 'wholesale_catalogue',
    group: 'reseller',
    scope: McpScope.resellerRead,
    title: { en: 'Wholesale catalogue', zh: '批发目录' },
    description: { en: 'The products a reseller can buy with their list and wholesale prices per SKU (minor units and currency), ten a page.', zh: '分销商可购买的商品及每个 SKU 的零售价和批发价（最小货币单位及币种），每页十个。' },
    input: wholesaleCatalogueInput,
    output: wholesaleCatalogueOutput,
    readOnly: true,
  }),
  tool({
    name: 'balance',
    group: 'reseller',
    scope: McpScope.resellerRead,
    title: { en: 'Balance', zh: '余额' },
    description: { en: 'The reseller\'s balances, one per currency, and whether one is locked.', zh: '分销商的余额（每种币种一个），以及是否被锁定。' },
    input: balanceInput,
    output: balanceOutput,
    readOnly: true,
  }),
  tool({
    name: 'my_ecodes',
    group: 'reseller',
    scope: McpScope.resellerRead,
    title: { en: 'My ECodes', zh: '我的 ECode' },
    description: { en: 'The reseller\'s newest ECodes with their state, product and order.', zh: '分销商最新的 ECode，及其状态、商品和订单。' },
    input: myEcodesInput,
    output: myEcodesOutput,
    readOnly: true,
  }),
  tool({
    name: 'orders_needing_action',
    group: 'staff',
    scope: McpScope.staffRead,
    title: { en: 'Orders needing action', zh: '待处理订单' },
    description: {
      en: 'For a staff member: the orders waiting for them now — paid parcels to ship, refunds to decide, paid digital orders not issued — with totals and currencies; a merchant\'s staff see only their merchant\'s orders.',
      zh: '供员工使用：当前等待处理的订单——待发货的已付款包裹、待审核的退款、已付款但未发放的数字商品订单——含金额和币种；商户员工只能看到本商户的订单。',
    },
    input: ordersNeedingActionInput,
    output: ordersNeedingActionOutput,
    readOnly: true,
  }),
  tool({
    name: 'customer_history',
    group: 'staff',
    scope: McpScope.staffRead,
    title: { en: 'A customer\'s history', zh: '顾客记录' },
    description: {
      en: 'For a staff member: one customer, found by email, phone or one of their order numbers, with their newest orders, eSIMs and messages with the shop.',
      zh: '供员工使用：按邮箱、手机号或其订单号查找一位顾客，列出其最近的订单、eSIM 和与本店的消息。',
    },
    input: customerHistoryInput,
    output: customerHistoryOutput,
    readOnly: true,
  }),
  tool({
    name: 'sales_figures',
    group: 'staff',
    scope: McpScope.staffRead,
    title: { en: 'Sales figures', zh: '销售数据' },
    description: {
      en: 'For a staff member: a period\'s paid orders, gross sales, approved refunds and net sales per currency (as the console\'s sales report counts them).',
      zh: '供员工使用：某一时段每种币种的已付款订单数、销售额、已批准退款和净销售额（与后台销售报表的口径相同）。',
    },
    input: salesFiguresInput,
    output: salesFiguresOutput,
    readOnly: true,
  }),
  tool({
    name: 'add_order_note',
    group: 'staff',
    scope: McpScope.staffWrite,
    title: { en: 'Add a note to an order', zh: '为订单添加备注' },
    description: {
      en: 'For a staff member: adds an internal note to an order in their name (colleagues see it in the console; the customer never does). Recorded in the audit log with the assistant\'s name.',
      zh: '供员工使用：以员工本人的名义为订单添加内部备注（同事可在后台看到，顾客看不到）。审计日志会记录助手的名称。',
    },
    input: addOrderNoteInput,
    output: addOrderNoteOutput,
    readOnly: false,
  }),
] as const;

export type McpTool = (typeof MCP_TOOLS)[number];
export type McpToolName = McpTool['name'];
/** The tools of one group, in registry order. */
export const mcpToolsOf = (group: McpToolGroup): readonly McpTool[] => MCP_TOOLS.filter((t) => t.group === group);
