import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { pageWithTotal } from '../db/table-helpers.ts';
import { containsText } from '../db/text-search.ts';
import { keyIn } from '../db/batched-delete.ts';

export async function insertMessage(db: Executor, row: { topic: string; payload: string; ref: string | null; traceContext: string | null; now: number }) {
  await db.insertInto('outbox').values({ topic: row.topic, payload: row.payload, ref: row.ref, trace_context: row.traceContext, run_after: row.now, created_at: row.now }).execute();
}

/** Due and not leased by anyone (or their lease ran out) at `now`. */
const claimableAt = (now: number) => (eb: ExpressionBuilder<DB, 'outbox'>) =>
  eb.and([eb('done_at', 'is', null), eb('failed_at', 'is', null), eb('run_after', '<=', now), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)])]);

/**
 * Leases up to `limit` of the oldest due messages for `leaseMs` under `token`. The update repeats
 * the claim's conditions, so of two processes that picked the same row only one gets it (the
 * other updates nothing); on PostgreSQL SKIP LOCKED lets each pick different rows at once.
 * undefined: nothing is due; empty: what was due was taken by another process meanwhile.
 */
export async function claimDue(db: Executor, opts: { now: number; leaseMs: number; token: string; postgres: boolean; limit: number; skipTopics?: readonly string[] }) {
  let due = db.selectFrom('outbox').select('id').where(claimableAt(opts.now)).orderBy('id').limit(opts.limit);
  if (opts.skipTopics?.length) due = due.where('topic', 'not in', opts.skipTopics);
  if (opts.postgres) due = due.forUpdate().skipLocked();
  const ids = (await due.execute()).map((r) => r.id);
  if (ids.length === 0) return undefined;
  const claimed = await db
    .updateTable('outbox')
    .where(claimableAt(opts.now))
    .set({ locked_until: opts.now + opts.leaseMs, lease_token: opts.token, attempts: sql`attempts + 1` })
    .where('id', 'in', ids)
    .returning(['id', 'topic', 'payload', 'attempts', 'alerted_at', 'trace_context'])
    .execute();
  return claimed.sort((a, b) => a.id - b.id);
}

/** Leases the oldest due message, alone; null when another process took it between the two statements. */
export async function claimOne(db: Executor, opts: { now: number; leaseMs: number; token: string; postgres: boolean }) {
  const claimed = await claimDue(db, { ...opts, limit: 1 });
  return claimed === undefined ? undefined : (claimed[0] ?? null);
}

/** Extends a lease while its handler still runs; false when the lease was lost. */
export async function renewLease(db: Executor, id: number, token: string, until: number): Promise<boolean> {
  const res = await db.updateTable('outbox').set({ locked_until: until }).where('id', '=', id).where('lease_token', '=', token).where('done_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A job that did its work is done, even if its lease ran out meanwhile: the work happened. */
export async function markDone(db: Executor, id: number, now: number) {
  await db.updateTable('outbox').set({ done_at: now, locked_until: null, lease_token: null, last_error: null }).where('id', '=', id).where('done_at', 'is', null).execute();
}

/** Only the lease holder reschedules a failure (another process may hold the job by now). */
export async function markRetry(db: Executor, id: number, token: string, runAfter: number, error: string) {
  await db.updateTable('outbox').set({ run_after: runAfter, locked_until: null, lease_token: null, last_error: error }).where('id', '=', id).where('lease_token', '=', token).where('done_at', 'is', null).execute();
}

export async function markFailed(db: Executor, id: number, token: string, now: number, error: string) {
  await db.updateTable('outbox').set({ failed_at: now, locked_until: null, lease_token: null, last_error: error }).where('id', '=', id).where('lease_token', '=', token).where('done_at', 'is', null).execute();
}

/** Sets `alerted_at` once: true only for the call that set it (one alert across processes). */
export async function markAlerted(db: Executor, id: number, now: number): Promise<boolean> {
  const res = await db.updateTable('outbox').set({ alerted_at: now }).where('id', '=', id).where('alerted_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- idempotency of external sends ---

export async function hasSideEffect(db: Executor, key: string): Promise<boolean> {
  return (await db.selectFrom('job_side_effects').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

export async function recordSideEffect(db: Executor, key: string, jobId: number, now: number) {
  await db.insertInto('job_side_effects').values({ key, job_id: jobId, created_at: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
}

// --- fulfilment jobs by the order they work on ---

/** The open (not done) jobs of a topic for these refs, newest first. */
export function openJobsFor(db: Executor, topic: string, refs: readonly string[]) {
  if (refs.length === 0) return Promise.resolve([]);
  return db.selectFrom('outbox').selectAll().where('topic', '=', topic).where('ref', 'in', refs).where('done_at', 'is', null).orderBy('id', 'desc').execute();
}

/** Open jobs of a topic the owner was alerted about, oldest first. */
export function alertedOpenJobs(db: Executor, topic: string, limit: number) {
  const alerted = db.selectFrom('outbox').where('topic', '=', topic).where('done_at', 'is', null).where('alerted_at', 'is not', null);
  return pageWithTotal(alerted, (q) => q.selectAll().orderBy('id').limit(limit).execute());
}

/** Makes an idle open job due now (a failed one too); false when it is leased or done. */
export async function makeDueNow(db: Executor, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('outbox')
    .set({ run_after: now, failed_at: null })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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

export function listJobs(db: Executor, f: { state: JobState; topic?: string | undefined; now: number }, page: { offset: number; limit: number; sort: 'created_at' | 'failed_at'; order: 'asc' | 'desc' }) {
  let filtered = inState(db, f.state, f.now);
  if (f.topic) filtered = filtered.where(containsText('topic', f.topic));
  return pageWithTotal(filtered, (q) => q.selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute());
}

export async function countInState(db: Executor, state: JobState, now: number): Promise<number> {
  return Number((await inState(db, state, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** When the longest-waiting due job (neither done nor given up) became due; null when none waits. */
export async function oldestDueAt(db: Executor, now: number): Promise<number | null> {
  const row = await db.selectFrom('outbox').select((eb) => eb.fn.min('run_after').as('at')).where('done_at', 'is', null).where('failed_at', 'is', null).where('run_after', '<=', now).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export function findJob(db: Executor, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Puts a job that gave up back in the queue, due now. Its attempts are kept: at MAX_ATTEMPTS
 * or more, the worker gives up again after one more failure, so a retry runs it exactly once.
 */
export async function requeueFailed(db: Executor, id: number, now: number): Promise<boolean> {
  const res = await db.updateTable('outbox').set({ failed_at: null, locked_until: null, lease_token: null, run_after: now }).where('id', '=', id).where('failed_at', 'is not', null).where('done_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Deletes at most `limit` jobs done before `before`, with the record of their sends (a done job
 * never runs again); how many jobs. The ids are read once, so both deletes name the same jobs.
 */
export async function deleteDoneBatch(db: Executor, before: number, limit: number): Promise<number> {
  const ids = (await db.selectFrom('outbox').select('id').where('done_at', '<', before).limit(limit).execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('job_side_effects').where(keyIn(db, 'job_id', ids)).execute();
  return Number((await db.deleteFrom('outbox').where(keyIn(db, 'id', ids)).executeTakeFirst()).numDeletedRows);
}
