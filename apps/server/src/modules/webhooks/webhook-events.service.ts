import { randomBytes } from 'node:crypto';
import { WebhookDeliveryStatus, WebhookEventType, webhookEventTypeSchema, type Currency, type WebhookPayload } from '@simshop/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { notify } from '../notifications/notification.service.ts';
import * as hooks from './webhooks.repository.ts';

/**
 * Events for a reseller's webhook endpoints, queued in the transaction of the change that causes
 * them (an order paid, a refund paid): one delivery per endpoint that is on and picked the event,
 * with its body as it will be sent, and an outbox job that sends it. A customer, or a reseller
 * with no endpoint, costs one indexed read.
 */
const eventList = z.array(webhookEventTypeSchema);

export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** The Standard Webhooks body: `{ type, timestamp, data }`. */
export const envelopeOf = (type: string, data: unknown, now: number) => JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });

export function subscribed(events: string, type: WebhookEventType): boolean {
  return eventList.parse(JSON.parse(events)).includes(type);
}

/** Whether any endpoint of the reseller that is on takes one of `types` (a sweep asks before it reads the network for events only). */
export async function takesAnyEvent(db: Executor, userId: number, types: readonly WebhookEventType[]): Promise<boolean> {
  return (await hooks.enabledEndpointsOf(db, userId)).some((e) => types.some((type) => subscribed(e.events, type)));
}

/** Writes a delivery due now and the job that sends it; the delivery row. */
export async function queueDelivery(tx: Executor, d: { endpointId: number; messageId: string; eventType: string; body: string }, now: number) {
  const row = await hooks.insertDelivery(tx, { endpoint_id: d.endpointId, message_id: d.messageId, event_type: d.eventType, body: d.body, status: WebhookDeliveryStatus.pending, attempts: 0, next_attempt_at: now, created_at: now });
  await enqueue(tx, Topic.webhookDeliver, { deliveryId: row.id }, now);
  return row;
}

/**
 * Queues `type` with its data to every endpoint of the reseller that takes it, in `tx`. The data
 * may be a function, read only when some endpoint takes the event (an order's detail costs
 * reads); it answers null when there is nothing to tell after all.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(tx: Executor, userId: number, type: T, data: WebhookPayload<T> | (() => Promise<WebhookPayload<T> | null>), now: number): Promise<void> {
  const endpoints = (await hooks.enabledEndpointsOf(tx, userId)).filter((e) => subscribed(e.events, type));
  if (endpoints.length === 0) return;
  const payload = typeof data === 'function' ? await data() : data;
  if (payload === null) return;
  // One message, one id, whichever endpoints receive it.
  const messageId = newMessageId();
  const body = envelopeOf(type, payload, now);
  for (const e of endpoints) await queueDelivery(tx, { endpointId: e.id, messageId, eventType: type, body }, now);
}

/**
 * balance.low for a balance that went from `before` to `after` (minor units) in `tx`: to each
 * endpoint whose threshold it crossed on the way down, so a reseller hears it once per fall,
 * not on every order below the threshold; and one mail to the reseller for the fall, naming the
 * highest threshold crossed (the endpoints' thresholds are the only ones a reseller sets).
 */
export async function emitBalanceLow(tx: Executor, userId: number, currency: Currency, before: number, after: number, now: number): Promise<void> {
  if (after >= before) return;
  const endpoints = (await hooks.enabledEndpointsOf(tx, userId)).filter((e) => subscribed(e.events, WebhookEventType.balanceLow) && after < e.balance_low_below && before >= e.balance_low_below);
  for (const e of endpoints) {
    const data: WebhookPayload<typeof WebhookEventType.balanceLow> = { currency, balance: after, threshold: e.balance_low_below };
    await queueDelivery(tx, { endpointId: e.id, messageId: newMessageId(), eventType: WebhookEventType.balanceLow, body: envelopeOf(WebhookEventType.balanceLow, data, now) }, now);
  }
  if (endpoints.length === 0) return;
  const threshold = Math.max(...endpoints.map((e) => Number(e.balance_low_below)));
  await notify(tx, { kind: 'balance_alert', alert: 'balance_low', userId, currency, amount: after, limit: threshold, once: `${threshold}.${before}.${after}.${now}` }, now);
}
