import type { Executor } from '../../db/database.ts';

export function listToolSettings(db: Executor) {
  return db.selectFrom('tool_settings').selectAll().orderBy('position').execute();
}

export async function insertToolSetting(db: Executor, row: { id: string; enabled: boolean; position: number; now: number; staffId: number | null }) {
  await db.insertInto('tool_settings').values({ id: row.id, enabled: row.enabled ? 1 : 0, position: row.position, updated_at: row.now, updated_by: row.staffId }).execute();
}

/** Saves one tool over the version read: false when someone saved in between. */
export async function updateToolSetting(db: Executor, row: { id: string; enabled: boolean; position: number; now: number; staffId: number | null; version: number }): Promise<boolean> {
  const res = await db
    .updateTable('tool_settings')
    .set({ enabled: row.enabled ? 1 : 0, position: row.position, updated_at: row.now, updated_by: row.staffId })
    .where('id', '=', row.id)
    .where('updated_at', '=', row.version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
