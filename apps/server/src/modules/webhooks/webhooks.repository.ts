import type { Insertable, Updateable } from 'kysely';
import { keyIn } from '../../db/batched-delete.ts';
import type { Executor } from '../../db/database.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.table.ts';

// --- endpoints ---

export function insertEndpoint(db: Executor, row: Insertable<WebhookEndpointsTable>) {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Oldest first. */
export function endpointsOf(db: Executor, userId: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countEndpoints(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOwnEndpoint(db: Executor, userId: number, id: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function updateEndpoint(db: Executor, userId: number, id: number, values: Updateable<WebhookEndpointsTable>) {
  return db.updateTable('webhook_endpoints').set(values).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteEndpoint(db: Executor, userId: number, id: number): Promise<boolean> {
  // Deliveries and their tries go first: the foreign keys are not relied on to cascade on SQLite.
  const deliveries = db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  const res = await db.deleteFrom('webhook_endpoints').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** A reseller's endpoints that are on: what an event may go to. */
export function enabledEndpointsOf(db: Executor, userId: number) {
  return db.selectFrom('webhook_endpoints').select(['id', 'events', 'balance_low_below']).where('user_id', '=', userId).where('enabled', '=', 1).orderBy('id').execute();
}

/** Starts a run of failures (kept when one is running) or ends it (null). */
export async function setFailing(db: Executor, id: number, since: number | null): Promise<void> {
  let update = db.updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', id);
  if (since !== null) update = update.where('failing_since', 'is', null);
  await update.execute();
}

// --- deliveries ---

export function insertDelivery(db: Executor, row: Insertable<WebhookDeliveriesTable>) {
  return db.insertInto('webhook_deliveries').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A delivery with what sending it needs from its endpoint. */
export function deliveryToSend(db: Executor, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select(['e.url', 'e.enabled', 'e.secret_sealed', 'e.user_id'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Moves a delivery on from the try it was at; false when another run moved it first. */
export async function advanceDelivery(db: Executor, id: number, fromAttempts: number, values: Pick<Updateable<WebhookDeliveriesTable>, 'status' | 'attempts' | 'next_attempt_at'>): Promise<boolean> {
  const res = await db.updateTable('webhook_deliveries').set(values).where('id', '=', id).where('attempts', '=', fromAttempts).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertAttempt(db: Executor, row: Insertable<WebhookAttemptsTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/** An endpoint's deliveries, newest first, below `before` (an id). */
export function deliveriesOf(db: Executor, endpointId: number, before: number | undefined, limit: number) {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export function attemptsOf(db: Executor, deliveryIds: readonly number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('attempt').execute();
}

/** A delivery of one of the reseller's endpoints. */
export function findOwnDelivery(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .where('d.id', '=', id)
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes at most `limit` settled deliveries made before `before`, with their tries; how many deliveries. */
export async function deleteSettledBatch(db: Executor, before: number, limit: number): Promise<number> {
  const ids = (await db.selectFrom('webhook_deliveries').select('id').where('created_at', '<', before).where('status', 'not in', ['pending', 'retrying']).limit(limit).execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('webhook_attempts').where(keyIn(db, 'delivery_id', ids)).execute();
  return Number((await db.deleteFrom('webhook_deliveries').where(keyIn(db, 'id', ids)).executeTakeFirst()).numDeletedRows);
}
