import { enumTexts, orderStatusLabelKeyFor, type Currency, type Language, type OrderStatus, type ProductKind, type StaffRole } from '@simshop/contract';
import { pickText } from './mcp-customer-texts.ts';
import { moneyText } from './mcp-texts.ts';

/**
 * What the staff tools say to a staff member's assistant: short lines in the asked language,
 * every amount with its currency's name, every count with what it counts.
 */
const dateText = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A paid order's status says what waits ("Paid (eSIM being issued)") when its kinds are known, as the console does. */
export const statusText = (status: OrderStatus, lang: Language, kinds: readonly ProductKind[] = []) => enumTexts[lang][orderStatusLabelKeyFor(status, { kinds })] ?? status;

export interface StaffOrderLine {
  orderNo: string;
  status: OrderStatus;
  createdAt: number;
  paidAt: number | null;
  total: number;
  currency: Currency;
  customer: string;
  items: string[];
  kinds: ProductKind[];
}

export type QueueName = 'toShip' | 'refundsToDecide' | 'notIssued';
export type Queues = Record<QueueName, { count: number; orders: StaffOrderLine[] }>;

const QUEUE_TEXTS: Record<QueueName, { en: (n: number) => string; zh: (n: number) => string }> = {
  toShip: { en: (n) => `To ship: ${n} paid ${n === 1 ? 'order' : 'orders'} with a parcel`, zh: (n) => `待发货：${n} 个已付款的包裹订单` },
  refundsToDecide: { en: (n) => `Refunds to decide: ${n} ${n === 1 ? 'request' : 'requests'}`, zh: (n) => `待审核退款：${n} 个申请` },
  notIssued: { en: (n) => `Paid but not issued (fulfilment failed or waiting): ${n} digital ${n === 1 ? 'order' : 'orders'}`, zh: (n) => `已付款但未发放（发放失败或等待中）：${n} 个数字商品订单` },
};

const orderLine = (o: StaffOrderLine, lang: Language) =>
  pickText(lang, {
    en: `- ${o.orderNo}, ${statusText(o.status, lang, o.kinds)}, ${moneyText(o.total, o.currency, lang)}, paid ${o.paidAt === null ? 'not yet' : dateText(o.paidAt)}, ${o.customer}: ${o.items.join('; ')}`,
    zh: `- ${o.orderNo}，${statusText(o.status, lang, o.kinds)}，${moneyText(o.total, o.currency, lang)}，${o.paidAt === null ? '未付款' : `${dateText(o.paidAt)} 付款`}，${o.customer}：${o.items.join('；')}`,
  });

export function queuesText(queues: Queues, lang: Language): string {
  const names: QueueName[] = ['toShip', 'refundsToDecide', 'notIssued'];
  if (names.every((n) => queues[n].count === 0)) return pickText(lang, { en: 'Nothing is waiting: no parcel to ship, no refund to decide, no paid order left unissued.', zh: '目前没有待处理的订单：没有待发货的包裹、待审核的退款或未发放的已付款订单。' });
  const lines: string[] = [];
  for (const name of names) {
    const q = queues[name];
    const head = pickText(lang, { en: QUEUE_TEXTS[name].en(q.count), zh: QUEUE_TEXTS[name].zh(q.count) });
    const more = q.count > q.orders.length ? pickText(lang, { en: ` (the ${q.orders.length} waiting longest below)`, zh: `（下列等待最久的 ${q.orders.length} 个）` }) : '';
    lines.push(`${head}${q.count ? more : ''}${q.count ? pickText(lang, { en: ':', zh: '：' }) : pickText(lang, { en: '.', zh: '。' })}`, ...q.orders.map((o) => orderLine(o, lang)));
  }
  return lines.join('\n');
}

export interface HistoryFacts {
  customer: { id: number; email: string | null; tel: string | null; nickname: string; status: string };
  orders: Array<{ orderNo: string; status: OrderStatus; createdAt: number; total: number; currency: Currency; firstItem: string | null }>;
  orderCount: number;
  esims: Array<{ esimId: number; name: string; iccid: string | null; activationText: string; orderNo: string | null }>;
  esimCount: number;
  messages: Array<{ from: 'customer' | 'shop'; text: string; at: number }>;
}

/** Messages are quoted up to this many characters: the assistant asks for the thread in the console for more. */
const MESSAGE_CHARS = 200;
const clip = (text: string) => (text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text);

