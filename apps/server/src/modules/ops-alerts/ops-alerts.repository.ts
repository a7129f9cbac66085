import type { Executor } from '../../db/database.ts';
import { keyIn } from '../../db/batched-delete.ts';

// --- a staff member's choice ---

export function findSettings(db: Executor, staffId: number) {
  return db.selectFrom('staff_alert_settings').selectAll().where('staff_id', '=', staffId).executeTakeFirst();
}

export async function saveSettings(db: Executor, row: { staffId: number; opsAlerts: boolean; language: string; now: number }) {
  const values = { ops_alerts: row.opsAlerts ? 1 : 0, language: row.language, updated_at: row.now };
  await db
    .insertInto('staff_alert_settings')
    .values({ staff_id: row.staffId, ...values })
    .onConflict((oc) => oc.column('staff_id').doUpdateSet(values))
    .execute();
}

/** The staff who asked for alerts, with the language of their mails. */
export function optedIn(db: Executor) {
  return db.selectFrom('staff_alert_settings').select(['staff_id', 'language']).where('ops_alerts', '=', 1).orderBy('staff_id').execute();
}

// --- one alert per kind an hour ---

/**
 * Takes the kind's turn: sets the time of this alert when the last one is at least `periodMs`
 * old and returns what the previous alert covered up to; undefined when it is too soon. The
 * conditional update is the lock: of two processes at once (on PostgreSQL the second waits for
 * the first's transaction), one gets the row, the other finds it taken.
 */
export async function takeTurn(db: Executor, kind: string, now: number, periodMs: number): Promise<number | undefined> {
  const before = await db.selectFrom('ops_alert_throttle').select('covered_until').where('kind', '=', kind).executeTakeFirst();
  if (!before) return undefined;
  const res = await db
    .updateTable('ops_alert_throttle')
    .set({ last_sent_at: now, covered_until: now })
    .where('kind', '=', kind)
    .where('last_sent_at', '<=', now - periodMs)
    .where('covered_until', '=', before.covered_until)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? Number(before.covered_until) : undefined;
}

// --- what an alert said ---

export async function insertAlert(db: Executor, row: { kind: string; body: string; now: number }): Promise<number> {
  return (await db.insertInto('ops_alerts').values({ kind: row.kind, body: row.body, created_at: row.now }).returning('id').executeTakeFirstOrThrow()).id;
}

export function findAlert(db: Executor, id: number) {
  return db.selectFrom('ops_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes at most `limit` alerts made before `before` (their jobs are long done); how many. */
export async function deleteOldAlerts(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('ops_alerts').select('id').where('created_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('ops_alerts').where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
}
