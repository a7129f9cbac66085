import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { McpBuyLimitsTable, McpStaffToolCallsTable, McpToolCallsTable, OauthRecordsTable } from './oauth.table.ts';

/** Writes a record (a new one or over the same model and id): oidc-provider's upsert. */
export async function upsertRecord(db: Executor, row: Insertable<OauthRecordsTable> & { expires_at: number | null; consumed_at: number | null }): Promise<void> {
  await db
    .insertInto('oauth_records')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        uid: row.uid,
        user_code: row.user_code,
        account_id: row.account_id,
        client_id: row.client_id,
        expires_at: row.expires_at,
        consumed_at: row.consumed_at,
      }),
    )
    .execute();
}

/** A record not yet expired at `now`. */
export function findRecord(db: Executor, model: string, id: string, now: number) {
  return db
    .selectFrom('oauth_records')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

export function findRecordBy(db: Executor, model: string, column: 'uid' | 'user_code', value: string, now: number) {
  return db
    .selectFrom('oauth_records')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

export async function consumeRecord(db: Executor, model: string, id: string, now: number): Promise<void> {
  await db.updateTable('oauth_records').set({ consumed_at: now }).where('model', '=', model).where('id', '=', id).execute();
}

export async function destroyRecord(db: Executor, model: string, id: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
}

/** Every record a grant issued (codes, tokens), whatever the model, and the grant itself when `withGrant`. */
export async function destroyByGrant(db: Executor, grantId: string, withGrant: boolean): Promise<void> {
  await db.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
  if (withGrant) await db.deleteFrom('oauth_records').where('model', '=', 'Grant').where('id', '=', grantId).execute();
}

/** Keeps the first row written for a model and id (the server's keys: every process uses the first ones). */
export async function insertIfMissing(db: Executor, row: Insertable<OauthRecordsTable>): Promise<void> {
  await db.insertInto('oauth_records').values(row).onConflict((oc) => oc.columns(['model', 'id']).doNothing()).execute();
}

/** A customer's grants not expired, newest first, with their client's payload. */
export function grantsOf(db: Executor, accountId: string, now: number) {
  return db
    .selectFrom('oauth_records as g')
    .leftJoin('oauth_records as c', (j) => j.on('c.model', '=', 'Client').onRef('c.id', '=', 'g.client_id'))
    .select(['g.id', 'g.payload', 'c.payload as client_payload'])
    .where('g.model', '=', 'Grant')
    .where('g.account_id', '=', accountId)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now)]))
    .execute();
}

export function grantOf(db: Executor, accountId: string, grantId: string) {
  return db.selectFrom('oauth_records').select(['id', 'client_id']).where('model', '=', 'Grant').where('id', '=', grantId).where('account_id', '=', accountId).executeTakeFirst();
}

export function clientPayload(db: Executor, clientId: string) {
  return db.selectFrom('oauth_records').select('payload').where('model', '=', 'Client').where('id', '=', clientId).executeTakeFirst();
}

/** The last tool call of each grant given. */
export async function lastCalls(db: Executor, grantIds: readonly string[]): Promise<Map<string, number>> {
  if (grantIds.length === 0) return new Map();
  const rows = await db.selectFrom('mcp_tool_calls').select(['grant_id', (eb) => eb.fn.max('at').as('at')]).where('grant_id', 'in', grantIds).groupBy('grant_id').execute();
  return new Map(rows.map((r) => [r.grant_id, Number(r.at)]));
}

export async function insertToolCall(db: Executor, row: Insertable<McpToolCallsTable>): Promise<void> {
  await db.insertInto('mcp_tool_calls').values(row).execute();
}

export async function insertStaffToolCall(db: Executor, row: Insertable<McpStaffToolCallsTable>): Promise<void> {
  await db.insertInto('mcp_staff_tool_calls').values(row).execute();
}

export function toolCallsOf(db: Executor, userId: number, limit: number) {
  return db.selectFrom('mcp_tool_calls').selectAll().where('user_id', '=', userId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Forgets records expired before `before` (the scheduled round's tidy-up). */
export async function deleteExpired(db: Executor, before: number): Promise<number> {
  const res = await db.deleteFrom('oauth_records').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Sets the amount a day an approval lets its assistant spend (a new approval of the same grant replaces it). */
export async function upsertBuyLimit(db: Executor, row: Insertable<McpBuyLimitsTable>): Promise<void> {
  await db
    .insertInto('mcp_buy_limits')
    .values(row)
    .onConflict((oc) => oc.column('grant_id').doUpdateSet({ currency: row.currency, daily_amount: row.daily_amount, updated_at: row.updated_at }))
    .execute();
}

export function buyLimitOf(db: Executor, grantId: string) {
  return db.selectFrom('mcp_buy_limits').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
}

/**
 * Adds `amount` to what the approval spent on `day` when it stays within its daily amount, in
 * one statement: two confirms at once cannot both pass on the same room (on PostgreSQL the
 * second waits for the row and reads the first one's sum). False: over the amount, nothing added.
 */
export async function spendWithinLimit(db: Executor, grantId: string, currency: string, amount: number, day: number, now: number): Promise<boolean> {
  const spentToday = sql<number>`(case when ${sql.ref('day')} = ${day} then ${sql.ref('spent')} else 0 end)`;
  const res = await db
    .updateTable('mcp_buy_limits')
    .set({ spent: sql<number>`${spentToday} + ${amount}`, day, updated_at: now })
    .where('grant_id', '=', grantId)
    .where('currency', '=', currency as McpBuyLimitsTable['currency'])
    .where(sql<boolean>`${spentToday} + ${amount} <= ${sql.ref('daily_amount')}`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function buyLimitsOf(db: Executor, grantIds: readonly string[]) {
  return grantIds.length === 0 ? Promise.resolve([]) : db.selectFrom('mcp_buy_limits').selectAll().where('grant_id', 'in', grantIds).execute();
}

export async function deleteBuyLimit(db: Executor, grantId: string): Promise<void> {
  await db.deleteFrom('mcp_buy_limits').where('grant_id', '=', grantId).execute();
}
