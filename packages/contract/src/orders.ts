import { z } from 'zod';
import { orderAddressSchema } from './addresses.ts';
import { currencyField, i18nField, isPhysicalKind, itemInputSchema, pageSchema, productKindSchema, type ProductKind } from './catalogue.ts';
import { draftCouponFields, orderCouponSchema, previewCouponFields } from './coupons.ts';
import { storeSchema } from './stores.ts';
import { consumerTermsFields, orderWithdrawalSchema, WITHDRAWABLE_STATUSES } from './withdrawal.ts';
import { carrierSchema, currencySchema, ecodeStatusSchema, orderListTabSchema, orderStatusLabelKey, orderStatusSchema, OrderStatus, type OrderStatus as Status } from './enums.ts';

/**
 * Orders (DESIGN §4). The lifecycle is this one table: every status change in the shop is one of
 * these transitions, applied by the server's orders service in a transaction that also writes an
 * order event. The client reads `actions` from the server; it never decides a status itself.
 */
export const ORDER_EVENTS = [
  'pay',
  'cancel',
  'expire',
  'deliver',
  'ship',
  'ship_partial',
  'confirm',
  'complete',
  'verify',
  'start_inquiry',
  'finish_inquiry',
  'fail_inquiry',
  'start_progress',
  'unlock',
  'fail_unlock',
  'ready_for_pickup',
  'pick_up',
  'request_refund',
  'approve_refund',
  'approve_partial_refund',
  'reject_refund',
  'withdraw',
  'delete',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
/** What an order's history records: its creation, each event, and changes that move no status (a new address). */
export type OrderHistoryEvent = OrderEvent | 'create' | 'modify_address';

const S = OrderStatus;
/** `previous`: back to the status the order had before the event that led here. */
type Transition = readonly [from: readonly Status[], to: Status | 'previous'];

/** from-statuses → to-status for each event. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderEvent, Transition>> = {
  pay: [[S.unpaid], S.paid],
  cancel: [[S.unpaid], S.invalid],
  expire: [[S.unpaid], S.invalid],
  deliver: [[S.paid], S.delivered],
  ship: [[S.paid, S.partialShipped], S.shipped],
  ship_partial: [[S.paid], S.partialShipped],
  confirm: [[S.shipped, S.partialShipped, S.delivered], S.received],
  complete: [[S.received, S.delivered, S.inquiryCompleted, S.unlocked, S.serviceCompleted], S.completed],
  verify: [[S.paid], S.unverified],
  start_inquiry: [[S.unverified], S.inquiring],
  finish_inquiry: [[S.inquiring], S.inquiryCompleted],
  fail_inquiry: [[S.inquiring], S.inquiryFailed],
  start_progress: [[S.unverified], S.progressing],
  unlock: [[S.progressing], S.unlocked],
  fail_unlock: [[S.progressing], S.unlockFailed],
  // Store pickup: the owner puts the order out at the store, then hands it over.
  ready_for_pickup: [[S.paid], S.readyForPickup],
  pick_up: [[S.readyForPickup], S.received],
  request_refund: [[S.paid, S.delivered, S.shipped, S.partialShipped, S.received, S.unverified, S.inquiryFailed, S.unlockFailed, S.readyForPickup], S.toBeRefunded],
  approve_refund: [[S.toBeRefunded], S.refunded],
  approve_partial_refund: [[S.toBeRefunded], S.partialRefunded],
  reject_refund: [[S.toBeRefunded], 'previous'],
  // An EU consumer's withdrawal (withdrawal.ts): like a refund request, also from a completed order within its 14 days.
  withdraw: [WITHDRAWABLE_STATUSES, S.toBeRefunded],
  delete: [[S.invalid, S.completed, S.refunded, S.partialRefunded, S.inquiryFailed, S.unlockFailed], S.deleted],
};

export function canApply(event: OrderEvent, from: Status): boolean {
  return ORDER_TRANSITIONS[event][0].includes(from);
}

/** What a customer may do with an order (SPEC §4 order actions). */
export const ORDER_ACTIONS = ['detail', 'pay', 'cancel', 'confirm_receipt', 'logistics', 'modify_address', 'refund', 'delete'] as const;
export const orderActionSchema = z.enum(ORDER_ACTIONS);
export type OrderAction = z.infer<typeof orderActionSchema>;

export interface OrderFacts {
  status: Status;
  physical: boolean;
  addressModifiable: boolean;
  hasTracking: boolean;
}

/** The customer's actions for an order, from the transition table and what the order holds. */
export function customerActions(o: OrderFacts): OrderAction[] {
  const actions: OrderAction[] = ['detail'];
  if (canApply('pay', o.status)) actions.push('pay');
  if (canApply('cancel', o.status)) actions.push('cancel');
  // Only goods that travel are "received": a digital order is delivered the moment it is issued.
  if (o.physical && canApply('confirm', o.status)) actions.push('confirm_receipt');
  if (o.hasTracking) actions.push('logistics');
  if (o.physical && o.addressModifiable && (o.status === S.unpaid || o.status === S.paid)) actions.push('modify_address');
  if (canApply('request_refund', o.status)) actions.push('refund');
  if (canApply('delete', o.status)) actions.push('delete');
  return actions;
}

/**
 * The label key of an order's status, said for what it delivers. The plain "paid" says "awaiting
 * shipment", true only of goods sent by courier: a paid store-pickup order is being prepared for
 * collection and a paid download (an eSIM, data for one, a top-up, codes) is being issued. The
 * shop and the console both call this, so an order reads the same in both.
 */
export function orderStatusLabelKeyFor(status: Status, { pickup = false, kinds = [] }: { pickup?: boolean; kinds?: readonly ProductKind[] } = {}): string {
  if (status !== S.paid) return orderStatusLabelKey(status);
  if (pickup) return 'enum.orderPaidStep.pickup';
  if (kinds.length === 0 || kinds.some(isPhysicalKind)) return orderStatusLabelKey(status);
  const kind = kinds.every((k) => k === kinds[0]) ? kinds[0]! : 'mixed';
  return `enum.orderPaidStep.${kind === 'topup' ? 'recharge' : kind}`;
}

/**
 * Who moved an order, as its history shows it to staff: the customer, the shop's refund rule,
 * the system's own jobs, a staff member (named) or a payment provider (named). The recorded
 * actor is `user:<id>`, `system:rule`, `system`, `admin:<label>` or `provider:<name>`.
 */
export function orderActorOf(actor: string): { kind: 'customer' | 'rule' | 'system' | 'staff' | 'provider'; name: string } {
  const [head, ...rest] = actor.split(':');
  const name = rest.join(':');
  if (head === 'user') return { kind: 'customer', name: '' };
  if (head === 'admin' && name) return { kind: 'staff', name };
  if (head === 'provider' && name) return { kind: 'provider', name };
  return { kind: actor === 'system:rule' ? 'rule' : 'system', name: '' };
}

/** An unpaid order is held this long; then it becomes invalid and its stock returns. */
export const UNPAID_TTL_MS = 30 * 60_000;
/** A shipped order the customer does not confirm is confirmed for them after this long. */
export const AUTO_CONFIRM_MS = 10 * 24 * 3_600_000;
/** A received or delivered order completes after this after-sales window. */
export const AUTO_COMPLETE_MS = 7 * 24 * 3_600_000;

export const REFUND_REASONS = ['no_longer_needed', 'wrong_item', 'not_received', 'not_working', 'other'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS, 'validation.refund_reason');

export const orderNoSchema = z.string().regex(/^SS\d{14}[0-9A-Z]{6}$/, 'validation.order_no');

export const orderItemInputSchema = z.object({
  skuId: z.number().int().positive(),
  quantity: z.number().int().min(1, 'validation.quantity').max(9999, 'validation.quantity'),
  inputs: z.record(z.string(), z.string().max(200)).default({}),
});

const orderItemsSchema = z.object({
  items: z.array(orderItemInputSchema).min(1, 'validation.cart_select').max(50),
  addressId: z.number().int().positive().optional(),
  /** Collect the SIM cards at this store (no freight, no address) instead of delivery. */
  pickupStoreId: z.number().int().positive().max(2_147_483_647).optional(),
  i18n: i18nField,
  /** The currency the order is priced in (the customer's choice); each line in it or, without a price there, its own. */
  currency: currencyField,
  ...draftCouponFields,
});

export const orderDraftSchema = orderItemsSchema.extend({
  /** false: price the draft before the customer has typed the items' inputs (the order page does). */
  checkInputs: z.boolean().default(true),
});

export const createOrderRequest = orderItemsSchema.extend({
  /** Cart lines this order was made from: removed from the cart when the order is created. */
  cartItemIds: z.array(z.number().int().positive()).max(200).default([]),
  remark: z.string().trim().max(200).default(''),
  /** Where the customer lives and the consent to immediate performance (withdrawal.ts), needed from an EU customer buying digital content. */
  ...consumerTermsFields,
});

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  skuId: z.number().int(),
  kind: productKindSchema,
  name: z.string(),
  options: z.array(z.string()),
  images: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  /** SPEC §3 remark labels, keyed by input. */
  inputs: z.record(z.string(), z.string()),
  requiredInputs: z.array(itemInputSchema),
});

