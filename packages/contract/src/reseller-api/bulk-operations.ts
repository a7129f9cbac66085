import { z } from 'zod';
import { currencySchema } from '../enums.ts';
import { orderNoSchema } from '../orders.ts';
import { problemSchema } from './problem.ts';

/**
 * The reseller API's bulk orders: up to 10,000 ECodes or eSIMs of one SKU, accepted at once
 * (202) with a job id and carried out in the background, spread into `resellerApiOperations`.
 * The whole amount is debited from the balance when the job is accepted (refused, with nothing
 * written, when the balance does not cover it); the units are then ordered in orders of at most
 * BULK_ORDER_CHUNK_UNITS each, every one paid from that amount at the accepted unit price. Units
 * that could not be ordered (sold out meanwhile, the product taken off sale, the balance locked)
 * are refunded to the balance when the job ends: `failed` counts them and `error` says why.
 */

export const BULK_ORDER_MAX_UNITS = 10_000;
/** Units per order of a bulk job: each order is written, paid and issued in one short transaction. */
export const BULK_ORDER_CHUNK_UNITS = 500;

export const BulkJobState = { queued: 'queued', running: 'running', done: 'done', failed: 'failed', cancelled: 'cancelled' } as const;
export type BulkJobState = (typeof BulkJobState)[keyof typeof BulkJobState];
export const bulkJobStateSchema = z.enum(BulkJobState);

/** A bulk job's id: `bulk_` and 22 base64url characters. */
export const bulkJobIdSchema = z.string().regex(/^bulk_[A-Za-z0-9_-]{22}$/, 'validation.invalid');

export const apiBulkOrderCreateBody = z.object({
  skuId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(BULK_ORDER_MAX_UNITS),
  /** Minor units, per unit: the job is refused when the unit price is no longer this. */
  expectedPrice: z.number().int().min(0).optional(),
  currency: currencySchema.optional(),
});
export type ApiBulkOrderCreateBody = z.infer<typeof apiBulkOrderCreateBody>;
export const apiBulkOrderParams = z.object({ id: bulkJobIdSchema });

export const apiBulkJobSchema = z.object({
  id: bulkJobIdSchema,
  /**
   * queued: accepted, not started; running; done: every unit ordered, or the rest refunded (`failed`); failed: nothing could be
   * ordered, all refunded; cancelled: stopped at the reseller's request, `issued` units made and the rest (`failed`) refunded.
   */
  state: bulkJobStateSchema,
  skuId: z.number().int(),
  quantity: z.number().int(),
  /** Units ordered and paid so far (ECodes are issued with their order; eSIMs as their order says). */
  issued: z.number().int(),
  /** Units that could not be ordered; their price went back to the balance. */
  failed: z.number().int(),
  currency: currencySchema,
  /** The unit price accepted, in minor units; every order of the job is written at it. */
  unitPrice: z.number().int(),
  /** Debited from the balance when the job was accepted. */
  amount: z.number().int(),
  /** Credited back for the units not ordered (0 unless `failed`). */
  refunded: z.number().int(),
  /** The orders the job made, oldest first; `ecodes`: the path of their ECodes in this API. */
  orders: z.array(z.object({ orderNo: orderNoSchema, quantity: z.number().int(), ecodes: z.string() })),
  /** Why units could not be ordered, as a problem (null while none failed). */
  error: problemSchema.nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type ApiBulkJob = z.infer<typeof apiBulkJobSchema>;

export const resellerApiBulkOperations = {
  createBulkOrder: {
    method: 'POST',
    path: '/bulk-orders',
    scope: 'order',
    status: 202,
    idempotent: true,
    summary:
      'Orders up to 10,000 ECodes or eSIMs of one SKU in the background: answered at once (202) with the job, whose whole amount is debited from the balance then (refused when it does not cover it). Units that cannot be ordered are refunded when the job ends; the bulk_job.done webhook event says it ended. The same Idempotency-Key with the same body within 24 hours answers the same job; with another body it is refused (409)',
    body: apiBulkOrderCreateBody,
    response: apiBulkJobSchema,
  },
  bulkOrder: {
    method: 'GET',
    path: '/bulk-orders/{id}',
    scope: 'read',
    status: 200,
    summary: "One of the reseller's bulk jobs: its state, progress (`issued` of `quantity`), the orders it made with a link to their ECodes, and why units failed",
    params: apiBulkOrderParams,
    response: apiBulkJobSchema,
  },
  cancelBulkOrder: {
    method: 'POST',
    path: '/bulk-orders/{id}/cancel',
    scope: 'order',
    status: 200,
    summary:
      "Cancels one of the reseller's bulk jobs that is still queued or running: it stops before its next order, the units not ordered are credited back to the balance at once, the job ends `cancelled` with the units made so far, and the bulk_job.done webhook event says so. A job already over is refused (409)",
    params: apiBulkOrderParams,
    response: apiBulkJobSchema,
  },
} as const;
