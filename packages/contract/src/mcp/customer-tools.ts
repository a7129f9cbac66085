import { z } from 'zod';
import { activationStatusSchema, currencySchema, esimRecordStatusSchema, languageSchema, orderStatusSchema } from '../enums.ts';
import { ESIM_USAGE_STATES } from '../esim.ts';

/**
 * What an assistant may do for a customer who approved it (the OAuth scopes of the shop's
 * authorization server), with the words the consent page and Mine → Connected assistants show,
 * and the customer tools' inputs and answers. A token acts for its customer only.
 */
export const McpScope = { esimRead: 'esim.read', ordersRead: 'orders.read', buy: 'buy', resellerRead: 'reseller.read', staffRead: 'staff.read', staffWrite: 'staff.write' } as const;
export type McpScope = (typeof McpScope)[keyof typeof McpScope];
export const mcpScopeSchema = z.enum(McpScope);
export const MCP_SCOPES: readonly McpScope[] = Object.values(McpScope);
/** The scopes a staff member approves with their console account; the others are a customer's (or reseller's). */
export const MCP_STAFF_SCOPES: readonly McpScope[] = [McpScope.staffRead, McpScope.staffWrite];
export const isStaffScope = (scope: string): boolean => (MCP_STAFF_SCOPES as readonly string[]).includes(scope);

export const MCP_SCOPE_TEXTS: Readonly<Record<McpScope, { en: string; zh: string }>> = {
  'esim.read': { en: 'See your eSIMs: their state, data and days left, and why one may have no data', zh: '查看您的 eSIM：状态、剩余流量和天数，以及无法上网的可能原因' },
  'orders.read': { en: 'See your orders and their status', zh: '查看您的订单及其状态' },
  buy: { en: 'Buy plans, top-ups and ECodes for you, paid from your balance, up to an amount a day you choose', zh: '代您购买套餐、流量包和 ECode，从您的余额支付，每天不超过您设定的金额' },
  'reseller.read': { en: 'See your wholesale prices, your balance and your ECodes', zh: '查看您的批发价、余额和 ECode' },
  'staff.read': { en: 'See what your console role lets you see: orders needing action, a customer\'s history, sales figures', zh: '查看您的后台角色可见的内容：待处理订单、顾客记录、销售数据' },
  'staff.write': { en: 'Add notes to orders in your name, where your console role allows it', zh: '在您的后台角色允许时，以您的名义为订单添加备注' },
};

const language = languageSchema.default('en').describe('The language of the answer: "en" (English, the default) or "zh-Hans" (Simplified Chinese).');

export const myEsimsInput = z.object({ language });
export const mcpEsimSchema = z.object({
  esimId: z.number().int(),
  name: z.string(),
  plan: z.array(z.string()),
  iccid: z.string().nullable(),
  status: esimRecordStatusSchema,
  activationStatus: activationStatusSchema,
  installed: z.boolean(),
  /** The plan's state; unknown when its facts or the network's count are not known. */
  state: z.enum(ESIM_USAGE_STATES),
  /** null: unlimited or unknown. */
  dataLeftMb: z.number().int().nullable(),
  /** The allowance bought; null: unlimited or unknown. */
  dataTotalMb: z.number().int().nullable(),
  unlimited: z.boolean(),
  daysLeft: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
});
export const myEsimsOutput = z.object({ esims: z.array(mcpEsimSchema), total: z.number().int() });

export const MY_ORDERS_MAX = 20;
export const myOrdersInput = z.object({
  limit: z.number().int().min(1).max(MY_ORDERS_MAX).default(10).describe(`How many of the newest orders (1 to ${MY_ORDERS_MAX}, 10 by default).`),
  language,
});
export const mcpOrderSchema = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  statusText: z.string(),
  createdAt: z.number().int(),
  /** In minor units (cents, fen). */
  total: z.number().int(),
  currency: currencySchema,
  totalText: z.string(),
  items: z.array(z.string()),
});
export const myOrdersOutput = z.object({ orders: z.array(mcpOrderSchema), total: z.number().int() });

export const NO_DATA_CHECK_RESULTS = ['ok', 'problem', 'to-check'] as const;
export const whyNoDataInput = z.object({
  esimId: z.number().int().positive().describe('The eSIM\'s id, as my_esims gives it.'),
  language,
});
export const whyNoDataOutput = z.object({
  esimId: z.number().int(),
  name: z.string(),
  checks: z.array(z.object({ check: z.string(), result: z.enum(NO_DATA_CHECK_RESULTS), text: z.string() })),
});
