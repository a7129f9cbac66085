// The customer's views of their orders (list, detail, checkout group) and the console's list of
// a customer's orders; reads only.
import {
  carrierTrackingUrl,
  customerActions,
  orderStatusesForTab,
  OrderStatus,
  serverErrors,
  type FulfilmentState,
  type ItemInput,
  type Language,
  type OrderDetail,
  type OrderListTab,
} from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { fulfilmentJobs } from '../../jobs/fulfilment.ts';
import { AppError } from '../../lib/app-error.ts';
import { languageOf, parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import { pickupStoreView } from '../stores/store.service.ts';
import { orderCoupon } from '../coupons/coupon.service.ts';
import { allKinds } from '../product-kinds/registry.ts';
import { shownActor } from './order-actor.ts';
import { orderMoney, type OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import type { OrderEventsTable, OrderItemsTable } from './orders.table.ts';
import { merchantNames } from './order-pricing.service.ts';
import { instantRefundOffer } from './order-instant-refund.service.ts';
import { withdrawalView } from './order-withdrawal.service.ts';

type ItemRow = Selectable<OrderItemsTable>;
type EventRow = Selectable<OrderEventsTable>;

function toLine(item: ItemRow, lang: Language) {
  return {
    id: item.id,
    productId: item.product_id,
    skuId: item.sku_id,
    kind: item.kind,
    name: pick(lang, item.name_en, item.name_zh),
    options: parseJson<Bilingual[]>(item.options, []).map((o) => pickText(lang, o)),
    images: item.images,
    unitPrice: item.unit_price,
    quantity: item.quantity,
    amount: item.amount,
    inputs: parseJson<Record<string, string>>(item.inputs, {}),
    requiredInputs: parseJson<ItemInput[]>(item.required_inputs, []),
  };
}

/** A checkout as an order's summary names it: its number, and how many of the customer's orders it made. */
export interface CheckoutRef {
  no: string;
  orderCount: number;
}

function toSummary(o: OrderRow, items: ItemRow[], lang: Language, names: ReadonlyMap<number, string>, checkouts: ReadonlyMap<number, CheckoutRef>) {
  const checkout = o.checkout_id === null ? undefined : checkouts.get(o.checkout_id);
  return {
    merchant: { id: o.merchant_id, name: names.get(o.merchant_id) ?? '' },
    checkoutNo: checkout?.no ?? null,
    checkoutOrderCount: checkout?.orderCount ?? 1,
    orderNo: o.order_no,
    status: o.status,
    createdAt: o.created_at,
    expiresAt: o.status === OrderStatus.unpaid ? o.expires_at : null,
    ...orderMoney(o),
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    items: items.map((i) => toLine(i, lang)),
    actions: customerActions({ status: o.status, physical: o.physical === 1, addressModifiable: o.address_modifiable === 1, hasTracking: !!o.carrier && !!o.tracking_no && !!carrierTrackingUrl(o.carrier, o.tracking_no) }),
  };
}

export async function requireOwnOrder(db: Executor, userId: number, orderNo: string): Promise<OrderRow> {
  const order = await orders.findOwn(db, userId, orderNo);
  // Deleted orders are gone for the customer, and another user's order does not exist.
  if (!order || order.status === OrderStatus.deleted) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return order;
}

/** The names and checkouts the summaries of these orders show. */
async function summaryContext(db: Executor, rows: readonly OrderRow[], lang: Language) {
  const names = await merchantNames(db, rows.map((r) => r.merchant_id), lang);
  const ids = [...new Set(rows.flatMap((r) => (r.checkout_id === null ? [] : [r.checkout_id])))];
  const [found, counts] = await Promise.all([orders.checkoutsByIds(db, ids), orders.shownOrderCounts(db, ids)]);
  const checkouts = new Map<number, CheckoutRef>(found.map((c) => [c.id, { no: c.checkout_no, orderCount: counts.get(c.id) ?? 1 }]));
  return { names, checkouts };
}

/** The orders of an order's checkout as its page links them; null when the checkout has only this one. */
async function checkoutView(db: Executor, o: OrderRow, lang: Language): Promise<OrderDetail['checkout']> {
  if (o.checkout_id === null) return null;
  const siblings = await orders.ordersOfCheckout(db, o.checkout_id);
  if (siblings.filter((r) => r.status !== OrderStatus.deleted || r.id === o.id).length < 2) return null;
  const [checkout] = await orders.checkoutsByIds(db, [o.checkout_id]);
  const items = await orders.itemsOf(db, siblings.map((r) => r.id));
  return toCheckoutView(checkout!.checkout_no, o, siblings, items, await merchantNames(db, siblings.map((r) => r.merchant_id), lang));
}

export function toCheckoutView(checkoutNo: string, o: OrderRow, checkoutOrders: readonly OrderRow[], items: readonly ItemRow[], names: ReadonlyMap<number, string>): OrderDetail['checkout'] {
  // The customer's deleted orders drop out of the group, except the one being shown.
  const siblings = checkoutOrders.filter((r) => r.status !== OrderStatus.deleted || r.id === o.id);
  if (siblings.length < 2) return null;
  return {
    checkoutNo,
    total: siblings.reduce((n, r) => n + r.total, 0),
    orders: siblings.map((r) => ({
      orderNo: r.order_no,
      merchant: { id: r.merchant_id, name: names.get(r.merchant_id) ?? '' },
      status: r.status,
      total: r.total,
      itemCount: items.filter((i) => i.order_id === r.id).reduce((n, i) => n + i.quantity, 0),
    })),
  };
}

/** Everything an order's page shows, read or just written. */
export interface OrderView {
  o: OrderRow;
  items: ItemRow[];
  events: EventRow[];
  names: ReadonlyMap<number, string>;
  checkouts: ReadonlyMap<number, CheckoutRef>;
  checkout: OrderDetail['checkout'];
  fulfilment: FulfilmentState | null;
  delivered: Pick<OrderDetail, 'esims' | 'ecodes' | 'addonTargets'>;
  coupon: OrderDetail['coupon'];
  pickupStore: OrderDetail['pickupStore'];
  /** Left out where it cannot hold (an order just placed): none. */
  instantRefund?: OrderDetail['instantRefund'];
  /** An EU consumer's terms; left out: none. */
  withdrawal?: OrderDetail['withdrawal'];
}

export async function orderDetail(db: Executor, userId: number, orderNo: string, lang: Language): Promise<OrderDetail> {
  const o = await requireOwnOrder(db, userId, orderNo);
  const context = await summaryContext(db, [o], lang);
  return toOrderDetail(
    {
      o,
      items: await orders.itemsOf(db, [o.id]),
      events: await orders.eventsOf(db, o.id),
      names: context.names,
      checkouts: context.checkouts,
      checkout: await checkoutView(db, o, lang),
      fulfilment: await customerFulfilment(db, o, Date.now()),
      delivered: await deliveredView(db, userId, o.id, lang),
      coupon: await orderCoupon(db, o.id, lang),
      pickupStore: o.pickup_store_id === null ? null : await pickupStoreView(db, o.pickup_store_id, lang),
      instantRefund: await instantRefundOffer(db, o, Date.now()),
      withdrawal: await withdrawalView(db, o, Date.now()),
    },
    lang,
  );
}

/** An action on one of the customer's orders (cancel, refund, withdraw, …), answered with the order as it is after it. */
export async function actOnOrder(db: Executor, userId: number, input: { orderNo: string; i18n?: string | undefined }, act: () => Promise<unknown>): Promise<OrderDetail> {
  await act();
  return orderDetail(db, userId, input.orderNo, languageOf(input.i18n));
}

export function toOrderDetail(view: OrderView, lang: Language): OrderDetail {
  const { o } = view;
  return {
    ...toSummary(o, view.items, lang, view.names, view.checkouts),
    checkout: view.checkout,
    fulfilment: view.fulfilment,
    remark: o.remark,
    placedByClient: o.placed_by_client,
    payMethod: o.pay_method,
    paymentTransId: o.payment_trans_id,
    paidAt: o.paid_at,
    refundId: o.refund_id,
    refundReason: o.refund_reason,
    refundAmount: o.refund_amount,
    address: o.address ? JSON.parse(o.address) : null,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    trackingUrl: o.carrier && o.tracking_no ? carrierTrackingUrl(o.carrier, o.tracking_no) : null,
    shippedAt: o.shipped_at,
    receivedAt: o.received_at,
    events: view.events.map((e) => ({ from: e.from_status, to: e.to_status, at: e.created_at, by: shownActor(e.actor) })),
    physical: o.physical === 1,
    ...view.delivered,
    coupon: view.coupon,
    pickupStore: view.pickupStore,
    instantRefund: view.instantRefund ?? null,
    withdrawal: view.withdrawal ?? null,
  };
}

/** What each kind delivered, as the customer's order page shows it (every kind is asked: a row links to the order, not the item). */
async function deliveredView(db: Executor, userId: number, orderId: number, lang: Language): Promise<Pick<OrderDetail, 'esims' | 'ecodes' | 'addonTargets'>> {
  const view: Pick<OrderDetail, 'esims' | 'ecodes' | 'addonTargets'> = { esims: [], ecodes: [], addonTargets: [] };
  for (const handler of allKinds()) if (handler.detail) Object.assign(view, await handler.detail(db, userId, orderId, lang));
  return view;
}

/**
 * Issuing a paid order (eSIM from the SM-DP+, recharge at the carrier) runs as a background job
 * that never gives up. The customer sees "being issued" (or "delayed" once the owner was alerted).
 */
async function customerFulfilment(db: Executor, order: Pick<OrderRow, 'id' | 'status'>, now: number): Promise<FulfilmentState | null> {
  if (order.status !== OrderStatus.paid) return null;
  return (await fulfilmentJobs(db, [order.id], now)).get(order.id)?.state ?? null;
}

export async function listOrders(db: Executor, userId: number, input: { tab: OrderListTab; page: number; size: number }, lang: Language) {
  const statuses = orderStatusesForTab(input.tab);
  const rows = await orders.listOwn(db, userId, statuses, (input.page - 1) * input.size, input.size);
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  const context = await summaryContext(db, rows, lang);
  return {
    items: rows.map((o) => toSummary(o, items.filter((i) => i.order_id === o.id), lang, context.names, context.checkouts)),
    total: await orders.countOwn(db, userId, statuses),
    page: input.page,
    size: input.size,
  };
}

/** A customer's orders for the console: every status (deleted too), names in both languages. */
export async function customerOrders(db: Executor, userId: number, page: { page: number; pageSize: number }) {
  const rows = await orders.listOfUser(db, userId, (page.page - 1) * page.pageSize, page.pageSize);
  const items = await orders.itemsOf(db, rows.map((r) => r.id));
  return {
    total: await orders.countOfUser(db, userId),
    items: rows.map((o) => {
      const lines = items.filter((i) => i.order_id === o.id);
      const first = lines[0];
      return {
        orderNo: o.order_no,
        status: o.status,
        currency: o.currency,
        total: o.total,
        itemCount: lines.reduce((n, i) => n + i.quantity, 0),
        firstItem: first ? { en: first.name_en, zh: first.name_zh } : null,
        more: Math.max(0, lines.length - 1),
        payMethod: o.pay_method,
        createdAt: o.created_at,
        paidAt: o.paid_at,
      };
    }),
  };
}
