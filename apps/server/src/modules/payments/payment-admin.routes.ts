import { handle } from '../../http/handlers.ts';
import { jobCounts, listJobs, retryFailedJob } from '../../jobs/outbox.ts';
import { fulfilmentStatus, fulfilNow } from '../orders/order-fulfilment.service.ts';
import { refundNotIssued } from './refund.service.ts';
import { listPaymentsForStaff, listRefundsForStaff } from './payment-admin.service.ts';

/** The console's payment endpoint: payments and refunds (read only) and the background jobs. */
export const adminPaymentHandlers = [
  handle('adminPayment', 'payment_list', (ctx, input) => listPaymentsForStaff(ctx.db, input)),
  handle('adminPayment', 'refund_list', (ctx, input) => listRefundsForStaff(ctx.db, input)),
  handle('adminPayment', 'job_list', (ctx, input) => listJobs(ctx.db, input, ctx.now)),
  handle('adminPayment', 'job_counts', (ctx) => jobCounts(ctx.db, ctx.now)),
  handle('adminPayment', 'job_retry', (ctx, input) => retryFailedJob(ctx.db, ctx.actor, input.id, ctx.now)),
  handle('adminPayment', 'fulfil_status', (ctx, input) => fulfilmentStatus(ctx.db, input.orderNo, ctx.now)),
  handle('adminPayment', 'fulfil_now', (ctx, input) => fulfilNow(ctx.db, ctx.actor, input.orderNo, ctx.now)),
  handle('adminPayment', 'fulfil_refund', (ctx, input) => refundNotIssued(ctx.db, ctx.actor, input.orderNo, ctx.now)),
];
