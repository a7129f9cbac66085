import { WEBHOOK_TEST_EVENT, WebhookDeliveryStatus } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { Database } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { postSigned, type PostOutcome } from './webhook-post.ts';
import { openWebhookSecret } from './webhook-secret.ts';
import * as hooks from './webhooks.repository.ts';

/**
 * One try of a delivery, run by the outbox (topic webhook.deliver): posts it, records the try, and
 * on anything but a 2xx queues the next try after a growing wait, for 24 hours from the
 * delivery's creation; then it is given up, which the shop's log shows. The waits count from when
 * each try was due, not from the clock of the process that ran it, so the schedule is the same
 * however late a worker runs. An endpoint that keeps failing stays on: its `failing_since` shows
 * in the shop, and each delivery given up is logged.
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** When the try after try `attempt` (1 for the first) is due, or null: give up. */
export function nextAttemptAt(attempt: number, dueAt: number, createdAt: number): number | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  const next = dueAt + delay;
  return next - createdAt > RETRY_WINDOW_MS ? null : next;
}

/** A secret sealed under another FILE_TOKEN_SECRET cannot sign: each try says so in the log until the reseller gives the endpoint a new one. */
const UNREADABLE_SECRET: PostOutcome = { statusCode: null, answer: 'not sent: the signing secret can no longer be read (the server key changed); give this endpoint a new secret', durationMs: 0 };

function readableSecret(serverSecret: string, sealed: string): string | null {
  try {
    return openWebhookSecret(serverSecret, sealed);
  } catch {
    return null;
  }
}

const delivered = (o: PostOutcome) => o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;

const OPEN: ReadonlySet<string> = new Set([WebhookDeliveryStatus.pending, WebhookDeliveryStatus.retrying]);

/** `production`: only public addresses are posted to (http to this machine is for development). */
export async function runDelivery(db: Database, deps: { serverSecret: string; production: boolean; log: FastifyBaseLogger }, deliveryId: number): Promise<void> {
  const { serverSecret, log } = deps;
  const d = await hooks.deliveryToSend(db, deliveryId);
  // Gone with its endpoint, or settled by an earlier run of this job.
  if (!d || !OPEN.has(d.status)) return;
  // An endpoint turned off gets no events; a test event is sent whatever it is set to.
  if (d.enabled !== 1 && d.event_type !== WEBHOOK_TEST_EVENT) {
    await hooks.advanceDelivery(db, d.id, d.attempts, { status: WebhookDeliveryStatus.cancelled, next_attempt_at: null });
    return;
  }
  const at = Date.now();
  const secret = readableSecret(serverSecret, d.secret_sealed);
  const outcome = secret === null ? UNREADABLE_SECRET : await postSigned(d.url, secret, d.message_id, d.body, { publicOnly: deps.production });
  const attempt = d.attempts + 1;
  const ok = delivered(outcome);
  const next = ok ? null : nextAttemptAt(attempt, d.next_attempt_at ?? d.created_at, d.created_at);
  const status = ok ? WebhookDeliveryStatus.delivered : next === null ? WebhookDeliveryStatus.givenUp : WebhookDeliveryStatus.retrying;
  await db.transaction().execute(async (tx) => {
    if (!(await hooks.advanceDelivery(tx, d.id, d.attempts, { status, attempts: attempt, next_attempt_at: next }))) return;
    await hooks.insertAttempt(tx, { delivery_id: d.id, attempt, at, status_code: outcome.statusCode, answer: outcome.answer, duration_ms: outcome.durationMs });
    await hooks.setFailing(tx, d.endpoint_id, ok ? null : at);
    if (next !== null) await enqueue(tx, Topic.webhookDeliver, { deliveryId: d.id }, next);
  });
  if (status === WebhookDeliveryStatus.givenUp) {
    log.warn({ deliveryId: d.id, endpointId: d.endpoint_id, userId: d.user_id, attempts: attempt, statusCode: outcome.statusCode }, 'a webhook delivery was given up after 24 hours of failed tries; the endpoint stays on and the reseller sees it in the delivery log');
  }
}

/** The delivery log keeps settled deliveries for the retention period (RETENTION_DAYS), a batch per transaction. */
export const pruneDeliveries = (db: Database, before: number): Promise<number> => deleteInBatches((limit) => db.transaction().execute((tx) => hooks.deleteSettledBatch(tx, before, limit)));
