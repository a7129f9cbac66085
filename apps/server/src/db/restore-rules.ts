/**
 * The rules a restore follows on both engines (sqlite-backup.ts for SQLite, postgres-restore.ts
 * for PostgreSQL): a backup taken at T holds the jobs waiting at T, and the shop it replaces may
 * have sent some of them since. From the replaced database, when it is the same shop, the restored
 * copy gets: its waiting jobs' tries, and the message jobs among them marked done where the
 * replaced one had done them; the records of single sends of its waiting jobs (`job-<id>-<step>`);
 * notifications marked sent, and those sent after T added, so an event a re-run job reports again
 * finds its key taken; the SMS budget's counts; and every id sequence moved past the replaced
 * database's. Jobs with effects of their own (issuing, refunds) run again: their provider calls
 * carry the same call ids and idempotency keys. Which topics are messages is the caller's
 * (the jobs' layer knows its topics; this one does not import it).
 */

/** What a restore carried over from the database it replaced. */
export interface KeptSends {
  /** The replaced database is the same shop, later in time (else nothing could be carried). */
  sameShop: boolean;
  /** Mail, SMS and notice jobs waiting in the backup that the replaced database had done. */
  jobsDone: number;
  /** Notifications marked sent (waiting in the backup) or added (sent after the backup). */
  notificationsSent: number;
  /** Records of single sends (`job-<id>-<step>`) of jobs waiting in the backup. */
  sendRecords: number;
  /** Why the replaced database could not be read (it is kept all the same). */
  unreadable?: string;
}

/**
 * How far ids jump when the database a backup replaces is missing or another shop's: the lost
 * database may have used the ids after the backup's for jobs and eSIMs whose keys went to
 * providers (mail Message-IDs, SMS idempotency keys, SM-DP+ call ids); new rows must not reuse them.
 */
export const RESTORE_ID_GAP = 1_000_000;

/**
 * "The same shop": the backup's newest order (or, with no order, its newest job) is in the
 * replaced database with these columns identical.
 */
export const SHOP_MARKS = [
  { table: 'orders', columns: ['id', 'order_no', 'created_at'] },
  { table: 'outbox', columns: ['id', 'topic', 'payload', 'created_at'] },
] as const;

/** A job waiting in the backup is the replaced database's job when these columns match. */
export const SAME_JOB = ['id', 'topic', 'payload', 'created_at'] as const;
