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

export function listMcpSettings(db: Executor) {
  return db.selectFrom('mcp_settings').selectAll().execute();
}

/**
 * Takes the MCP settings' version: the `server` row moves from the version read to the new one
 * (inserted on the first save). False when another save got there first.
 */
export async function claimMcpVersion(db: Executor, row: { enabled: boolean; now: number; staffId: number | null; version: number | null }): Promise<boolean> {
  const values = { enabled: row.enabled ? 1 : 0, updated_at: row.now, updated_by: row.staffId };
  if (row.version === null) {
    const inserted = await db.insertInto('mcp_settings').values({ id: 'server', ...values }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const res = await db.updateTable('mcp_settings').set(values).where('id', '=', 'server').where('updated_at', '=', row.version).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Writes one group's switch of a save, after `claimMcpVersion` in the same transaction. */
export async function upsertMcpSetting(db: Executor, row: { id: string; enabled: boolean; now: number; staffId: number | null }) {
  const values = { enabled: row.enabled ? 1 : 0, updated_at: row.now, updated_by: row.staffId };
  await db
    .insertInto('mcp_settings')
    .values({ id: row.id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
