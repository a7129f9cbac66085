import type { Executor } from '../../db/database.ts';

/** Records the event once: the id when this call wrote it, undefined when it was already there. */
export async function insertOnce(
  db: Executor,
  row: {
    dedupeKey: string;
    userId: number;
    kind: string;
    payload: string;
    now: number;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values({
      dedupe_key: row.dedupeKey,
      user_id: row.userId,
      kind: row.kind,
      payload: row.payload,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findById(db: Executor, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `channel`: 'email' or 'sms', with '+push' when a device got it too. */
export async function markSent(db: Executor, id: number, channel: string, now: number) {
  await db.updateTable('notifications').set({ channel, sent_at: now }).where('id', '=', id).execute();
}

export async function markSkipped(db: Executor, id: number, why: string) {
  await db.updateTable('notifications').set({ skipped: why }).where('id', '=', id).execute();
}

export function settingsOf(db: Executor, userId: number) {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Writes the given fields of a customer's settings, creating the row with the defaults for the rest. */
export async function upsertSettings(db: Executor, userId: number, fields: { language?: string; chat_answered?: number; usage_alerts?: number }, now: number) {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...fields, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...fields, updated_at: now }))
    .execute();
}
