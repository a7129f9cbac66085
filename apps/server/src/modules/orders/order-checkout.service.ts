// Writing new orders: the one writer every purchase goes through, and the cart checkout that
// prices, reserves stock and writes one order per merchant in one transaction.
import { orderTotal, OrderStatus, PERFORMANCE_CONSENT_VERSION, PLATFORM_MERCHANT_ID, serverErrors, UNPAID_TTL_MS, type Currency, type Language, type OrderAddress, type OrderDetail } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import type { Insertable, Selectable } from 'kysely';
import type { CheckoutsTable, OrderEventsTable, OrderItemsTable } from './orders.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { newOrderNo } from '../../lib/order-no.ts';
import { requireAddress, toOrderAddress } from '../addresses/address.service.ts';
import { removeOrderedLines } from '../cart/cart.service.ts';
import { pickupStoreView } from '../stores/store.service.ts';
import { skuOptions, takeStock } from '../catalogue/catalogue.service.ts';
import { orderCoupon, recordCouponUse, type CouponChoice } from '../coupons/coupon.service.ts';
import { OrderActor } from './order-actor.ts';
import type { OrderRow } from './order-state.ts';
import * as orders from './order.repository.ts';
import { inLockOrder } from './sku-totals.ts';
import { namedMerchants, priceCheckout, type Buyer, type DraftItem } from './order-pricing.service.ts';
import { toCheckoutView, toOrderDetail } from './order-views.service.ts';
import { notify } from '../notifications/notification.service.ts';
import { checkoutTerms, recordCheckoutTerms } from './order-withdrawal.service.ts';

type ItemRow = Selectable<OrderItemsTable>;
type EventRow = Selectable<OrderEventsTable>;

/** A new order as every kind of purchase writes it (cart checkout, balance top-up). */
export interface NewOrder {
  userId: number;
  reseller: boolean;
  currency: Currency;
  subtotal: number;
  freight: number;
  discount: number;
  remark: string;
  /** The delivery address, copied as it was (JSON), for physical orders. */
  address: string | null;
  addressModifiable: boolean;
  physical: boolean;
  /** The store the order is collected at (no address, no freight). */
  pickupStoreId?: number | null;
  /** The merchant that sells it (the platform when left out) and the checkout it belongs to. */
  merchantId?: number;
  checkoutId?: number | null;
  /** A new checkout this order opens (its first order): written with the order, whose checkout it is. */
  newCheckout?: Insertable<CheckoutsTable>;
  items: Array<Omit<Insertable<OrderItemsTable>, 'order_id'>>;
  /** Written on the order's first event (e.g. "topup"). */
  reason: string;
  /** The assistant that placed it through the shop's MCP tools (its OAuth client's name). */
  placedByClient?: string;
}

/** A new order as written: its rows, so that the checkout can answer without reading them back. */
export interface WrittenOrder {
  id: number;
  orderNo: string;
  expiresAt: number;
  row: OrderRow;
  items: ItemRow[];
  events: EventRow[];
}

/** What an order of goods nothing ships (a balance top-up, a data add-on) says about delivery and pricing extras. */
export const UNSHIPPED_ORDER = { freight: 0, discount: 0, remark: '', address: null, addressModifiable: false, physical: false } as const;

/** An order's item as a priced line says it: the product's names and options at the time of the order. */
export function orderItemOf(l: Awaited<ReturnType<typeof priceCheckout>>['parts'][number]['lines'][number]) {
  return {
    product_id: l.product.id,
    sku_id: l.sku.id,
    kind: l.product.kind,
    name_en: l.product.name_en,
    name_zh: l.product.name_zh,
    options: JSON.stringify(skuOptions(l.product, l.sku)),
    images: l.product.images,
    unit_price: l.unitPrice,
    quantity: l.quantity,
    amount: l.amount,
    inputs: JSON.stringify(l.inputs),
    required_inputs: JSON.stringify(l.required),
    stock_reserved: l.sku.stock !== null ? 1 : 0,
  };
}

