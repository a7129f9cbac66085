import type { Selectable } from 'kysely';
import type { ApiBulkItemsTable, ApiBulkJobsTable } from './reseller-api.table.ts';

/** What the bulk job services share: the ledger's reasons, the rows, and the sign that a job moved under a run. */

export type JobRow = Selectable<ApiBulkJobsTable>;
export type ItemRow = Selectable<ApiBulkItemsTable>;

/** Ledger reasons of a bulk job's money (the job id follows, so the ledger says which job). */
export const BulkLedger = {
  accepted: (id: string) => `bulk ${id}`,
  toOrder: (id: string, orderNo: string) => `bulk ${id} order ${orderNo}`,
  refund: (id: string) => `bulk ${id} refund`,
  itemRefund: (id: string, seq: number) => `bulk ${id} item ${seq} refund`,
  cancelled: (id: string) => `bulk ${id} cancelled`,
} as const;

/** A run found its job moved by another run, or cancelled: nothing of its transaction is kept and the job is read again. */
export class JobMoved extends Error {}
