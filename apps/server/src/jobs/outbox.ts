import { randomUUID } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { serverErrors, type AdminJob } from '@simshop/contract';
import { deleteInBatches, PRUNE_BATCH_ROWS } from '../db/batched-delete.ts';
import type { Database, Executor } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { recordAudit, type Actor } from '../modules/audit/audit.service.ts';
import { currentTraceContext, inJobSpan } from '../telemetry/trace-context.ts';
import * as outbox from './outbox.repository.ts';
import { Topic, type TopicPayload } from './topics.ts';

/**
 * Side effects that must survive a crash (mails, SMS, fulfilment and provider calls) are
 * written to the outbox in the caller's transaction and carried out by the worker, with retries.
 * A worker leases the jobs it runs under its own token and renews each lease while its handler
 * runs, so no other process takes over a job that is still working and runs it a second time.
 */
export interface JobContext {
  id: number;
  /** This run's number, 1 for the first. */
  attempt: number;
}
export type OutboxHandler = (payload: unknown, job: JobContext) => Promise<void>;
export type OutboxHandlers = Record<string, OutboxHandler>;

/** Tries of a job that may give up (a sign-in mail of an hour ago is of no use to anyone). */
export const MAX_ATTEMPTS = 8;
/** Jobs that never give up: a paid order (or a bulk order's amount) is issued or refunded, never forgotten. */
export const PERSISTENT_TOPICS: ReadonlySet<string> = new Set<Topic>([Topic.orderFulfil, Topic.resellerApiBulk]);
/**
 * How long a job is held by the process that took it before another may take it over: long
 * enough that a slow provider call is renewed well before it runs out, short enough that a job
 * of a killed process is not stranded for long (JOB_LEASE_MS).
 */
export const DEFAULT_LEASE_MS = 60_000;

export interface RetryPolicy {
  retryBaseMs: number;
  retryMaxMs: number;
  /** After this many failed tries of a persistent job, the owner is alerted (once). */
  alertAfter: number;
  /** The job lease (DEFAULT_LEASE_MS when not given). */
  leaseMs?: number;
}
export const DEFAULT_POLICY: RetryPolicy = { retryBaseMs: 5_000, retryMaxMs: 900_000, alertAfter: 6, leaseMs: DEFAULT_LEASE_MS };

/** What a job works on, for looking it up by order: `order:<id>` when the payload names an order. */
function refOf(payload: unknown): string | null {
  const orderId = typeof payload === 'object' && payload !== null ? (payload as { orderId?: unknown }).orderId : undefined;
  return typeof orderId === 'number' && Number.isInteger(orderId) ? `order:${orderId}` : null;
}

/** Queues a job in the caller's transaction; the payload is the topic's (jobs/topics.ts). */
export async function enqueue<T extends Topic>(db: Executor, topic: T, payload: TopicPayload<T>, now = Date.now()): Promise<void> {
  await enqueueMessage(db, topic, payload, now);
}

/** The untyped core of `enqueue`: the worker's own tests queue made-up topics with it. */
export async function enqueueMessage(db: Executor, topic: string, payload: unknown, now = Date.now()): Promise<void> {
  // The trace that queued the job goes with it: the job, later and maybe in another process, continues it.
  await outbox.insertMessage(db, { topic, payload: JSON.stringify(payload), ref: refOf(payload), traceContext: currentTraceContext(), now });
}

/** Exponential back-off: 5 s, 10 s, 20 s ... capped at 15 minutes (both from the policy). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_POLICY): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.min(Math.max(0, attempts - 1), 40), policy.retryMaxMs);
}

/**
 * Jobs a worker runs at once. Most of a job's time is a wait on the network (an SMTP answer, a
 * provider's API), so one process keeps several in flight; each holds its own lease, so this is
 * the same as several processes taking one job each.
 */
export const DEFAULT_CONCURRENCY = 8;

