import {
  activationStatusLabelKey,
  adminApi,
  Currency,
  enumTexts,
  merchantScopeOf,
  OrderStatus,
  roleCan,
  TO_SHIP_STATUSES,
  type addOrderNoteInput,
  type customerHistoryInput,
  type Language,
  type McpToolName,
  type OrderStatus as Status,
  type ordersNeedingActionInput,
  type Permission,
  type salesFiguresInput,
  type StaffRole,
} from '@simshop/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../audit/audit.service.ts';
import { requireCustomer, userIdOf } from '../accounts/account-admin.service.ts';
import { customerEsims } from '../esim/esim.service.ts';
import { ownerOf } from '../merchants/merchant.service.ts';
import { conversationOf } from '../messages/message.service.ts';
import type { McpStaff } from '../oauth/oauth.service.ts';
import { addOrderNote } from '../orders/order-admin.service.ts';
import { listAdminOrders, requireOrder } from '../orders/order-admin-views.service.ts';
import { customerOrders } from '../orders/order-views.service.ts';
import { salesReport } from '../reports/reports.service.ts';
import type { EventLog } from '../security/security-event.service.ts';
import { pickText } from './mcp-customer-texts.ts';
import type { ToolAnswer } from './mcp-public-tools.ts';
import { refusalOf, refusing } from './mcp-refusals.ts';
import { historyText, noteText, queuesText, roleRefusalText, salesText, STAFF_REFUSALS, statusText, type Queues, type StaffOrderLine } from './mcp-staff-texts.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * The staff tools' work, for the staff member an approved token acts for, under the console's
 * own rules: each tool names the console actions it does the work of, and runs only when the
 * member's role has each action's permission and, for a merchant's staff, the merchant table
 * lets them (a platform action is refused; a list is filtered to their merchant; one order is
 * "not found" unless it is their merchant's). The one write, add_order_note, goes through the
 * orders service as the console's note does, audited with the assistant's name in the actor.
 */
export interface StaffToolContext {
  db: Database;
  /** The member as their console sees them now (role, merchant), with the token's approval. */
  staff: McpStaff & { email: string; role: StaffRole; merchantId: number | null };
  now: number;
  ip: string;
  log: EventLog;
}

type ConsoleAction = { [E in keyof typeof adminApi]: [E, keyof (typeof adminApi)[E]['actions'] & string] }[keyof typeof adminApi];

/** The console actions each staff tool does the work of: their permissions and merchant scopes are the tool's. */
export const STAFF_TOOL_ACTIONS: Partial<Record<McpToolName, readonly ConsoleAction[]>> = {
  orders_needing_action: [['adminOrder', 'list']],
  customer_history: [
    ['adminCustomer', 'detail'],
    ['adminCustomer', 'orders'],
    ['adminCustomer', 'esims'],
    ['adminMessage', 'thread'],
  ],
  sales_figures: [['adminReports', 'sales']],
  add_order_note: [['adminOrder', 'add_note']],
};

const permissionOf = ([endpoint, action]: ConsoleAction): Permission | null => ((adminApi[endpoint].actions as Record<string, { permission?: Permission | null }>)[action]?.permission ?? null);

/** The refusal for a member the console would refuse one of the tool's actions; null: allowed. */
export function staffRefusal(tool: McpToolName, staff: { role: StaffRole; merchantId: number | null }, lang: Language): ToolAnswer | null {
  for (const action of STAFF_TOOL_ACTIONS[tool] ?? []) {
    const permission = permissionOf(action);
    if (permission && !roleCan(staff.role, permission)) return { text: roleRefusalText(staff.role, permission, lang), error: true };
    if (staff.merchantId !== null) {
      const scope = merchantScopeOf(action[0], action[1]);
      if (scope === undefined || scope === 'platform') return { text: pickText(lang, STAFF_REFUSALS.platformOnly), error: true };
    }
  }
  return null;
}

const nameOf = (name: { en: string; zh: string | null }, lang: Language) => (lang === 'zh-Hans' && name.zh ? name.zh : name.en);

async function ordersNeedingAction(ctx: StaffToolContext, input: z.output<typeof ordersNeedingActionInput>): Promise<ToolAnswer> {
  const lang = input.language;
  const merchantId = ctx.staff.merchantId ?? undefined;
  // Oldest first: what has waited longest comes first.
  const list = (status: Status[], delivery?: 'ship', size = input.limit) => listAdminOrders(ctx.db, { status, delivery, sortField: 'createdAt', sortOrder: 'asc', page: 1, pageSize: size } as Parameters<typeof listAdminOrders>[1], merchantId);
  const [toShip, refunds, paid] = await Promise.all([
    list([...TO_SHIP_STATUSES], 'ship'),
    list([OrderStatus.toBeRefunded]),
    // Digital orders are issued when paid: one still "paid" waits for its issuing or failed it.
    list([OrderStatus.paid], undefined, 200),
  ]);
  const line = (o: (typeof toShip.items)[number]): StaffOrderLine => ({
    orderNo: o.orderNo,
    status: o.status,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    total: o.total,
    currency: o.currency as Currency,
    customer: o.customer.email ?? o.customer.tel ?? o.customer.nickname,
    items: o.lines.map((l) => `${nameOf(l.name, lang)} ×${l.quantity}`),
    kinds: o.lines.map((l) => l.kind),
  });
  const digital = paid.items.filter((o) => !o.physical && !o.pickup);
  const queues: Queues = {
    toShip: { count: toShip.total, orders: toShip.items.map(line) },
    refundsToDecide: { count: refunds.total, orders: refunds.items.map(line) },
    notIssued: { count: digital.length, orders: digital.slice(0, input.limit).map(line) },
  };
  const structured = Object.fromEntries(
    Object.entries(queues).map(([name, q]) => [name, { count: q.count, orders: q.orders.map(({ kinds, ...o }) => ({ ...o, statusText: statusText(o.status, lang, kinds), totalText: moneyText(o.total, o.currency, lang) })) }]),
  );
  return { text: queuesText(queues, lang), structured };
}

async function customerHistory(ctx: StaffToolContext, input: z.output<typeof customerHistoryInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return refusing(lang, async () => {
    let userId: number;
    try {
      userId = input.orderNo ? (await requireOrder(ctx.db, input.orderNo)).user_id : await userIdOf(ctx.db, input.account!);
    } catch (err) {
      if (refusalOf(err, lang)) return { text: pickText(lang, STAFF_REFUSALS.noCustomer), error: true };
      throw err;
    }
    const page = { page: 1, pageSize: input.limit };
    const [customer, orders, esims, conversation] = await Promise.all([requireCustomer(ctx.db, userId), customerOrders(ctx.db, userId, page), customerEsims(ctx.db, userId, page), conversationOf(ctx.db, userId)]);
    const facts = {
      customer: { id: customer.id, email: customer.email, tel: customer.tel, nickname: customer.nickname, status: customer.status },
      orders: orders.items.map((o) => ({ orderNo: o.orderNo, status: o.status, createdAt: o.createdAt, total: o.total, currency: o.currency, firstItem: o.firstItem ? nameOf(o.firstItem, lang) : null })),
      orderCount: orders.total,
      esims: esims.items.map((e) => ({ esimId: e.id, name: nameOf(e.name, lang), iccid: e.iccid, status: e.status, activationStatus: e.activationStatus, activationText: enumTexts[lang][activationStatusLabelKey(e.activationStatus)] ?? String(e.activationStatus), orderNo: e.orderNo })),
      esimCount: esims.total,
      messages: conversation.slice(-input.limit).map((m) => ({ from: m.sender === 'shop' ? ('shop' as const) : ('customer' as const), text: m.content, at: Number(m.created_at) })),
    };
    const structured = {
      ...facts,
      orders: facts.orders.map((o) => ({ ...o, statusText: statusText(o.status, lang), totalText: moneyText(o.total, o.currency, lang) })),
      esims: facts.esims.map(({ activationText: _text, ...e }) => e),
    };
    return { text: historyText(facts, lang), structured };
  });
}

async function salesFigures(ctx: StaffToolContext, input: z.output<typeof salesFiguresInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return refusing(lang, async () => {
    const period = { from: input.from, to: input.to, timeZone: input.timeZone };
    const rows = await Promise.all(
      Object.values(Currency).map(async (currency) => {
        // One bucket per month: the period's totals are their sum.
        const { rows: buckets } = await salesReport(ctx.db, { ...period, currency, bucket: 'month' });
        const sum = (k: 'orders' | 'gross' | 'refunds' | 'net') => buckets.reduce((n, b) => n + b[k], 0);
        return { currency, orders: sum('orders'), gross: sum('gross'), refunds: sum('refunds'), net: sum('net') };
      }),
    );
    const currencies = rows.map((r) => ({ ...r, grossText: moneyText(r.gross, r.currency, lang), refundsText: moneyText(r.refunds, r.currency, lang), netText: moneyText(r.net, r.currency, lang) }));
    return { text: salesText(period, rows, lang), structured: { ...period, currencies } };
  });
}

async function addNote(ctx: StaffToolContext, input: z.output<typeof addOrderNoteInput>): Promise<ToolAnswer> {
  const lang = input.language;
  return refusing(lang, async () => {
    // A merchant's staff reach only their merchant's orders; another's reads as none at all.
    if (ctx.staff.merchantId !== null && (await ownerOf(ctx.db, 'order', input.orderNo)) !== ctx.staff.merchantId) return { text: pickText(lang, STAFF_REFUSALS.noOrder(input.orderNo)), error: true };
    // The console's actor, naming the assistant the member acted through.
    const actor: Actor = { staffId: ctx.staff.staffId, label: `${ctx.staff.email} (assistant "${ctx.staff.clientName}")`, ip: ctx.ip, written: 0 };
    await addOrderNote(ctx.db, actor, input.orderNo, input.text, ctx.now);
    return { text: noteText(input.orderNo, actor.label, lang), structured: { orderNo: input.orderNo, note: input.text, author: actor.label } };
  });
}

/** Each staff tool's work by name. */
export const STAFF_TOOL_RUNS: Partial<Record<McpToolName, (ctx: StaffToolContext, input: never) => Promise<ToolAnswer>>> = {
  orders_needing_action: ordersNeedingAction,
  customer_history: customerHistory,
  sales_figures: salesFigures,
  add_order_note: addNote,
};
