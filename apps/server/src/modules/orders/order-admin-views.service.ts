// What staff read about orders: an order's page, the filtered list and its CSV export, and the
// dashboard's sales and queues. The changes staff make are in order-admin.service.ts; the console's
// order actions are bound in modules/order-page, above payments.
import {
  ADMIN_ORDER_EXPORT_MAX,
  TO_SHIP_STATUSES,
  adminOrderActions,
  adminServiceEvents,
  canApply,
  carrierLabelKey,
  carrierTrackingUrl,
  enumTexts,
  OrderStatus,
  orderStatusLabelKey,
  serverErrors,
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderRow,
  type ItemInput,
  type OrderAddress,
} from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, type Bilingual } from '../../lib/i18n.ts';
import { toCsv } from '../../lib/spreadsheet.ts';
import { listAuditEntries } from '../audit/audit.service.ts';
import { describeActors, describeAudit, type AuditNamers } from '../audit/audit-words.ts';
import { adminOrderCoupon } from '../coupons/coupon.service.ts';
import { adminMerchantNamer } from '../merchants/merchant.service.ts';
import { adminPickupStoreView } from '../stores/store.service.ts';
import { adminOrderAddonTargets } from '../esim/esim-addon.service.ts';
import { OrderActor } from './order-actor.ts';
import * as adminRepo from './order-admin.repository.ts';
import { orderMoney, type OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import { consumerTermsOf } from './order-withdrawal.service.ts';

export async function requireOrder(db: Executor, orderNo: string): Promise<OrderRow> {
  const order = await orders.findByNo(db, orderNo);
  if (!order) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

type Customer = { id: number; email: string | null; tel: string | null; nickname: string };

const toCustomer = (c: Customer, reseller: boolean) => ({ id: c.id, email: c.email, tel: c.tel, nickname: c.nickname, reseller });

/** The order's merchant, and its checkout with the orders paid together (merchant staff: their own only). */
async function merchantAndCheckout(db: Executor, o: OrderRow, viewerMerchantId: number | null): Promise<Pick<AdminOrderDetail, 'merchant' | 'checkout'>> {
  const siblings = o.checkout_id === null ? [] : (await orders.ordersOfCheckout(db, o.checkout_id)).filter((r) => viewerMerchantId === null || r.merchant_id === viewerMerchantId);
  const [checkout] = o.checkout_id === null ? [] : await orders.checkoutsByIds(db, [o.checkout_id]);
  const named = await adminMerchantNamer(db);
  return {
    merchant: named(o.merchant_id),
    checkout: checkout ? { checkoutNo: checkout.checkout_no, orders: siblings.map((r) => ({ orderNo: r.order_no, merchant: named(r.merchant_id), status: r.status, total: r.total })) } : null,
  };
}

/**
 * An order's page in the console. Its payments come from `paymentsOf`: the payments module sits
 * above orders, and the order page (modules/order-page) hands them in, with the namers that say
 * who moved the order and what its audit rows are about (modules/history).
 */
export async function adminOrderDetail(db: Executor, orderNo: string, viewerMerchantId: number | null, paymentsOf: (db: Executor, orderId: number) => Promise<AdminOrderDetail['payments']>, namers: AuditNamers): Promise<AdminOrderDetail> {
  const o = await requireOrder(db, orderNo);
  const [items, events, notes, customer, payments, audit, coupon] = await Promise.all([
    orders.itemsOf(db, [o.id]),
    orders.eventsOf(db, o.id),
    adminRepo.notesOf(db, o.id),
    adminRepo.customerOf(db, o.user_id),
    paymentsOf(db, o.id),
    listAuditEntries(db, { targetType: 'order', targetId: o.order_no }, { page: 1, pageSize: 200, sortOrder: 'asc' }),
    adminOrderCoupon(db, o.id),
  ]);
  const facts = { status: o.status, physical: o.physical === 1, pickup: o.pickup_store_id !== null, kinds: [...new Set(items.map((i) => i.kind))] };
  const pickupStore = o.pickup_store_id === null ? null : await adminPickupStoreView(db, o.pickup_store_id);
  const actors = [...events.map((e) => ({ label: e.actor, staffId: null })), ...notes.map((n) => ({ label: n.author, staffId: n.staff_id }))];
  const [who, auditInWords] = await Promise.all([describeActors(actors, namers), describeAudit(audit.items, namers)]);
  return {
    orderNo: o.order_no,
    status: o.status,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    expiresAt: o.status === OrderStatus.unpaid ? o.expires_at : null,
    ...orderMoney(o),
    coupon,
    remark: o.remark,
    placedByClient: o.placed_by_client,
    physical: o.physical === 1,
    customer: toCustomer(customer ?? { id: o.user_id, email: null, tel: null, nickname: '' }, o.reseller === 1),
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      productId: i.product_id,
      skuId: i.sku_id,
      name: { en: i.name_en, zh: i.name_zh },
      options: parseJson<Bilingual[]>(i.options, []),
      unitPrice: i.unit_price,
      quantity: i.quantity,
      amount: i.amount,
      inputs: parseJson<Record<string, string>>(i.inputs, {}),
      requiredInputs: parseJson<ItemInput[]>(i.required_inputs, []),
    })),
    addonTargets: await adminOrderAddonTargets(db, o.id),
    address: o.address ? (JSON.parse(o.address) as OrderAddress) : null,
    payMethod: o.pay_method,
    paymentTransId: o.payment_trans_id,
    paidAt: o.paid_at,
    payments,
    refundId: o.refund_id,
    refundReason: o.refund_reason,
    refundNote: o.refund_note,
    refundAmount: o.refund_amount,
    refundAutomatic: events.some((e) => e.event === 'approve_refund' && e.actor === OrderActor.rule),
    consumerTerms: await consumerTermsOf(db, o.id),
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    trackingUrl: o.carrier && o.tracking_no ? carrierTrackingUrl(o.carrier, o.tracking_no) : null,
    shippedAt: o.shipped_at,
    receivedAt: o.received_at,
    events: events.map((e) => ({ id: e.id, event: e.event, from: e.from_status, to: e.to_status, actor: e.actor, by: who({ label: e.actor, staffId: null }), reason: e.reason, at: e.created_at })),
    notes: notes.map((n) => ({ id: n.id, by: who({ label: n.author, staffId: n.staff_id }), text: n.body, at: n.created_at })),
    audit: auditInWords,
    actions: adminOrderActions(facts),
    partialShipAllowed: facts.physical && canApply('ship_partial', facts.status),
    serviceEvents: adminServiceEvents(facts),
    pickupStore,
    ...(await merchantAndCheckout(db, o, viewerMerchantId)),
  };
}

