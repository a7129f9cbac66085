import { z } from 'zod';
import { addressFieldsSchema, checkAddressCountry, keptAddress, orderAddressSchema } from '../addresses.ts';
import { itemInputSchema, productKindSchema, type ProductKind } from '../catalogue.ts';
import { Carrier, carrierSchema, orderStatusSchema, OrderStatus, type OrderStatus as Status } from '../enums.ts';
import { canApply, esimAddonTargetSchema, orderNoSchema, type OrderEvent } from '../orders.ts';
import { consumerTermsSchema } from '../withdrawal.ts';
import { auditActorSchema, auditEntrySchema } from './audit.ts';
import { adminId, adminListRequest, adminListResponse, adminMerchantRefSchema, bilingualSchema, dateRange, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { adminOrderEsimsResponse } from './order-esims.ts';

/**
 * Console: orders (DESIGN §8). Staff list, filter, export and open orders, and move them along
 * the same state machine as the shop (ship, deliver, service steps, refunds); each write returns
 * the order as the detail page shows it, and leaves an audit row.
 */

/** A text kept in both languages (product names on order lines); the console picks by its language. */

/** An IANA time zone the browser and the server both know (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone);

/** A carrier's tracking number: 4 to 40 letters, digits or dashes; online delivery has none to check. */
export function isTrackingNo(carrier: string, trackingNo: string): boolean {
  return carrier === Carrier.online || /^[A-Za-z0-9-]{4,40}$/.test(trackingNo);
}

/** The carriers a parcel can go with (online delivery is the "deliver" action, not shipping). */
export const PARCEL_CARRIERS = Object.values(Carrier).filter((c) => c !== Carrier.online);

/** The steps staff take a service order (unlock, inquiry) through, in the order they usually come. */
export const ADMIN_SERVICE_EVENTS = ['verify', 'start_inquiry', 'finish_inquiry', 'fail_inquiry', 'start_progress', 'unlock', 'fail_unlock', 'complete'] as const satisfies readonly OrderEvent[];
export const adminServiceEventSchema = z.enum(ADMIN_SERVICE_EVENTS);
export type AdminServiceEvent = z.infer<typeof adminServiceEventSchema>;

/** What staff may do to an order, by name of the admin action that does it. */
export const ADMIN_ORDER_ACTIONS = ['ship', 'deliver', 'service_step', 'refund_approve', 'refund_reject', 'modify_address', 'add_note', 'pickup_ready', 'pickup_done'] as const;
export const adminOrderActionSchema = z.enum(ADMIN_ORDER_ACTIONS);
export type AdminOrderAction = z.infer<typeof adminOrderActionSchema>;

export interface AdminOrderFacts {
  status: Status;
  physical: boolean;
  kinds: readonly ProductKind[];
  /** Collected at a store rather than shipped. */
  pickup?: boolean;
}

const isServiceOrder = (o: AdminOrderFacts) => o.kinds.length > 0 && o.kinds.every((k) => k === 'service');

/** The service steps that apply to an order now (none unless every item is a service). */
export function adminServiceEvents(o: AdminOrderFacts): AdminServiceEvent[] {
  return isServiceOrder(o) ? ADMIN_SERVICE_EVENTS.filter((e) => canApply(e, o.status)) : [];
}

/**
 * The actions an order's state allows, from the transition table (the role decides which of
 * them a member may use; the server refuses the rest anyway).
 */
export function adminOrderActions(o: AdminOrderFacts): AdminOrderAction[] {
  const actions: AdminOrderAction[] = [];
  if (o.physical && !o.pickup && canApply('ship', o.status)) actions.push('ship');
  if (o.pickup && canApply('ready_for_pickup', o.status)) actions.push('pickup_ready');
  if (o.pickup && canApply('pick_up', o.status)) actions.push('pickup_done');
  // A paid digital order that was not delivered automatically (a pool ran dry) is handed over by hand.
  if (!o.physical && !isServiceOrder(o) && canApply('deliver', o.status)) actions.push('deliver');
  if (adminServiceEvents(o).length > 0) actions.push('service_step');
  if (canApply('approve_refund', o.status)) actions.push('refund_approve');
  if (canApply('reject_refund', o.status)) actions.push('refund_reject');
  if (o.physical && !o.pickup && (o.status === OrderStatus.unpaid || o.status === OrderStatus.paid)) actions.push('modify_address');
  actions.push('add_note');
  return actions;
}

// ---------------------------------------------------------------------------------------------
// List and export

export const ADMIN_ORDER_SORT_FIELDS = ['createdAt', 'paidAt', 'total'] as const;
/** Exports stop at this many rows (the newest first, as the list sorts them); the answer says when it stopped. */
export const ADMIN_ORDER_EXPORT_MAX = 10_000;

/** How an order's goods reach the customer: a parcel, or a visit to a store. */
export const ORDER_DELIVERIES = ['ship', 'pickup'] as const;
export type OrderDelivery = (typeof ORDER_DELIVERIES)[number];

const orderFilters = {
  /** Any of these statuses; none given means every status. */
  status: z.array(orderStatusSchema).max(30).optional(),
  /** Orders with at least one item of this kind. */
  kind: productKindSchema.optional(),
  /** Orders with goods to hand over: sent by a carrier, or collected at a store. */
  delivery: z.enum(ORDER_DELIVERIES).optional(),
  /** Part of the customer's account email or phone number. */
  customer: searchText,
  /** The order number or its beginning. */
  orderNo: searchText,
  /** When the order was placed. */
  ...dateRange,
  /** One merchant's orders (platform staff; a merchant's staff always get their own). */
  merchantId: adminId.optional(),
};

export const adminOrderListRequest = adminListRequest(ADMIN_ORDER_SORT_FIELDS, orderFilters);
export type AdminOrderListRequest = z.input<typeof adminOrderListRequest>;

export const adminOrderCustomerSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  nickname: z.string(),
  reseller: z.boolean(),
});

