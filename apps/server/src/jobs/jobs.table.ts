import type { Generated } from 'kysely';
import type { Millis } from '../db/column-types.ts';

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  run_after: Millis;
  locked_until: Millis | null;
  done_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  created_at: Millis;
  /** Who holds the lease now (0020): only that worker may finish the job. */
  lease_token: string | null;
  /** What the job works on, e.g. `order:12` (0020). */
  ref: string | null;
  /** When the owner was alerted that this job keeps failing (0020). */
  alerted_at: Millis | null;
  /** The W3C trace context the job was queued in, as JSON, so its span continues that trace (0046). */
  trace_context: string | null;
}

/** An external send a job did, keyed `<job id>:<step>` (0020). */
export interface JobSideEffectsTable {
  key: string;
  job_id: number;
  created_at: Millis;
}

/** Which process runs the time-driven rules, until when (0045): one row, id 1. */
export interface SchedulerLeaseTable {
  id: number;
  holder: string | null;
  expires_at: Millis;
}
