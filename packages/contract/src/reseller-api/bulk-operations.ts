import { z } from 'zod';
import { currencySchema } from '../enums.ts';
import { orderNoSchema } from '../orders.ts';
import { iccidSchema } from '../validation.ts';
import { problemSchema } from './problem.ts';

/**
 * The reseller API's bulk orders: up to 10,000 ECodes or eSIMs of one SKU, or top-ups of up to
 * 10,000 of the reseller's eSIMs (`kind: 'topup'`), accepted at once
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

/** What a job orders: `units` of one SKU (ECodes or eSIMs), or `topup`: data add-ons for many of the reseller's eSIMs. */
export const BulkJobKind = { units: 'units', topup: 'topup' } as const;
export type BulkJobKind = (typeof BulkJobKind)[keyof typeof BulkJobKind];
/** Top-ups a job reads at a time; each is its own order, written and paid in its own transaction. */
export const BULK_TOPUP_CHUNK_ITEMS = 100;

const skuIdSchema = z.number().int().positive().max(2_147_483_647);

export const apiBulkUnitsBody = z.object({
  /** Optional: a body without `kind` orders units. */
  kind: z.literal(BulkJobKind.units).optional(),
  skuId: skuIdSchema,
  quantity: z.number().int().min(1).max(BULK_ORDER_MAX_UNITS),
  /** Minor units, per unit: the job is refused when the unit price is no longer this. */
  expectedPrice: z.number().int().min(0).optional(),
  currency: currencySchema.optional(),
});

export const apiBulkTopupItem = z.object({
  /** One of the reseller's eSIMs. */
  iccid: iccidSchema,
  /** A data add-on SKU (GET /esims/{iccid}/topups lists those that fit). */
  skuId: skuIdSchema,
  /** Minor units: the job is refused when this package's price is no longer this. */
  expectedPrice: z.number().int().min(0).optional(),
});

/**
 * Top-ups for up to 10,000 of the reseller's eSIMs (the `topup` scope too), priced and paid when
 * accepted; an eSIM that is not the reseller's, removed, expired or that the package does not fit
 * becomes a failed item, its price credited back.
 */
export const apiBulkTopupBody = z.object({
  kind: z.literal(BulkJobKind.topup),
  items: z.array(apiBulkTopupItem).min(1).max(BULK_ORDER_MAX_UNITS),
  currency: currencySchema.optional(),
});
export type ApiBulkTopupBody = z.infer<typeof apiBulkTopupBody>;

export const apiBulkOrderCreateBody = z.discriminatedUnion('kind', [apiBulkUnitsBody, apiBulkTopupBody]);
export type ApiBulkOrderCreateBody = z.infer<typeof apiBulkOrderCreateBody>;
export type ApiBulkUnitsBody = z.infer<typeof apiBulkUnitsBody>;
export const apiBulkOrderParams = z.object({ id: bulkJobIdSchema });

/** A top-up item: pending, done (its order), failed (its price credited back, `error` says why) or cancelled with its job. */
export const BulkItemState = { pending: 'pending', done: 'done', failed: 'failed', cancelled: 'cancelled' } as const;
export type BulkItemState = (typeof BulkItemState)[keyof typeof BulkItemState];

export const apiBulkItemSchema = z.object({
  iccid: z.string(),
  skuId: z.number().int(),
  /** The price accepted and debited, in minor units. */
  price: z.number().int(),
  state: z.enum(BulkItemState),
  orderNo: orderNoSchema.nullable(),
  error: problemSchema.nullable(),
});
export type ApiBulkItem = z.infer<typeof apiBulkItemSchema>;

export const apiBulkJobSchema = z.object({
  id: bulkJobIdSchema,
  kind: z.enum(BulkJobKind),
  /**
   * queued: accepted, not started; running; done: every unit ordered, or the rest refunded (`failed`); failed: nothing could be
   * ordered, all refunded; cancelled: stopped at the reseller's request, `issued` units made and the rest (`failed`) refunded.
   */
  state: bulkJobStateSchema,
  /** null for a top-up job (each item names its package). */
  skuId: z.number().int().nullable(),
  /** Units, or top-ups. */
  quantity: z.number().int(),
  /** Units ordered and paid so far (ECodes are issued with their order; eSIMs as their order says). */
  issued: z.number().int(),
  /** Units that could not be ordered; their price went back to the balance. */
  failed: z.number().int(),
  currency: currencySchema,
  /** The unit price accepted, in minor units; every order of the job is written at it (null for a top-up job: each item has its price). */
  unitPrice: z.number().int().nullable(),
  /** Debited from the balance when the job was accepted. */
  amount: z.number().int(),
  /** Credited back for the units not ordered (0 unless `failed`). */
  refunded: z.number().int(),
  /** The orders the job made, oldest first; `ecodes`: the path of their ECodes in this API. */
  orders: z.array(z.object({ orderNo: orderNoSchema, quantity: z.number().int(), ecodes: z.string() })),
  /** Why units could not be ordered, as a problem (null while none failed; a top-up job says it per item). */
  error: problemSchema.nullable(),
  /** A top-up job's items in the order sent, each with its order or why it failed (empty for units). */
  items: z.array(apiBulkItemSchema),
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
      "Orders up to 10,000 ECodes or eSIMs of one SKU, or (`kind: 'topup'`, with the topup scope) data add-ons for up to 10,000 of the reseller's eSIMs, in the background: answered at once (202) with the job, whose whole amount is debited from the balance then (refused when it does not cover it). Units that cannot be ordered, and top-ups whose eSIM is not the reseller's or does not fit the package, are refunded; the bulk_job.done webhook event says the job ended. The same Idempotency-Key with the same body within 24 hours answers the same job; with another body it is refused (409)",
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
