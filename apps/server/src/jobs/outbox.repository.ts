import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

export async function insertMessage(db: Executor, row: { topic: string; payload: string; now: number }) {
  await db.insertInto('outbox').values({ topic: row.topic, payload: row.payload, run_after: row.now, created_at: row.now }).execute();
}

/**
 * Claims up to `limit` due messages for `leaseMs`. On PostgreSQL several server processes share
 * the work: SKIP LOCKED lets each claim different rows.
 */
export async function claimDue(db: Executor, opts: { now: number; leaseMs: number; limit: number; postgres: boolean }) {
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('run_after', '<=', opts.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', opts.now)]))
    .orderBy('id')
    .limit(opts.limit);
  if (opts.postgres) due = due.forUpdate().skipLocked();
  return db
    .updateTable('outbox')
    .set({ locked_until: opts.now + opts.leaseMs, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returning(['id', 'topic', 'payload', 'attempts'])
    .execute();
}

export async function markDone(db: Executor, id: number, now: number) {
  await db.updateTable('outbox').set({ done_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();
}

export async function markRetry(db: Executor, id: number, runAfter: number, error: string) {
  await db.updateTable('outbox').set({ run_after: runAfter, locked_until: null, last_error: error }).where('id', '=', id).execute();
}

export async function markFailed(db: Executor, id: number, now: number, error: string) {
  await db.updateTable('outbox').set({ failed_at: now, locked_until: null, last_error: error }).where('id', '=', id).execute();
}

export function countPending(db: Executor) {
  return db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
}

export async function countFailed(db: Executor): Promise<number> {
  const row = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('failed_at', 'is not', null).where('done_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}
