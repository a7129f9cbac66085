import { serverErrors, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_TEST_EVENT, webhookEventTypeSchema, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '@simshop/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import { envelopeOf, newMessageId, queueDelivery } from './webhook-events.service.ts';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.ts';
import * as hooks from './webhooks.repository.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.table.ts';

/**
 * A reseller's webhook endpoints (Mine → API → Webhooks): added, changed, deleted, given a new
 * secret; their delivery log; "send again" and "send a test event". Sending is
 * webhook-delivery.service.ts's; what queues events is webhook-events.service.ts.
 */
type EndpointRow = Selectable<WebhookEndpointsTable>;

/** What the service needs of the request: whose endpoints, the server's key that seals secrets, and whether http to this machine is allowed. */
export interface WebhookCaller {
  userId: number;
  serverSecret: string;
  production: boolean;
  now: number;
  /** For the security event each change leaves (absent in tests that call the service directly). */
  ip?: string;
  log?: EventLog;
}

/** Each change is a security event of the reseller's account: where its events go is where its data goes. */
const endpointEvent = (db: Executor, caller: WebhookCaller, kind: 'webhook_endpoint_created' | 'webhook_endpoint_changed' | 'webhook_endpoint_deleted' | 'webhook_secret_rotated', endpoint: { id: number; url: string }) =>
  recordSecurityEvent(db, caller.log, { kind, account: `user #${caller.userId}`, ip: caller.ip ?? '', detail: `endpoint #${endpoint.id} ${endpoint.url}` }, caller.now);

export interface EndpointInput {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  balanceLowBelow: number;
}

const eventList = z.array(webhookEventTypeSchema);
const EVENT_ORDER = webhookEventTypeSchema.options;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventList.parse(JSON.parse(row.events)),
    enabled: row.enabled === 1,
    balanceLowBelow: Number(row.balance_low_below),
    createdAt: row.created_at,
    failingSince: row.failing_since,
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>, attempts: readonly Selectable<WebhookAttemptsTable>[]): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    attempts: attempts.filter((a) => a.delivery_id === row.id).map((a) => ({ attempt: a.attempt, at: a.at, statusCode: a.status_code, answer: a.answer, durationMs: a.duration_ms })),
  };
}

/** The columns an input writes; http is for this machine only, and never in production. */
function columnsOf(caller: WebhookCaller, input: EndpointInput) {
  if (caller.production && !input.url.startsWith('https:')) throw new AppError(serverErrors.webhookUrlNotHttps, 'url');
  return {
    url: input.url,
    description: input.description,
    events: JSON.stringify(EVENT_ORDER.filter((e) => input.events.includes(e))),
    enabled: input.enabled ? 1 : 0,
    balance_low_below: input.balanceLowBelow,
  };
}

async function requireOwn(db: Executor, userId: number, id: number): Promise<EndpointRow> {
  const row = await hooks.findOwnEndpoint(db, userId, id);
  if (!row) throw new AppError(serverErrors.webhookEndpointNotFound, 'id');
  return row;
}

export async function listEndpoints(db: Executor, userId: number) {
  return { items: (await hooks.endpointsOf(db, userId)).map(toEndpoint), max: WEBHOOK_ENDPOINTS_MAX };
}

export async function createEndpoint(db: Database, caller: WebhookCaller, input: EndpointInput) {
  const columns = columnsOf(caller, input);
  const secret = newWebhookSecret();
  const row = await db.transaction().execute(async (tx) => {
    // Counted in the writing transaction, as API keys are: at worst one over on PostgreSQL under a race.
    if ((await hooks.countEndpoints(tx, caller.userId)) >= WEBHOOK_ENDPOINTS_MAX) throw new AppError(serverErrors.webhookEndpointsMax, undefined, { max: WEBHOOK_ENDPOINTS_MAX });
    return hooks.insertEndpoint(tx, { ...columns, user_id: caller.userId, secret_sealed: sealWebhookSecret(caller.serverSecret, secret), failing_since: null, created_at: caller.now });
  });
  await endpointEvent(db, caller, 'webhook_endpoint_created', row);
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(db: Database, caller: WebhookCaller, id: number, input: EndpointInput) {
  const columns = columnsOf(caller, input);
  const row = await hooks.updateEndpoint(db, caller.userId, id, columns);
  if (!row) throw new AppError(serverErrors.webhookEndpointNotFound, 'id');
  await endpointEvent(db, caller, 'webhook_endpoint_changed', row);
  return toEndpoint(row);
}

export async function deleteEndpoint(db: Database, caller: WebhookCaller, id: number) {
  const gone = await db.transaction().execute(async (tx) => {
    const row = await hooks.findOwnEndpoint(tx, caller.userId, id);
    return row && (await hooks.deleteEndpoint(tx, caller.userId, id)) ? row : undefined;
  });
  if (!gone) throw new AppError(serverErrors.webhookEndpointNotFound, 'id');
  await endpointEvent(db, caller, 'webhook_endpoint_deleted', gone);
  return { id };
}

/** A new secret; deliveries from now on are signed with it (a try already running keeps the old one). */
export async function rotateSecret(db: Database, caller: WebhookCaller, id: number) {
  const secret = newWebhookSecret();
  const row = await hooks.updateEndpoint(db, caller.userId, id, { secret_sealed: sealWebhookSecret(caller.serverSecret, secret) });
  if (!row) throw new AppError(serverErrors.webhookEndpointNotFound, 'id');
  await endpointEvent(db, caller, 'webhook_secret_rotated', row);
  return { endpoint: toEndpoint(row), secret };
}

export async function listDeliveries(db: Executor, userId: number, input: { id: number; cursor?: number | undefined; limit: number }) {
  await requireOwn(db, userId, input.id);
  const rows = await hooks.deliveriesOf(db, input.id, input.cursor, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const attempts = await hooks.attemptsOf(db, page.map((r) => r.id));
  return { items: page.map((r) => toDelivery(r, attempts)), nextCursor: rows.length > input.limit ? page.at(-1)!.id : null };
}

/** The same message (id and body) as a new delivery, due now. */
export async function redeliver(db: Database, caller: WebhookCaller, deliveryId: number) {
  const row = await db.transaction().execute(async (tx) => {
    const first = await hooks.findOwnDelivery(tx, caller.userId, deliveryId);
    if (!first) throw new AppError(serverErrors.webhookDeliveryNotFound, 'deliveryId');
    return queueDelivery(tx, { endpointId: first.endpoint_id, messageId: first.message_id, eventType: first.event_type, body: first.body }, caller.now);
  });
  return toDelivery(row, []);
}

/** A `webhook.test` event to the endpoint, due now, whether or not it is on for events. */
export async function sendTestEvent(db: Database, caller: WebhookCaller, id: number) {
  const row = await db.transaction().execute(async (tx) => {
    const endpoint = await requireOwn(tx, caller.userId, id);
    const body = envelopeOf(WEBHOOK_TEST_EVENT, { endpointId: endpoint.id, message: 'A test event from simshop: your endpoint receives and verifies our webhooks.' }, caller.now);
    return queueDelivery(tx, { endpointId: endpoint.id, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT, body }, caller.now);
  });
  return toDelivery(row, []);
}