export const adminOrderRowSchema = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  currency: z.string(),
  total: z.number().int(),
  refundAmount: z.number().int().nullable(),
  physical: z.boolean(),
  /** Collected at one of the shop's stores rather than shipped. */
  pickup: z.boolean(),
  customer: adminOrderCustomerSchema,
  lines: z.array(z.object({ kind: productKindSchema, name: bilingualSchema, quantity: z.number().int() })),
  carrier: carrierSchema.nullable(),
  trackingNo: z.string().nullable(),
  /** Who sells it. */
  merchant: adminMerchantRefSchema,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderListResponse = adminListResponse(adminOrderRowSchema);

export const adminOrderExportRequest = z
  .object({
    sortField: z.enum(ADMIN_ORDER_SORT_FIELDS).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
    ...orderFilters,
    /** Column headers and status names in this language; times in this zone. */
    lang: z.enum(['en', 'zh-Hans']).default('en'),
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict();
/** What the list and its export are filtered and sorted by, as the server reads it. */
export type AdminOrderQuery = Omit<z.output<typeof adminOrderExportRequest>, 'lang' | 'timeZone' | 'merchantId'>;
export const adminOrderExportResponse = z.object({
  filename: z.string(),
  /** UTF-8 CSV with a byte-order mark, for spreadsheet programs. */
  csv: z.string(),
  rows: z.number().int(),
  /** Orders matching the filters; more than `rows` when the export stopped at the cap. */
  total: z.number().int(),
  capped: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Detail

export const adminOrderRefRequest = z.object({ orderNo: orderNoSchema }).strict();

/** The eSIM a data add-on of the order goes to, named in both languages, with the order that eSIM came with. */
export const adminEsimAddonTargetSchema = esimAddonTargetSchema.extend({ name: bilingualSchema, orderNo: z.string().nullable() });
export type AdminEsimAddonTarget = z.infer<typeof adminEsimAddonTargetSchema>;

export const adminOrderDetailSchema = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  currency: z.string(),
  subtotal: z.number().int(),
  freight: z.number().int(),
  serviceFee: z.number().int(),
  discount: z.number().int(),
  /** The coupon behind `discount` (null: none); `returned` once its use was given back (order invalid or refunded). */
  coupon: z.object({ id: z.number().int(), name: bilingualSchema, code: z.string().nullable(), returned: z.boolean() }).nullable(),
  total: z.number().int(),
  remark: z.string(),
  /** The assistant that placed the order through the shop's MCP tools (its OAuth client's name); null: the customer did. */
  placedByClient: z.string().nullable(),
  physical: z.boolean(),
  customer: adminOrderCustomerSchema,
  items: z.array(
    z.object({
      id: z.number().int(),
      kind: productKindSchema,
      productId: z.number().int(),
      skuId: z.number().int(),
      name: bilingualSchema,
      options: z.array(bilingualSchema),
      unitPrice: z.number().int(),
      quantity: z.number().int(),
      amount: z.number().int(),
      /** What the customer typed for the product's required inputs (IMEI, EID, recharge number ...). */
      inputs: z.record(z.string(), z.string()),
      requiredInputs: z.array(itemInputSchema),
    }),
  ),
  /** Which eSIM each data add-on item tops up (no new eSIM). */
  addonTargets: z.array(adminEsimAddonTargetSchema),
  address: orderAddressSchema.nullable(),
  payMethod: z.string().nullable(),
  paymentTransId: z.string().nullable(),
  paidAt: z.number().int().nullable(),
  payments: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      providerRef: z.string().nullable(),
      createdAt: z.number().int(),
      updatedAt: z.number().int(),
    }),
  ),
  refundId: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundNote: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  /** The refund was approved by the shop's rule when the customer asked (an eSIM never installed), not by staff. */
  refundAutomatic: z.boolean(),
  /** An EU consumer's order: the consent to immediate performance and the withdrawal, if any; null for anyone else. */
  consumerTerms: consumerTermsSchema.nullable(),
  carrier: carrierSchema.nullable(),
  trackingNo: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.number().int().nullable(),
  receivedAt: z.number().int().nullable(),
  events: z.array(z.object({ id: z.number().int(), event: z.string(), from: orderStatusSchema.nullable(), to: orderStatusSchema, actor: z.string(), by: auditActorSchema, reason: z.string(), at: z.number().int() })),
  /** Staff's internal notes, oldest first; `by` names the member as the history does (a removed one keeps their account). */
  notes: z.array(z.object({ id: z.number().int(), by: auditActorSchema, text: z.string(), at: z.number().int() })),
  audit: z.array(auditEntrySchema),
  /** What the order's state allows now (see adminOrderActions). */
  actions: z.array(adminOrderActionSchema),
  /** Whether a shipment may be partial now (only the first one). */
  partialShipAllowed: z.boolean(),
  serviceEvents: z.array(adminServiceEventSchema),
  /** The store the customer collects the order at (null: delivered, or nothing to deliver). */
  pickupStore: z.object({ id: z.number().int(), name: bilingualSchema, address: bilingualSchema, city: bilingualSchema, phone: z.string() }).nullable(),
  /** The merchant that sells the order. */
  merchant: adminMerchantRefSchema,
  /**
   * The checkout the order was paid in, one payment for one order per merchant; null for
   * top-ups and older orders. Merchant staff see only their own order in it.
   */
  checkout: z
    .object({
      checkoutNo: z.string(),
      orders: z.array(z.object({ orderNo: z.string(), merchant: adminMerchantRefSchema, status: orderStatusSchema, total: z.number().int() })),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Writes

export const adminOrderShipRequest = z
  .object({
    orderNo: orderNoSchema,
    carrier: carrierSchema,
    trackingNo: z.string().trim().max(100),
    /** Part of the parcel goes now, the rest later (the order stays to ship). */
    partial: z.boolean().default(false),
  })
  .strict();

export const adminOrderServiceStepRequest = z.object({ orderNo: orderNoSchema, event: adminServiceEventSchema }).strict();

export const adminOrderRefundApproveRequest = z
  .object({
    orderNo: orderNoSchema,
    /** Minor units; left out, the whole total goes back. */
    amount: z.number().int().positive().optional(),
  })
  .strict();

export const adminOrderRefundRejectRequest = z.object({ orderNo: orderNoSchema, reason: z.string().trim().min(1).max(200) }).strict();

export const adminOrderAddressRequest = z.object({ orderNo: orderNoSchema, address: addressFieldsSchema.omit({ id: true, defaultAddr: true }).strict().superRefine(checkAddressCountry).transform(keptAddress) }).strict();

export const adminOrderNoteRequest = z.object({ orderNo: orderNoSchema, text: z.string().trim().min(1).max(1000) }).strict();

export const adminOrderEndpoint = adminEndpoint('order', 'orders', {
  list: defineAdminAction({ permission: 'orders.read', write: false, summary: 'Orders, paged and sorted, by status, date, product kind, customer and number', request: adminOrderListRequest, response: adminOrderListResponse }),
  export: defineAdminAction({ permission: 'orders.export', write: false, summary: `The filtered list as CSV (at most ${ADMIN_ORDER_EXPORT_MAX} rows)`, request: adminOrderExportRequest, response: adminOrderExportResponse }),
  detail: defineAdminAction({ permission: 'orders.read', write: false, summary: 'One order: items, address, payments, logistics, events, notes and audit rows', request: adminOrderRefRequest, response: adminOrderDetailSchema }),
  esims: defineAdminAction({ permission: 'orders.read', write: false, summary: "The eSIMs an order delivered: installed or not and when, the install log's last entries, data used of the total", request: adminOrderRefRequest, response: adminOrderEsimsResponse }),
  ship: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Ships a paid physical order (or part of it) with a carrier and tracking number', request: adminOrderShipRequest, response: adminOrderDetailSchema }),
  deliver: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Marks a paid digital order delivered', request: adminOrderRefRequest, response: adminOrderDetailSchema }),
  service_step: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Moves a service order to its next step', request: adminOrderServiceStepRequest, response: adminOrderDetailSchema }),
  refund_approve: defineAdminAction({ permission: 'orders.refund', write: true, summary: 'Approves a requested refund, in full or in part; the money goes back', request: adminOrderRefundApproveRequest, response: adminOrderDetailSchema }),
  refund_reject: defineAdminAction({ permission: 'orders.refund', write: true, summary: 'Rejects a requested refund with a reason; the order returns to where it was', request: adminOrderRefundRejectRequest, response: adminOrderDetailSchema }),
  modify_address: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Changes the delivery address before the order ships', request: adminOrderAddressRequest, response: adminOrderDetailSchema }),
  // Anyone who can read an order can leave a note on it for colleagues (support talks to the customer).
  add_note: defineAdminAction({ permission: 'orders.read', write: true, summary: 'Adds an internal note (never shown to the customer)', request: adminOrderNoteRequest, response: adminOrderDetailSchema }),
  // Store pickup.
  pickup_ready: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Marks a paid pickup order ready at its store; the customer is told', request: adminOrderRefRequest, response: adminOrderDetailSchema }),
  pickup_done: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Marks a pickup order collected by its customer', request: adminOrderRefRequest, response: adminOrderDetailSchema }),
});
