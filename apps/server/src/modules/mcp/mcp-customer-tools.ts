import { ActivationStatus, EsimRecordStatus, InstallLogType, OrderListTab, serverErrors, type EsimUsageState, type McpToolName, type myEsimsInput, type myOrdersInput, type whyNoDataInput } from '@simshop/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { esimWithQueue, listEsims } from '../esim/esim.service.ts';
import type { McpCustomer } from '../oauth/oauth.service.ts';
import type { EventLog } from '../security/security-event.service.ts';
import { listOrders } from '../orders/order-views.service.ts';
import { ACTIVE_STATUSES, activeText, CHECK_TEXTS, checklistText, esimsText, expiredText, installedText, orderStatusText, ordersText, pickText, usedUpText, type Check } from './mcp-customer-texts.ts';
import { moneyText } from './mcp-texts.ts';
import type { ToolAnswer } from './mcp-public-tools.ts';

/**
 * The customer tools' work, for the customer an approved token acts for: each reads through the
 * owning module's service with that customer's id only, so another customer's eSIM is "not
 * yours" as on the shop's own pages. The scope check is the server's (mcp-server.ts).
 */
export interface CustomerToolContext {
  db: Database;
  carrier: CarrierProvider | null;
  customer: McpCustomer;
  now: number;
  /** The request's address and log, for the security log's record of each call. */
  ip: string;
  log: EventLog;
}

/** At most this many eSIMs: an assistant reads out a few. */
const ESIMS_MAX = 20;

const usageFacts = (usage: { state: EsimUsageState; leftMb: number | null; dataMb: number | null; daysLeft: number | null } | null) => ({
  state: usage?.state ?? 'unknown',
  dataLeftMb: usage?.leftMb ?? null,
  dataTotalMb: usage?.dataMb ?? null,
  unlimited: usage !== null && usage.dataMb === null,
  daysLeft: usage?.daysLeft ?? null,
});

async function myEsims(ctx: CustomerToolContext, input: z.output<typeof myEsimsInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const list = await listEsims(ctx.db, ctx.carrier, ctx.customer.userId, { page: 1, size: ESIMS_MAX }, lang, ctx.now);
  const esims = list.items.map((e) => ({
    esimId: e.id,
    name: e.name,
    plan: e.plan,
    iccid: e.iccid,
    status: e.status,
    activationStatus: e.activationStatus,
    installed: e.added,
    ...usageFacts(e.usage),
    expiresAt: e.usage?.expiresAt ?? null,
  }));
  return { text: esimsText(esims, list.total, lang), structured: { esims, total: list.total } };
}

async function myOrders(ctx: CustomerToolContext, input: z.output<typeof myOrdersInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const list = await listOrders(ctx.db, ctx.customer.userId, { tab: OrderListTab.all, page: 1, size: input.limit }, lang);
  const orders = list.items.map((o) => ({
    orderNo: o.orderNo,
    status: o.status,
    createdAt: o.createdAt,
    total: o.total,
    currency: o.currency,
    items: o.items.map((i) => `${[i.name, ...i.options].join(' ')} ×${i.quantity}`),
    kinds: o.items.map((i) => i.kind),
  }));
  return { text: ordersText(orders, list.total, lang), structured: { orders: orders.map(({ kinds, ...o }) => ({ ...o, statusText: orderStatusText(o.status, kinds, lang), totalText: moneyText(o.total, o.currency, lang) })), total: list.total } };
}

async function whyNoData(ctx: CustomerToolContext, input: z.output<typeof whyNoDataInput>): Promise<ToolAnswer> {
  const lang = input.language;
  let found: Awaited<ReturnType<typeof esimWithQueue>>;
  try {
    found = await esimWithQueue(ctx.db, ctx.carrier, ctx.customer.userId, input.esimId, lang, ctx.now);
  } catch (err) {
    if (err instanceof AppError && err.def === serverErrors.esimNotFound) {
      return { text: pickText(lang, { en: `No eSIM #${input.esimId} in your account: use my_esims for your eSIMs' ids.`, zh: `您的账号中没有编号为 ${input.esimId} 的 eSIM：可用 my_esims 查看您的 eSIM 编号。` }), error: true };
    }
    throw err;
  }
  const { row, log, usage } = found;
  const name = [row.name_en ? pickText(lang, { en: row.name_en, zh: row.name_zh ?? row.name_en }) : '', row.iccid ? `(ICCID ${row.iccid})` : `#${row.id}`].filter(Boolean).join(' ');
  const checks: Check[] = [];
  const say = (check: string, result: Check['result'], text: string) => checks.push({ check, result, text });
  if (row.record_status === EsimRecordStatus.discarded || row.record_status === EsimRecordStatus.recycled) say('kept', 'problem', pickText(lang, CHECK_TEXTS.removed));
  const last = log.at(-1);
  const installed = log.find((l) => l.type === InstallLogType.successInstall);
  if (last?.type === InstallLogType.deleted) say('installed', 'problem', pickText(lang, CHECK_TEXTS.deleted));
  else if (installed || row.added === 1) say('installed', 'ok', installedText(installed?.created_at ?? null, lang));
  else say('installed', 'problem', pickText(lang, CHECK_TEXTS.notInstalled));
  if (log.some((l) => l.type === InstallLogType.eidMismatch)) say('device', 'problem', pickText(lang, CHECK_TEXTS.eidMismatch));
  if (row.activation_status === ActivationStatus.disabled) say('switched-on', 'problem', pickText(lang, CHECK_TEXTS.disabled));
  else if (ACTIVE_STATUSES.has(row.activation_status)) say('switched-on', 'ok', pickText(lang, { en: 'The eSIM is switched on.', zh: 'eSIM 已开启。' }));
  const facts = usageFacts(usage);
  const line = { esimId: row.id, name, plan: [], iccid: row.iccid, installed: row.added === 1, activationStatus: row.activation_status, ...facts };
  if (!usage) say('plan', 'to-check', pickText(lang, CHECK_TEXTS.unknownPlan));
  else if (usage.state === 'expired') say('plan', 'problem', expiredText(usage.expiresAt, lang));
  else if (usage.state === 'used-up') say('plan', 'problem', usedUpText(usage.dataMb, lang));
  else if (usage.state === 'not-started') say('plan', 'to-check', pickText(lang, CHECK_TEXTS.notStarted));
  else if (usage.state === 'active') say('plan', 'ok', activeText(line, lang));
  else say('plan', 'to-check', pickText(lang, CHECK_TEXTS.unknownPlan));
  say('phone-settings', 'to-check', pickText(lang, CHECK_TEXTS.phone));
  say('apn', 'to-check', pickText(lang, CHECK_TEXTS.apn));
  return { text: checklistText(name, checks, lang), structured: { esimId: row.id, name, checks } };
}

/** Each customer tool's work by name. */
export const CUSTOMER_TOOL_RUNS: Partial<Record<McpToolName, (ctx: CustomerToolContext, input: never) => Promise<ToolAnswer>>> = {
  my_esims: myEsims,
  my_orders: myOrders,
  why_no_data: whyNoData,
};