export function historyText(h: HistoryFacts, lang: Language): string {
  const who = [h.customer.nickname, h.customer.email, h.customer.tel].filter(Boolean).join(', ');
  const lines = [pickText(lang, { en: `Customer #${h.customer.id}: ${who} (account ${h.customer.status}).`, zh: `顾客 #${h.customer.id}：${who}（账号状态：${h.customer.status}）。` })];
  lines.push(pickText(lang, { en: h.orders.length ? `Newest orders (${h.orders.length} of ${h.orderCount}):` : 'No orders.', zh: h.orders.length ? `最近的订单（共 ${h.orderCount} 个，列出 ${h.orders.length} 个）：` : '没有订单。' }));
  for (const o of h.orders) {
    lines.push(pickText(lang, { en: `- ${o.orderNo} on ${dateText(o.createdAt)}: ${statusText(o.status, lang)}, ${moneyText(o.total, o.currency, lang)}${o.firstItem ? `, ${o.firstItem}` : ''}`, zh: `- ${o.orderNo}（${dateText(o.createdAt)}）：${statusText(o.status, lang)}，${moneyText(o.total, o.currency, lang)}${o.firstItem ? `，${o.firstItem}` : ''}` }));
  }
  lines.push(pickText(lang, { en: h.esims.length ? `eSIMs (${h.esims.length} of ${h.esimCount}):` : 'No eSIMs.', zh: h.esims.length ? `eSIM（共 ${h.esimCount} 张，列出 ${h.esims.length} 张）：` : '没有 eSIM。' }));
  for (const e of h.esims) {
    lines.push(pickText(lang, { en: `- #${e.esimId} ${e.name}${e.iccid ? ` (ICCID ${e.iccid})` : ''}: ${e.activationText}${e.orderNo ? `, order ${e.orderNo}` : ''}`, zh: `- #${e.esimId} ${e.name}${e.iccid ? `（ICCID ${e.iccid}）` : ''}：${e.activationText}${e.orderNo ? `，订单 ${e.orderNo}` : ''}` }));
  }
  lines.push(pickText(lang, { en: h.messages.length ? 'Newest messages, oldest first:' : 'No messages with the shop.', zh: h.messages.length ? '最近的消息（按时间先后）：' : '没有与本店的消息。' }));
  for (const m of h.messages) {
    const from = m.from === 'shop' ? pickText(lang, { en: 'shop', zh: '本店' }) : pickText(lang, { en: 'customer', zh: '顾客' });
    lines.push(`- ${dateText(m.at)} ${from}: ${clip(m.text)}`);
  }
  return lines.join('\n');
}

export interface SalesLine {
  currency: Currency;
  orders: number;
  gross: number;
  refunds: number;
  net: number;
}

export function salesText(period: { from: string; to: string; timeZone: string }, rows: readonly SalesLine[], lang: Language): string {
  const head = pickText(lang, { en: `Sales from ${period.from} to ${period.to} (days in ${period.timeZone}):`, zh: `${period.from} 至 ${period.to} 的销售（按 ${period.timeZone} 时区计日）：` });
  if (rows.every((r) => r.orders === 0 && r.refunds === 0)) return `${head}\n${pickText(lang, { en: 'No paid orders and no refunds in this period.', zh: '此期间没有已付款订单，也没有退款。' })}`;
  const lines = rows
    .filter((r) => r.orders > 0 || r.refunds > 0)
    .map((r) =>
      pickText(lang, {
        en: `- ${r.currency}: ${r.orders} paid ${r.orders === 1 ? 'order' : 'orders'}, gross ${moneyText(r.gross, r.currency, lang)}, refunds ${moneyText(r.refunds, r.currency, lang)}, net ${moneyText(r.net, r.currency, lang)}`,
        zh: `- ${r.currency}：已付款订单 ${r.orders} 个，销售额 ${moneyText(r.gross, r.currency, lang)}，退款 ${moneyText(r.refunds, r.currency, lang)}，净销售额 ${moneyText(r.net, r.currency, lang)}`,
      }),
    );
  return [head, ...lines, pickText(lang, { en: 'Amounts in different currencies are not added up.', zh: '不同币种的金额不相加。' })].join('\n');
}

export const noteText = (orderNo: string, author: string, lang: Language) =>
  pickText(lang, { en: `Note added to order ${orderNo} by ${author}. Colleagues see it in the console; the customer does not.`, zh: `${author} 已为订单 ${orderNo} 添加备注。同事可在后台看到，顾客看不到。` });

const ROLE_NAMES: Record<StaffRole, { en: string; zh: string }> = { owner: { en: 'owner', zh: '店主' }, operator: { en: 'operator', zh: '运营' }, support: { en: 'support', zh: '客服' }, finance: { en: 'finance', zh: '财务' } };

/** The refusals a staff tool answers with: what is missing and what to do. */
export const STAFF_REFUSALS = {
  noStaff: { en: 'This tool is for the shop\'s staff: connect with a staff member\'s console account (OAuth, scope staff.read).', zh: '此工具仅供本店员工使用：请用员工的后台账号通过 OAuth 连接（权限 staff.read）。' },
  platformOnly: { en: 'This tool is for the platform\'s staff: a merchant\'s staff cannot use it.', zh: '此工具仅供平台员工使用，商户员工不能使用。' },
  noOrder: (orderNo: string) => ({ en: `No order ${orderNo} that you can see.`, zh: `没有您可查看的订单 ${orderNo}。` }),
  noCustomer: { en: 'No customer with that account or order number.', zh: '没有使用该账号或订单号的顾客。' },
  badPeriod: { en: 'The period is not valid: from must not be after to, and it covers at most 366 days.', zh: '时段无效：开始日期不能晚于结束日期，且最多 366 天。' },
};

export const roleRefusalText = (role: StaffRole, permission: string, lang: Language) =>
  pickText(lang, {
    en: `Your console role (${ROLE_NAMES[role].en}) does not allow this: it needs the permission "${permission}". Ask the shop's owner.`,
    zh: `您的后台角色（${ROLE_NAMES[role].zh}）不允许此操作：需要权限“${permission}”。请联系店主。`,
  });