export interface DrainOptions {
  policy?: RetryPolicy;
  /** Overrides the policy's lease (the worker's own tests race two drains on a short one). */
  leaseMs?: number;
  /** Checked before each claim: a stopping worker finishes the jobs it holds and takes no other. */
  stopping?: () => boolean;
  /** Jobs in flight at once; 1 (one after another, in order) unless given. */
  concurrency?: number;
  /**
   * Jobs of one topic in flight at once: by default all places but one, so a provider that hangs
   * (an SMTP server that never greets) leaves a place for the other topics. When it is below
   * `concurrency` and every place is taken, a topic with no job in flight still starts one (its
   * own lane, beyond the places): a provider that hangs in several topics at once (SMTP holds the
   * code mails and the notices) cannot hold the rest, such as eSIM issuing.
   */
  perTopic?: number;
  /** Told of every job run: its topic, whether it succeeded, and how long it took. */
  observe?: (topic: string, outcome: 'done' | 'failed', seconds: number) => void;
  /** While jobs run and none was due: look again this often, so a long job keeps no free place idle (the worker's interval). */
  pollMs?: number;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof outbox.claimDue>>>[number];

/**
 * Runs due messages, up to `concurrency` at once, until none is due (or the worker stops);
 * returns how many were handled. Free places are filled by one claim of as many due messages.
 * A job's failure is its own: it is rescheduled with back-off while the others go on. With
 * `now` given, every job due at `now` runs at most once.
 */
export async function drainOutbox(db: Database, handlers: OutboxHandlers, log?: FastifyBaseLogger, now?: number, options: DrainOptions = {}): Promise<number> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const policy = options.policy ?? DEFAULT_POLICY;
  const leaseMs = options.leaseMs ?? policy.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const perTopic = Math.max(1, Math.min(concurrency, Math.floor(options.perTopic ?? concurrency - 1)));
  // Lanes only where topics share the places: one place (the tests' drain) stays one job at a time, in order.
  const lanes = perTopic < concurrency;
  const inFlight = new Map<string, number>();
  const token = randomUUID();
  const running = new Set<Promise<void>>();
  let handled = 0;
  let finished = 0;
  let failure: { err: unknown } | undefined;
  const start = (message: Claimed, at: number) => {
    handled += 1;
    inFlight.set(message.topic, (inFlight.get(message.topic) ?? 0) + 1);
    const run: Promise<void> = runOne(db, handlers, message, { token, leaseMs, policy, at, log, observe: options.observe })
      // Only the outbox's own writes fail here (a handler's error is recorded); the drain stops taking jobs.
      .catch((err: unknown) => void (failure ??= { err }))
      .finally(() => {
        running.delete(run);
        inFlight.set(message.topic, inFlight.get(message.topic)! - 1);
        finished += 1;
      });
    running.add(run);
  };
  while (!failure && !options.stopping?.()) {
    // Topics at their share are not claimed; no claim takes another past it (at most what the
    // fullest of them has left).
    let skipTopics = [...inFlight].filter(([, n]) => n >= perTopic).map(([topic]) => topic);
    const fullest = Math.max(0, ...[...inFlight.values()].filter((n) => n < perTopic));
    let free = Math.min(concurrency - running.size, perTopic - fullest);
    // Every place taken: one job of a topic that has none in flight (its lane), if one is due.
    if (free <= 0 && lanes) {
      skipTopics = [...inFlight].filter(([, n]) => n > 0).map(([topic]) => topic);
      free = 1;
    }
    const at = now ?? Date.now();
    const finishedBefore = finished;
    const claimed = free > 0 ? await db.transaction().execute((tx) => outbox.claimDue(tx, { now: at, leaseMs, token, postgres, limit: free, skipTopics })) : [];
    // A job of a skipped topic that ended during the claim freed its topic: look again at once.
    if (claimed === undefined && skipTopics.length > 0 && finished !== finishedBefore) continue;
    if (claimed === undefined && running.size === 0) break;
    for (const message of claimed ?? []) start(message, at);
    // All places taken: wait for one to end, or (with lanes) a job of another topic at the next
    // look. Nothing due while jobs run: for one to end (it may queue another) or, at the latest,
    // the next look.
    if (running.size >= concurrency && !(lanes && claimed?.length)) await (lanes ? nextOf(running, options.pollMs) : Promise.race(running));
    else if (running.size > 0 && claimed === undefined) await nextOf(running, options.pollMs);
  }
  await Promise.all(running);
  if (failure) throw failure.err;
  return handled;
}

