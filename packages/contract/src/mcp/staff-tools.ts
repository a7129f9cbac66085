import { z } from 'zod';
import { timeZoneSchema } from '../admin/orders.ts';
import { REPORT_MAX_DAYS } from '../admin/reports.ts';
import { activationStatusSchema, currencySchema, esimRecordStatusSchema, languageSchema, orderStatusSchema } from '../enums.ts';
import { orderNoSchema } from '../orders.ts';

/**
 * The staff tools' inputs and answers: what a staff member's assistant reads and writes through
 * the console's own rules (the role's permissions, a merchant's staff only their merchant's
 * orders). Amounts are in minor units with their currency, and spelled out in `…Text`.
 */
const language = languageSchema.default('en').describe('The language of the answer: "en" (English, the default) or "zh-Hans" (Simplified Chinese).');

export const STAFF_TOOL_LIST_MAX = 20;
const limit = (what: string, fallback: number) =>
  z.number().int().min(1).max(STAFF_TOOL_LIST_MAX).default(fallback).describe(`How many ${what} at most (1 to ${STAFF_TOOL_LIST_MAX}, ${fallback} by default).`);

export const mcpStaffOrderSchema = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  statusText: z.string(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  /** Minor units. */
  total: z.number().int(),
  currency: z.string(),
  totalText: z.string(),
  customer: z.string(),
  items: z.array(z.string()),
});

export const ordersNeedingActionInput = z.object({ limit: limit('orders per queue', 10), language });
const queue = z.object({ count: z.number().int(), orders: z.array(mcpStaffOrderSchema) });
export const ordersNeedingActionOutput = z.object({
  /** Paid parcels not yet (fully) shipped. */
  toShip: queue,
  /** Refunds the customer asked for that wait for staff. */
  refundsToDecide: queue,
  /** Paid digital orders still not issued (normally issued at once: the fulfilment failed or waits). */
  notIssued: queue,
});

export const customerHistoryInput = z
  .object({
    account: z.string().trim().min(3).max(100).optional().describe('The customer\'s account: their email address or phone number.'),
    orderNo: orderNoSchema.optional().describe('An order number of the customer, e.g. "SS20261203101500ABC123".'),
    limit: limit('orders, eSIMs and messages each', 5),
    language,
  })
  .refine((i) => (i.account === undefined) !== (i.orderNo === undefined), 'Give either account or orderNo, not both.');
export const customerHistoryOutput = z.object({
  customer: z.object({ id: z.number().int(), email: z.string().nullable(), tel: z.string().nullable(), nickname: z.string(), status: z.string() }),
  orders: z.array(z.object({ orderNo: z.string(), status: orderStatusSchema, statusText: z.string(), createdAt: z.number().int(), total: z.number().int(), currency: z.string(), totalText: z.string(), firstItem: z.string().nullable() })),
  orderCount: z.number().int(),
  esims: z.array(z.object({ esimId: z.number().int(), name: z.string(), iccid: z.string().nullable(), status: esimRecordStatusSchema, activationStatus: activationStatusSchema, orderNo: z.string().nullable() })),
  esimCount: z.number().int(),
  /** The newest messages of the conversation, oldest first. */
  messages: z.array(z.object({ from: z.enum(['customer', 'shop']), text: z.string(), at: z.number().int() })),
});

const isoDate = z.iso.date();
export const salesFiguresInput = z.object({
  from: isoDate.describe('The first day of the period, YYYY-MM-DD (included).'),
  to: isoDate.describe(`The last day of the period, YYYY-MM-DD (included; at most ${REPORT_MAX_DAYS} days after from).`),
  timeZone: timeZoneSchema.default('UTC').describe('The time zone the days are counted in, e.g. "Asia/Shanghai"; UTC by default.'),
  language,
});
export const salesFiguresOutput = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** One row per currency (amounts in different currencies are never added up). */
  currencies: z.array(
    z.object({ currency: currencySchema, orders: z.number().int(), gross: z.number().int(), refunds: z.number().int(), net: z.number().int(), grossText: z.string(), refundsText: z.string(), netText: z.string() }),
  ),
});

export const addOrderNoteInput = z.object({
  orderNo: orderNoSchema.describe('The order number, e.g. "SS20261203101500ABC123".'),
  text: z.string().trim().min(1).max(1000).describe('The note for colleagues (never shown to the customer), at most 1000 characters.'),
  language,
});
export const addOrderNoteOutput = z.object({ orderNo: z.string(), note: z.string(), author: z.string() });
