import { z } from 'zod';
import { currencySchema, orderStatusSchema } from '../enums.ts';
import { fulfilmentStateSchema, orderNoSchema } from '../orders.ts';
import { payMethodSchema } from '../payments.ts';
import { emptyRequest } from '../users.ts';
import { adminId, adminListRequest, adminListResponse, dateRange, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: money that came in and went back (read only: the paying logic is the shop's), and the
 * background jobs (outbox) that carry out side effects, with a retry for the ones that gave up.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Who handled a payment: the method says it (card is Stripe Checkout). */
export const PAYMENT_PROVIDERS = { balance: 'balance', card: 'stripe', wechat: 'wechat', sandbox: 'sandbox' } as const;

export const AUTO_REFUND_REASONS = ['superseded', 'order_not_payable'] as const;

export const adminPaymentSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  userId: z.number().int(),
  /** The customer's email, phone or nickname, whichever they have. */
  account: z.string(),
  method: payMethodSchema,
  amount: z.number().int(),
  currency: z.string(),
  status: paymentStatusSchema,
  /** The provider's own id: Stripe's checkout session or payment intent, WeChat's transaction id. */
  providerRef: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** When a superseded payment's hosted session was closed at the provider. */
  sessionClosedAt: z.number().int().nullable(),
  /** Money given back without staff: it arrived for a superseded payment, or for an order no longer payable. */
  autoRefund: z.object({ amount: z.number().int(), reason: z.enum(AUTO_REFUND_REASONS), at: z.number().int() }).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const paymentAdminListRequest = adminListRequest(['createdAt', 'amount'] as const, {
  /** Order number, payment id, provider id or the customer's account. */
  q: searchText,
  status: paymentStatusSchema.optional(),
  method: payMethodSchema.optional(),
  currency: currencySchema.optional(),
  ...dateRange,
});
export const paymentAdminListResponse = adminListResponse(adminPaymentSchema);

/** A refund as asked for by the customer and decided by the shop. */
export const REFUND_STATES = ['requested', 'refunded', 'partial', 'rejected'] as const;
export const refundStateSchema = z.enum(REFUND_STATES);

export const adminRefundSchema = z.object({
  /** The order's id: a refund belongs to one order. */
  id: z.number().int(),
  refundId: z.string(),
  orderNo: z.string(),
  state: refundStateSchema,
  orderStatus: orderStatusSchema,
  /** What was paid back (null while asked for or after a rejection). */
  amount: z.number().int().nullable(),
  orderTotal: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  note: z.string(),
  method: payMethodSchema.nullable(),
  /** The payment the money went back to, and the provider's id of it. */
  paymentId: z.string().nullable(),
  providerRef: z.string().nullable(),
  requestedAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  /** Approved by the shop's rule when the customer asked (an eSIM never installed), not by a staff member. */
  automatic: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const refundAdminListRequest = adminListRequest(['requestedAt'] as const, { q: searchText, state: refundStateSchema.optional(), ...dateRange });
export const refundAdminListResponse = adminListResponse(adminRefundSchema);

/**
 * An outbox job. `pending` waits for its first run, `running` is leased by a worker now,
 * `retrying` failed and waits for its next try, `failed` gave up and waits for staff.
 */
export const JOB_STATUSES = ['failed', 'retrying', 'pending', 'running'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const adminJobSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  status: jobStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** What the job works on, without message texts (they may hold sign-in codes). */
  payload: z.unknown(),
  createdAt: z.number().int(),
  runAfter: z.number().int(),
  failedAt: z.number().int().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobAdminListRequest = adminListRequest(['createdAt', 'failedAt'] as const, { status: jobStatusSchema.default('failed'), topic: searchText });
export const jobAdminListResponse = adminListResponse(adminJobSchema);
export const jobCountsResponse = z.object({ pending: z.number().int(), running: z.number().int(), retrying: z.number().int(), failed: z.number().int() });
export const jobRetryRequest = z.object({ id: adminId }).strict();

/** A paid order's issuing job (fulfilment never gives up: it retries with a capped back-off). */
export const fulfilmentRequest = z.object({ orderNo: orderNoSchema }).strict();
export const fulfilmentResponse = z.object({
  orderNo: z.string(),
  /** Null when nothing waits to be issued (done, refunded, not paid). */
  state: fulfilmentStateSchema.nullable(),
  jobId: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When the next try runs (now or earlier: due, or running). */
  nextTryAt: z.number().int().nullable(),
  running: z.boolean(),
});
export type Fulfilment = z.infer<typeof fulfilmentResponse>;

export const adminPaymentEndpoint = adminEndpoint('payment', 'payments and background jobs', {
  payment_list: defineAdminAction({ permission: 'payments.read', write: false, summary: 'Payments with provider, provider id, amount, status and order', request: paymentAdminListRequest, response: paymentAdminListResponse }),
  refund_list: defineAdminAction({ permission: 'payments.read', write: false, summary: 'Refunds asked for, paid back or rejected, with the payment they go back to', request: refundAdminListRequest, response: refundAdminListResponse }),
  job_list: defineAdminAction({ permission: 'jobs.read', write: false, summary: 'Background jobs by status (failed ones first of all), with attempts and the last error', request: jobAdminListRequest, response: jobAdminListResponse }),
  job_counts: defineAdminAction({ permission: 'jobs.read', write: false, summary: 'How many background jobs wait, run, retry or failed', request: emptyRequest, response: jobCountsResponse }),
  job_retry: defineAdminAction({ permission: 'jobs.write', write: true, summary: 'Runs a failed job once more (if it fails again it is failed again)', request: jobRetryRequest, response: adminJobSchema }),
  fulfil_status: defineAdminAction({ permission: 'jobs.read', write: false, summary: "A paid order's issuing: waiting, delayed (alerted) or nothing to issue, with tries and the last error", request: fulfilmentRequest, response: fulfilmentResponse }),
  fulfil_now: defineAdminAction({ permission: 'jobs.write', write: true, summary: "Tries a paid order's issuing now instead of waiting for its back-off", request: fulfilmentRequest, response: fulfilmentResponse }),
  fulfil_refund: defineAdminAction({ permission: 'orders.refund', write: true, summary: 'Refunds in full a paid order whose issuing still waits, without the customer asking', request: fulfilmentRequest, response: fulfilmentResponse }),
});