/**
 * The one writer of new orders: an unpaid order whose total follows the one formula, its
 * items and its first event, in the caller's transaction. The payment method's fee is added
 * when the customer chooses the method (modules/payments).
 */
export async function writeOrder(tx: Executor, order: NewOrder, now: number): Promise<WrittenOrder> {
  const orderNo = newOrderNo(now);
  const expiresAt = now + UNPAID_TTL_MS;
  const written = await orders.insertOrderWithItemsAndEvent(
    tx,
    {
      order_no: orderNo,
      user_id: order.userId,
      status: OrderStatus.unpaid,
      reseller: order.reseller ? 1 : 0,
      currency: order.currency,
      subtotal: order.subtotal,
      freight: order.freight,
      service_fee: 0,
      discount: order.discount,
      total: orderTotal({ subtotal: order.subtotal, freight: order.freight, serviceFee: 0, discount: order.discount }),
      remark: order.remark,
      address: order.address,
      address_modifiable: order.addressModifiable ? 1 : 0,
      physical: order.physical ? 1 : 0,
      pickup_store_id: order.pickupStoreId ?? null,
      merchant_id: order.merchantId ?? PLATFORM_MERCHANT_ID,
      checkout_id: order.checkoutId ?? null,
      ...(order.placedByClient ? { placed_by_client: order.placedByClient } : {}),
      expires_at: expiresAt,
      created_at: now,
      updated_at: now,
    },
    order.items,
    { event: 'create', from: null, to: OrderStatus.unpaid, actor: OrderActor.user(order.userId), reason: order.reason },
    order.newCheckout,
  );
  return { id: written.row.id, orderNo, expiresAt, row: written.row, items: written.items, events: [written.event] };
}

/**
 * Creates an unpaid order in one transaction: prices it, copies the address, reserves stock
 * (a unit can only be taken once, whatever runs at the same time), writes items and the first
 * event, and takes the lines out of the cart.
 */