export const orderAmountsSchema = z.object({
  currency: currencySchema,
  subtotal: z.number().int(),
  freight: z.number().int(),
  serviceFee: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});

/** Who sells an order (the platform itself is merchant 1), named in the caller's language. */
export const orderMerchantSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * One merchant's part of a checkout. A cart with items of several merchants becomes one
 * order per merchant (each with its own freight and share of a platform-wide coupon), paid at once.
 */
export const checkoutPartSchema = orderAmountsSchema.extend({
  merchant: orderMerchantSchema,
  items: z.array(orderLineSchema.omit({ id: true })),
});

export const orderPreviewResponse = orderAmountsSchema.extend({
  items: z.array(orderLineSchema.omit({ id: true })),
  needsAddress: z.boolean(),
  /** The draft has SIM cards, so it may be collected at a store instead (`pickupStoreId`). */
  canPickUp: z.boolean(),
  ...previewCouponFields,
  /** The orders this draft becomes, one per merchant; the amounts above are their sums. */
  parts: z.array(checkoutPartSchema),
});

export const orderSummarySchema = orderAmountsSchema.extend({
  orderNo: z.string(),
  status: orderStatusSchema,
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  itemCount: z.number().int(),
  items: z.array(orderLineSchema),
  actions: z.array(orderActionSchema),
  /** The merchant that sells this order. */
  merchant: orderMerchantSchema,
  /** The checkout the order was made in, shared by the orders paid together; null for top-ups and older orders. */
  checkoutNo: z.string().nullable(),
  /** How many orders that checkout made (1 for an order alone): a list says "paid together" while the others are on a later page or another tab. */
  checkoutOrderCount: z.number().int().min(1),
});

