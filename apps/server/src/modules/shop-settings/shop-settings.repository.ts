import type { Executor } from '../../db/database.ts';

export function findSetting(db: Executor, key: string) {
  return db.selectFrom('shop_settings').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function insertSetting(db: Executor, row: { key: string; value: string; now: number; staffId: number | null }) {
  await db.insertInto('shop_settings').values({ key: row.key, value: row.value, updated_at: row.now, updated_by: row.staffId }).execute();
}

/** Saves over the version read: false when someone saved in between (nothing is written then). */
export async function updateSetting(db: Executor, row: { key: string; value: string; now: number; staffId: number | null; version: number }): Promise<boolean> {
  const res = await db
    .updateTable('shop_settings')
    .set({ value: row.value, updated_at: row.now, updated_by: row.staffId })
    .where('key', '=', row.key)
    .where('updated_at', '=', row.version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