export async function createOrder(
  db: Database,
  buyer: Buyer,
  input: { items: DraftItem[]; addressId?: number | undefined; pickupStoreId?: number | undefined; cartItemIds: number[]; remark: string; residenceCountry?: string | undefined; performanceConsent?: boolean } & CouponChoice,
  lang: Language,
  now: number,
): Promise<OrderDetail> {
  const created = await db.transaction().execute(async (tx) => {
    const priced = await priceCheckout(tx, buyer, input.items, true, { choice: { couponCode: input.couponCode, couponId: input.couponId }, now, strict: true }, input.pickupStoreId);
    let address: OrderAddress | null = null;
    if (priced.physical && !priced.pickup) {
      if (input.addressId === undefined) throw new AppError(serverErrors.paramMissing, 'addressId');
      address = toOrderAddress(await requireAddress(tx, buyer.userId, input.addressId));
    }
    // An EU consumer's digital content needs the consent to immediate performance: refused here, before anything is written.
    const kinds = priced.parts.flatMap((p) => p.lines.map((l) => l.product.kind));
    const terms = checkoutTerms({ reseller: buyer.reseller, addressCountry: address?.country ?? null, residenceCountry: input.residenceCountry, performanceConsent: input.performanceConsent ?? false, kinds }, now);
    // One checkout, one order per merchant; the one payment covers them all.
    // The checkout is written with its first order (on PostgreSQL in the same statement).
    const checkoutNo = `CO${newOrderNo(now).slice(2)}`;
    const checkout = { checkout_no: checkoutNo, user_id: buyer.userId, currency: priced.currency, created_at: now };
    let checkoutId: number | null = null;
    const written: WrittenOrder[] = [];
    for (const part of priced.parts) {
      const order = await writeOrder(
        tx,
        {
          userId: buyer.userId,
          reseller: buyer.reseller,
          currency: part.currency,
          subtotal: part.subtotal,
          freight: part.freight,
          discount: part.discount,
          remark: input.remark,
          // A merchant's order without goods that travel needs no address.
          address: part.physical && address ? JSON.stringify(address) : null,
          addressModifiable: !priced.pickup,
          physical: part.physical,
          pickupStoreId: input.pickupStoreId ?? null,
          merchantId: part.merchantId,
          checkoutId,
          ...(checkoutId === null ? { newCheckout: checkout } : {}),
          reason: '',
          items: part.lines.map(orderItemOf),
        },
        now,
      );
      checkoutId = order.row.checkout_id;
      written.push(order);
    }
    const applied = priced.coupon?.applied;
    if (applied) {
      // The use is one row: it belongs to the first order that took a share of the discount.
      const holder = written.find((w, i) => priced.parts[i]!.discount > 0) ?? written[0]!;
      await recordCouponUse(tx, buyer, applied, holder.id, now);
    }
    await recordCheckoutTerms(tx, written.map((w) => w.id), terms);
    await removeOrderedLines(tx, buyer.userId, input.cartItemIds);
    // One checkout, one mail: it lists every merchant's order, as the one payment covers them all.
    await notify(tx, { kind: 'order_placed', userId: buyer.userId, orderNo: written[0]!.orderNo, ...(written.length > 1 ? { orderNos: written.map((w) => w.orderNo) } : {}), language: lang }, now);
    // Stock is taken last, in the same transaction: a SKU's row is what every buyer of it waits
    // for (on PostgreSQL a row lock held to the commit), so it is held from here to the commit
    // only; a unit short still undoes the whole order. Every merchant's stock in one lock order,
    // after the coupon as a cancel releases them: two checkouts never wait on each other in a circle.
    const all = priced.parts.flatMap((p) => p.lines);
    for (const { line } of inLockOrder(all.map((line) => ({ line, skuId: line.sku.id })))) {
      if (line.sku.stock !== null && !(await takeStock(tx, line.sku.id, line.quantity))) {
        const index = input.items.findIndex((i) => i.skuId === line.sku.id);
        throw new AppError(serverErrors.stockInsufficient, `items.${index}.quantity`);
      }
    }
    // Not `!== undefined`: pricing without a coupon answers null, and the answer would look for a use that cannot exist.
    return { written, checkoutNo, couponApplied: applied != null, merchants: priced.parts.flatMap((p) => p.merchants), terms };
  });
  // The answer is built from the rows just written rather than read back (about ten statements
  // fewer per checkout); an API test holds it equal to what the order's detail then shows.
  const { written, checkoutNo, couponApplied } = created;
  const first = written[0]!;
  // Every order of a cart checkout has one (the first wrote it).
  const checkoutId = first.row.checkout_id!;
  // Named from the merchants' rows pricing read in the transaction: each order's merchant was checked to sell there.
  const names = namedMerchants(created.merchants, lang);
  return toOrderDetail(
    {
      o: first.row,
      items: first.items,
      events: first.events,
      names,
      checkouts: new Map([[checkoutId, { no: checkoutNo, orderCount: written.length }]]),
      checkout: toCheckoutView(checkoutNo, first.row, written.map((w) => w.row), written.flatMap((w) => w.items), names),
      // Unpaid: nothing is being issued, and every kind delivers only once paid.
      fulfilment: null,
      delivered: { esims: [], ecodes: [], addonTargets: [] },
      coupon: couponApplied ? await orderCoupon(db, first.id, lang) : null,
      pickupStore: first.row.pickup_store_id === null ? null : await pickupStoreView(db, first.row.pickup_store_id, lang),
      // Unpaid: nothing to withdraw from yet; the consent just given is shown.
      withdrawal: created.terms ? { country: created.terms.country, consentAt: created.terms.consentAt, consentVersion: created.terms.consentAt === null ? null : PERFORMANCE_CONSENT_VERSION, withdrawnAt: null, offer: null } : null,
    },
    lang,
  );
}