/**
 * A paid order whose goods (an eSIM, a recharge) are still being issued: `issuing` while the
 * background job works, `delayed` once it kept failing (the shop was alerted and keeps trying).
 */
export const FULFILMENT_STATES = ['issuing', 'delayed'] as const;
export const fulfilmentStateSchema = z.enum(FULFILMENT_STATES);
export type FulfilmentState = z.infer<typeof fulfilmentStateSchema>;

/** The eSIM a data add-on of an order goes to: one line per add-on item. */
export const esimAddonTargetSchema = z.object({ orderItemId: z.number().int(), esimId: z.number().int(), name: z.string(), iccid: z.string().nullable() });
export type EsimAddonTarget = z.infer<typeof esimAddonTargetSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  /** Null when nothing waits to be issued. */
  fulfilment: fulfilmentStateSchema.nullable(),
  remark: z.string(),
  /** The assistant that placed the order through the shop's MCP tools (the name it registered with); null or absent: the customer did. */
  placedByClient: z.string().nullable().optional(),
  payMethod: z.string().nullable(),
  paymentTransId: z.string().nullable(),
  paidAt: z.number().int().nullable(),
  refundId: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  address: orderAddressSchema.nullable(),
  carrier: carrierSchema.nullable(),
  trackingNo: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.number().int().nullable(),
  receivedAt: z.number().int().nullable(),
  events: z.array(z.object({ from: orderStatusSchema.nullable(), to: orderStatusSchema, at: z.number().int(), by: z.string() })),
  /** Whether any line travels by courier: a digital order has no shipping, no address, no receipt. */
  physical: z.boolean(),
  /** The eSIMs this order delivered, each with the page that shows its QR and install steps. */
  esims: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      iccid: z.string().nullable(),
      installed: z.boolean(),
      /** Cancelled by a refund (or taken back): listed as cancelled, no longer usable. */
      removed: z.boolean(),
    }),
  ),
  /** Which of the customer's eSIMs each data add-on of this order tops up (no new eSIM). */
  addonTargets: z.array(esimAddonTargetSchema),
  /** The ECodes this order issued (a reseller's codes), with their status. */
  ecodes: z.array(z.object({ code: z.string(), status: ecodeStatusSchema })),
  /** The coupon behind `discount`, null when none was used. */
  coupon: orderCouponSchema.nullable(),
  /** The store the order is collected at; null when it is delivered (or nothing travels). */
  pickupStore: storeSchema.nullable(),
  /**
   * Offered when the order can be refunded at once by the shop's rule (an eSIM never downloaded or
   * installed, paid within the owner's period): until when. Null: a refund is asked for with a reason.
   */
  instantRefund: z.object({ until: z.number().int() }).nullable(),
  /** An EU consumer's order: the consent given at checkout and the right of withdrawal; null for anyone else. */
  withdrawal: orderWithdrawalSchema.nullable(),
  /** Every order of this order's checkout (this one too) when it has more than one; null otherwise. */
  checkout: z
    .object({
      checkoutNo: z.string(),
      /** What the checkout costs in all (the one payment). */
      total: z.number().int(),
      orders: z.array(z.object({ orderNo: z.string(), merchant: orderMerchantSchema, status: orderStatusSchema, total: z.number().int(), itemCount: z.number().int() })),
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListRequest = pageSchema.extend({ tab: orderListTabSchema.default('all'), i18n: i18nField });
export const orderListResponse = z.object({ items: z.array(orderSummarySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const orderRefRequest = z.object({ orderNo: orderNoSchema, i18n: i18nField });
export const modifyAddressRequest = z.object({ orderNo: orderNoSchema, i18n: i18nField, addressId: z.number({ error: 'validation.address_select' }).int().positive() });
export const refundRequest = z.object({ orderNo: orderNoSchema, i18n: i18nField, reason: refundReasonSchema, note: z.string().trim().max(500).default('') });
