import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { containsText } from '../db/text-search.ts';

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

// --- the console's jobs page ---

export type JobState = 'failed' | 'retrying' | 'pending' | 'running';

/** One state's rows at `now` (the states do not overlap; done jobs are none of them). */
function inState(db: Executor, state: JobState, now: number) {
  const open = db.selectFrom('outbox').where('done_at', 'is', null);
  if (state === 'failed') return open.where('failed_at', 'is not', null);
  const live = open.where('failed_at', 'is', null);
  if (state === 'running') return live.where('locked_until', '>=', now);
  const idle = live.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
  return state === 'retrying' ? idle.where('last_error', 'is not', null) : idle.where('last_error', 'is', null);
}

export async function listJobs(db: Executor, f: { state: JobState; topic?: string | undefined; now: number }, page: { offset: number; limit: number; sort: 'created_at' | 'failed_at'; order: 'asc' | 'desc' }) {
  let q = inState(db, f.state, f.now);
  if (f.topic) q = q.where(containsText('topic', f.topic));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function countInState(db: Executor, state: JobState, now: number): Promise<number> {
  return Number((await inState(db, state, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export function findJob(db: Executor, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Puts a job that gave up back in the queue, due now. Its attempts are kept: at MAX_ATTEMPTS
 * or more, the worker gives up again after one more failure, so a retry runs it exactly once.
 */
export async function requeueFailed(db: Executor, id: number, now: number): Promise<boolean> {
  const res = await db.updateTable('outbox').set({ failed_at: null, locked_until: null, run_after: now }).where('id', '=', id).where('failed_at', 'is not', null).where('done_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
