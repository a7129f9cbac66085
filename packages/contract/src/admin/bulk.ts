import { z } from 'zod';
import { carrierSchema } from '../enums.ts';
import { orderNoSchema } from '../orders.ts';
import { adminId } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { adminOrderDetailSchema, adminOrderExportResponse, timeZoneSchema } from './orders.ts';

/**
 * Bulk actions in the console: one call takes the list of orders or products and does each one
 * in its own audited transaction, so one object's failure does not undo the others. The answer
 * says, per object in the order asked, done or failed with its catalogue error (the same one the
 * single action would answer), and the call leaves one more audit row that sums it up.
 */

/** Most objects one bulk call takes: a page of the console's list at its largest. */
export const BULK_MAX = 200;

/** A catalogue error as the envelope carries it, for one object of a bulk call. */
export const bulkErrorSchema = z.object({
  code: z.number().int(),
  i18n: z.string(),
  msg: z.string(),
  field: z.string().optional(),
  data: z.unknown().optional(),
});
export type BulkError = z.infer<typeof bulkErrorSchema>;

/** One object's outcome; `ref` is its order number or product id as asked. */
export const bulkOutcomeSchema = z.object({ ref: z.string(), ok: z.boolean(), error: bulkErrorSchema.nullable() });
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;
export const bulkResultSchema = z.object({ results: z.array(bulkOutcomeSchema), done: z.number().int(), failed: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

const orderNos = z.array(orderNoSchema).min(1).max(BULK_MAX);
const productIds = z.array(adminId).min(1).max(BULK_MAX);

// Orders -----------------------------------------------------------------------------------------

/**
 * Tracking numbers as staff paste them or a CSV file has them, one shipment a line:
 * `order number, carrier, tracking`, `carrier, tracking` or just `tracking` (then `carrier`),
 * the lines without an order number going to the selected orders in their order. A first line
 * naming the columns (orderNo, carrier, trackingNo) is read as a header.
 */
export const adminBulkShipPreviewRequest = z
  .object({
    orderNos,
    text: z.string().max(100_000),
    /** The carrier of lines that name none. */
    carrier: carrierSchema.optional(),
  })
  .strict();
export const adminBulkShipLineSchema = z.object({
  /** The line of the text it came from (1 is the first). */
  line: z.number().int(),
  orderNo: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string(),
  /** Why this line cannot ship as it is; null: it can be sent. */
  error: bulkErrorSchema.nullable(),
});
export type AdminBulkShipLine = z.infer<typeof adminBulkShipLineSchema>;
export const adminBulkShipPreviewResponse = z.object({ lines: z.array(adminBulkShipLineSchema) });

export const adminBulkShipRequest = z
  .object({
    items: z
      .array(z.object({ orderNo: orderNoSchema, carrier: z.string().trim().min(1).max(40), trackingNo: z.string().trim().min(1).max(64) }).strict())
      .min(1)
      .max(BULK_MAX),
  })
  .strict();
export type AdminBulkShipRequest = z.input<typeof adminBulkShipRequest>;

export const adminBulkOrdersRequest = z.object({ orderNos }).strict();
export const adminBulkSlipsResponse = z.object({ orders: z.array(adminOrderDetailSchema), results: z.array(bulkOutcomeSchema) });
export const adminBulkExportRequest = z
  .object({ orderNos, lang: z.enum(['en', 'zh-Hans']).default('en'), timeZone: timeZoneSchema.default('UTC') })
  .strict();

export const adminOrderBulkEndpoint = adminEndpoint('order_bulk', 'bulk actions on orders', {
  ship_preview: defineAdminAction({ permission: 'orders.fulfil', write: false, summary: 'Reads pasted or CSV tracking numbers against the selected orders, line by line, before anything ships', request: adminBulkShipPreviewRequest, response: adminBulkShipPreviewResponse }),
  ship: defineAdminAction({ permission: 'orders.fulfil', write: true, summary: 'Ships each order with its carrier and tracking number, each in its own audited transaction; answers per order', request: adminBulkShipRequest, response: bulkResultSchema }),
  packing_slips: defineAdminAction({ permission: 'orders.read', write: false, summary: 'The selected orders as a packing slip shows them', request: adminBulkOrdersRequest, response: adminBulkSlipsResponse }),
  export: defineAdminAction({ permission: 'orders.export', write: false, summary: 'The selected orders as CSV, as the list export writes them', request: adminBulkExportRequest, response: adminOrderExportResponse }),
});

// Products ---------------------------------------------------------------------------------------

export const adminBulkOnSaleRequest = z.object({ ids: productIds, onSale: z.boolean() }).strict();
/** Most a bulk price change moves prices, either way, in percent. */
export const BULK_PRICE_PERCENT_MAX = 500;
export const adminBulkPriceRequest = z
  .object({
    ids: productIds,
    /** Percent up (positive) or down (negative), at most two decimals; prices are rounded to the minor unit and never go below zero. */
    percent: z
      .number()
      .min(-99)
      .max(BULK_PRICE_PERCENT_MAX)
      .refine((p) => p !== 0 && Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'validation.invalid'),
  })
  .strict();
export const adminBulkLabelRequest = z.object({ ids: productIds, labelId: adminId, add: z.boolean() }).strict();

export const adminProductBulkEndpoint = adminEndpoint('product_bulk', 'bulk actions on products', {
  set_on_sale: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Puts each product on or off sale, each in its own audited transaction; answers per product', request: adminBulkOnSaleRequest, response: bulkResultSchema }),
  change_price: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Moves every price of each product by a percentage (rounded to the minor unit, never below zero); answers per product', request: adminBulkPriceRequest, response: bulkResultSchema }),
  label: defineAdminAction({ permission: 'catalogue.write', write: true, summary: 'Adds a label to each product or takes it off; answers per product', request: adminBulkLabelRequest, response: bulkResultSchema }),
});