/** The first of the running jobs to end, or `ms` (when given), whichever comes first. */
async function nextOf(running: ReadonlySet<Promise<void>>, ms: number | undefined): Promise<void> {
  if (ms === undefined) return Promise.race(running);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([...running, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

async function runOne(db: Database, handlers: OutboxHandlers, message: Claimed, o: { token: string; leaseMs: number; policy: RetryPolicy; at: number; log: FastifyBaseLogger | undefined; observe: DrainOptions['observe'] }) {
  const started = performance.now();
  const took = () => (performance.now() - started) / 1000;
  // Renew at a third of the lease: a slow provider call never lets the lease run out under it.
  const renew = setInterval(() => {
    void outbox.renewLease(db, message.id, o.token, Date.now() + o.leaseMs).catch(() => undefined);
  }, Math.max(50, Math.floor(o.leaseMs / 3)));
  try {
    const handler = handlers[message.topic];
    if (!handler) throw new Error(`no handler for outbox topic ${message.topic}`);
    await inJobSpan({ topic: message.topic, id: message.id, attempt: message.attempts, traceContext: message.trace_context }, () => handler(JSON.parse(message.payload), { id: message.id, attempt: message.attempts }));
    clearInterval(renew);
    o.observe?.(message.topic, 'done', took());
    await outbox.markDone(db, message.id, Date.now());
  } catch (err) {
    clearInterval(renew);
    o.observe?.(message.topic, 'failed', took());
    const error = err instanceof Error ? err.message : String(err);
    const persistent = PERSISTENT_TOPICS.has(message.topic);
    // Once the owner was alerted, a persistent job's further failures are routine: not a warning every 15 minutes.
    const quiet = persistent && message.attempts > o.policy.alertAfter;
    o.log?.[quiet ? 'info' : 'warn']({ id: message.id, topic: message.topic, attempts: message.attempts, error }, 'outbox message failed');
    // The job's clock: never earlier than the drain's `now`, so one drain runs a job once.
    const later = Math.max(o.at, Date.now()) + retryDelayMs(message.attempts, o.policy);
    if (!persistent && message.attempts >= MAX_ATTEMPTS) await outbox.markFailed(db, message.id, o.token, Date.now(), error);
    else await outbox.markRetry(db, message.id, o.token, later, error);
    if (persistent && message.attempts >= o.policy.alertAfter && (await outbox.markAlerted(db, message.id, Date.now()))) {
      o.log?.warn({ id: message.id, topic: message.topic, ref: refOfRow(message.payload), attempts: message.attempts, error }, 'issuing a paid order is delayed: the shop keeps trying; retry or refund it in the console (docs/operations.md)');
    }
  }
}

function refOfRow(payload: string): string | null {
  try {
    return refOf(JSON.parse(payload));
  } catch {
    return null;
  }
}

export interface OutboxWorker {
  /** Takes no new job, waits for the ones in hand to finish and record their results. */
  stop(): Promise<void>;
}

/** Polls the outbox until stopped, DEFAULT_CONCURRENCY jobs at once unless told. */
export function startOutboxWorker(db: Database, handlers: OutboxHandlers, log: FastifyBaseLogger, intervalMs: number, options: Omit<DrainOptions, 'stopping'> = {}): OutboxWorker {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = drainOutbox(db, handlers, log, undefined, { concurrency: DEFAULT_CONCURRENCY, pollMs: intervalMs, ...options, stopping: () => stopped })
      .catch((err: unknown) => log.error({ err }, 'outbox worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Runs an external send once per job and step: a job re-run after a crash (or after losing its
 * lease) finds the send recorded and skips it. The key also goes to the provider (mail
 * Message-ID, SMS Idempotency-Key), which covers a crash between the send and its record.
 */
export async function sendOnce(db: Executor, job: JobContext, step: string, send: (key: string) => Promise<void>): Promise<boolean> {
  const key = `job-${job.id}-${step}`;
  // A job's first run has no earlier run whose send it could find (one statement less per mail).
  if (job.attempt > 1 && (await outbox.hasSideEffect(db, key))) return false;
  await send(key);
  await outbox.recordSideEffect(db, key, job.id, Date.now());
  return true;
}

/** Background jobs that gave up (the console's dashboard shows them to the owner). */
export function countFailedJobs(db: Executor): Promise<number> {
  return outbox.countFailed(db);
}

// --- the console's jobs page ---

/** Topics whose payload is a message text (it may hold a sign-in code): staff see only where it goes. */
const MESSAGE_TOPICS: ReadonlySet<string> = new Set<Topic>([Topic.mailSend, Topic.smsSend]);

function payloadForStaff(topic: string, raw: string): unknown {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return null;
  }
  if (MESSAGE_TOPICS.has(topic) && typeof payload === 'object' && payload !== null) return { to: (payload as { to?: unknown }).to ?? null };
  return payload;
}

type OutboxRow = NonNullable<Awaited<ReturnType<typeof outbox.findJob>>>;

function stateOf(row: OutboxRow, now: number): AdminJob['status'] {
  if (row.failed_at !== null) return 'failed';
  if (row.locked_until !== null && row.locked_until >= now) return 'running';
  return row.last_error !== null ? 'retrying' : 'pending';
}

function toJob(row: OutboxRow, now: number): AdminJob {
  return { id: row.id, topic: row.topic, status: stateOf(row, now), attempts: row.attempts, lastError: row.last_error, payload: payloadForStaff(row.topic, row.payload), createdAt: row.created_at, runAfter: row.run_after, failedAt: row.failed_at };
}

/** Jobs in one state, for the console (failed ones are what staff act on). */
export async function listJobs(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'failedAt'; sortOrder: 'asc' | 'desc'; status: AdminJob['status']; topic?: string | undefined }, now: number) {
  const { rows, total } = await outbox.listJobs(db, { state: input.status, topic: input.topic, now }, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField === 'failedAt' ? 'failed_at' : 'created_at', order: input.sortOrder });
  return { items: rows.map((r) => toJob(r, now)), total };
}

export async function jobCounts(db: Executor, now: number) {
  const [pending, running, retrying, failed] = await Promise.all((['pending', 'running', 'retrying', 'failed'] as const).map((s) => outbox.countInState(db, s, now)));
  return { pending: pending!, running: running!, retrying: retrying!, failed: failed! };
}

/** How long the job that has waited longest since it became due has waited, in ms (0: none waits). */
export async function oldestWaitMs(db: Executor, now: number): Promise<number> {
  const at = await outbox.oldestDueAt(db, now);
  return at === null ? 0 : Math.max(0, now - at);
}

/** Runs a job that gave up once more (audited); if it fails again it is failed again. */
export async function retryFailedJob(db: Database, actor: Actor, id: number, now: number): Promise<AdminJob> {
  return db.transaction().execute(async (tx) => {
    const row = await outbox.findJob(tx, id);
    if (!row) throw new AppError(serverErrors.notFound, 'id');
    if (row.failed_at === null || row.done_at !== null || !(await outbox.requeueFailed(tx, id, now))) throw new AppError(serverErrors.jobNotFailed, 'id');
    await recordAudit(tx, actor, { action: 'job.retry', targetType: 'job', targetId: id, before: { status: 'failed', attempts: row.attempts, lastError: row.last_error }, after: { status: 'retrying', runAfter: now } }, now);
    return toJob((await outbox.findJob(tx, id))!, now);
  });
}

/** Deletes the jobs done before `before` and the record of their sends, a batch per transaction (half the usual rows: each job has four indexes and its sends). */
export const pruneDoneJobs = (db: Database, before: number): Promise<number> => deleteInBatches((limit) => db.transaction().execute((tx) => outbox.deleteDoneBatch(tx, before, limit)), PRUNE_BATCH_ROWS / 2);