const SORT_COLUMNS = { createdAt: 'created_at', paidAt: 'paid_at', total: 'total' } as const;

const sortOf = (q: AdminOrderQuery) => ({ field: SORT_COLUMNS[q.sortField], order: q.sortOrder });

const filterOf = (q: AdminOrderQuery): adminRepo.AdminOrderFilter => ({ status: q.status, kind: q.kind, delivery: q.delivery, customer: q.customer, orderNo: q.orderNo, from: q.from, to: q.to });

async function withLines(db: Executor, rows: adminRepo.AdminOrderListRow[]): Promise<AdminOrderRow[]> {
  const lines = await adminRepo.linesOf(db, rows.map((r) => r.id));
  const merchantOf = await adminMerchantNamer(db);
  const byOrder = new Map<number, AdminOrderRow['lines']>();
  for (const l of lines) {
    const list = byOrder.get(l.order_id) ?? [];
    list.push({ kind: l.kind, name: { en: l.name_en, zh: l.name_zh }, quantity: l.quantity });
    byOrder.set(l.order_id, list);
  }
  return rows.map((r) => ({
    orderNo: r.order_no,
    status: r.status,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    currency: r.currency,
    total: r.total,
    refundAmount: r.refund_amount,
    physical: r.physical === 1,
    pickup: r.pickup_store_id !== null,
    customer: toCustomer({ id: r.user_id, email: r.email, tel: r.tel, nickname: r.nickname }, r.reseller === 1),
    lines: byOrder.get(r.id) ?? [],
    carrier: r.carrier,
    trackingNo: r.tracking_no,
    merchant: merchantOf(r.merchant_id),
  }));
}

