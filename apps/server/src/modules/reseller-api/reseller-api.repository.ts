import type { Executor } from '../../db/database.ts';
import { keyIn } from '../../db/batched-delete.ts';

/**
 * Claims an account's Idempotency-Key for a request: inserts its record, or takes over one older
 * than `expiredBefore`. True when this request now holds the key. In the transaction that does
 * the work: on PostgreSQL a second request with the same key waits on the first one's row until
 * it commits (then finds the key taken) or rolls back (then takes it); SQLite runs one write
 * transaction at a time.
 */
export async function claimKey(db: Executor, row: { userId: number; key: string; requestHash: string; now: number }, expiredBefore: number): Promise<boolean> {
  const claimed = await db
    .insertInto('api_idempotency')
    .values({ user_id: row.userId, idem_key: row.key, request_hash: row.requestHash, status: 0, body: '', created_at: row.now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'idem_key'])
        .doUpdateSet({ request_hash: row.requestHash, status: 0, body: '', created_at: row.now })
        .where('api_idempotency.created_at', '<', expiredBefore),
    )
    .returning('idem_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The answer the work gave, written before its transaction commits. */
export async function saveAnswer(db: Executor, userId: number, key: string, answer: { status: number; body: string }): Promise<void> {
  await db.updateTable('api_idempotency').set({ status: answer.status, body: answer.body }).where('user_id', '=', userId).where('idem_key', '=', key).execute();
}

export function findKey(db: Executor, userId: number, key: string) {
  return db.selectFrom('api_idempotency').select(['request_hash', 'status', 'body', 'created_at']).where('user_id', '=', userId).where('idem_key', '=', key).executeTakeFirst();
}

/** Deletes at most `limit` records made before `before`; how many. */
export async function deleteKeysBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('api_idempotency').select('idem_key').where('created_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('api_idempotency').where('created_at', '<', before).where(keyIn(db, 'idem_key', batch)).executeTakeFirst()).numDeletedRows);
}
