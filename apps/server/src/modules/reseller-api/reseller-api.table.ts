import type { BulkItemState, BulkJobKind, BulkJobState, Currency } from '@simshop/contract';
import type { ColumnType } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0050: the first answer to an account's Idempotency-Key, kept 24 hours. */
export interface ApiIdempotencyTable {
  user_id: number;
  idem_key: string;
  /** SHA-256 of the operation and its body: the same key with another request is refused. */
  request_hash: string;
  status: number;
  /** The answer's JSON. */
  body: string;
  created_at: Millis;
}

/** 0059: a bulk order of the reseller API, accepted at once and carried out by an outbox job. */
export interface ApiBulkJobsTable {
  /** `bulk_` and 22 base64url characters: the id the API answers. */
  id: string;
  /** 0062: `units` of one SKU, or `topup` (its items in api_bulk_items). */
  kind: ColumnType<BulkJobKind, BulkJobKind | undefined, BulkJobKind>;
  user_id: number;
  /** The key that placed it (each order's first event names it). */
  key_id: number;
  /** 0 for a top-up job (each item names its package). */
  sku_id: number;
  currency: Currency;
  /** 0 for a top-up job (each item has its price). */
  unit_price: number;
  quantity: number;
  /** Units per order the job writes (the product's maximum per order or less). */
  chunk_units: number;
  /** Debited when the job was accepted. */
  amount: number;
  state: BulkJobState;
  issued: number;
  failed: number;
  refunded: number;
  /** The job's order numbers, oldest first, as a JSON array. */
  order_nos: string;
  /** The catalogue code of why units failed. */
  error_code: number | null;
  created_at: Millis;
  updated_at: Millis;
  finished_at: Millis | null;
}

/** 0062: one top-up of a top-up job, in the order sent. */
export interface ApiBulkItemsTable {
  job_id: string;
  seq: number;
  iccid: string;
  sku_id: number;
  /** The price accepted (debited with the job), in the job's currency. */
  price: number;
  state: BulkItemState;
  order_no: string | null;
  error_code: number | null;
}