/** A page of every order, filtered and sorted on the server. */
export async function listAdminOrders(db: Executor, input: AdminOrderQuery & { page: number; pageSize: number }, merchantId?: number) {
  const { rows, total } = await adminRepo.listOrders(db, { ...filterOf(input), merchantId }, sortOf(input), { offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
  return { items: await withLines(db, rows), total };
}

const EXPORT_HEADERS = {
  en: ['Order number', 'Status', 'Placed', 'Paid', 'Customer email', 'Customer phone', 'Reseller', 'Items', 'Currency', 'Subtotal', 'Freight', 'Discount', 'Total', 'Refunded', 'Payment method', 'Carrier', 'Tracking number', 'Shipped'],
  'zh-Hans': ['订单号', '状态', '下单时间', '付款时间', '客户邮箱', '客户手机', '分销商', '商品', '币种', '小计', '运费', '优惠', '合计', '已退款', '支付方式', '物流公司', '运单号', '发货时间'],
} as const;

/** Epoch ms as `2026-11-23 18:05` in a time zone (Swedish writes dates the ISO way). */
function timeIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (ms: number | null) => (ms === null ? '' : format.format(ms));
}

const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

/**
 * The filtered list as CSV, sorted as the list is, at most ADMIN_ORDER_EXPORT_MAX rows (the
 * answer says when there were more). Headers, statuses and carriers in the staff member's language.
 */
export async function exportAdminOrders(db: Executor, input: AdminOrderQuery & { lang: 'en' | 'zh-Hans'; timeZone: string }, now: number, merchantId?: number, orderNos?: readonly string[]) {
  const filter = { ...filterOf(input), merchantId, orderNos };
  const [rows, total] = await Promise.all([adminRepo.exportRows(db, filter, sortOf(input), ADMIN_ORDER_EXPORT_MAX), adminRepo.countOrders(db, filter)]);
  const items = await withLines(db, rows);
  const texts = enumTexts[input.lang];
  const when = timeIn(input.timeZone);
  const yes = input.lang === 'en' ? 'yes' : '是';
  const csv = toCsv({
    columns: EXPORT_HEADERS[input.lang],
    rows: items.map((o, i) => {
      const r = rows[i]!;
      return [
        o.orderNo,
        texts[orderStatusLabelKey(o.status)] ?? o.status,
        when(o.createdAt),
        when(o.paidAt),
        o.customer.email ?? '',
        o.customer.tel ?? '',
        o.customer.reseller ? yes : '',
        o.lines.map((l) => `${input.lang === 'zh-Hans' && l.name.zh ? l.name.zh : l.name.en} × ${l.quantity}`).join('; '),
        o.currency,
        major(r.subtotal),
        major(r.freight),
        major(r.discount),
        major(o.total),
        major(o.refundAmount),
        r.pay_method ?? '',
        o.carrier ? (texts[carrierLabelKey(o.carrier)] ?? o.carrier) : '',
        o.trackingNo ?? '',
        when(r.shipped_at),
      ];
    }),
  });
  const stamp = when(now).replace(/\D/g, '').slice(0, 12);
  return { filename: `orders-${stamp}.csv`, csv, rows: items.length, total, capped: total > items.length };
}

// ---------------------------------------------------------------------------------------------
// The dashboard's numbers

/** Paid-order totals and approved refunds per currency since each start (up to `until`). */
export async function salesSince(db: Executor, starts: readonly number[], until: number) {
  const [paid, refunded] = await Promise.all([adminRepo.paidSince(db, starts, until), adminRepo.refundedSince(db, starts, until)]);
  const currencies = [...new Set([...paid.map((p) => p.currency), ...refunded.map((r) => r.currency)])].sort();
  return currencies.map((currency) => {
    const p = paid.find((x) => x.currency === currency);
    const r = refunded.find((x) => x.currency === currency);
    return { currency, periods: starts.map((_, i) => ({ orders: p?.counts[i] ?? 0, gross: p?.sums[i] ?? 0, refunds: r?.sums[i] ?? 0 })) };
  });
}

/** Orders per status (deleted ones aside), and the two queues staff work through. */
export async function orderQueues(db: Executor) {
  const [byStatus, toShip] = await Promise.all([adminRepo.countByStatus(db), adminRepo.countToShip(db, TO_SHIP_STATUSES)]);
  const shown = byStatus.filter((s) => s.status !== OrderStatus.deleted).map((s) => ({ status: s.status, count: s.count }));
  return { byStatus: shown, toShip, refundRequested: shown.find((s) => s.status === OrderStatus.toBeRefunded)?.count ?? 0 };
}
