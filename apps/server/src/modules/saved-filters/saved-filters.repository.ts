import { sql, type Insertable } from 'kysely';
import { onPostgres, type Executor } from '../../db/database.ts';
import type { SavedFilterTable } from './saved-filters.table.ts';

/** A member's views of one list, oldest first. */
export function listSavedFilters(db: Executor, staffId: number, list: string) {
  return db.selectFrom('saved_filter').selectAll().where('staff_id', '=', staffId).where('list', '=', list).orderBy('id').execute();
}

export type SavedFilterRow = Awaited<ReturnType<typeof listSavedFilters>>[number];

/** One of the member's views; another member's is not found. */
export function findSavedFilter(db: Executor, staffId: number, id: number) {
  return db.selectFrom('saved_filter').selectAll().where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
}

/**
 * Counts a member's views of one list for a new one, holding their lists until the transaction
 * ends: two saves at once on PostgreSQL would both see room for one more (SQLite runs one write
 * transaction at a time).
 */
export async function countSavedFiltersForUpdate(db: Executor, staffId: number, list: string): Promise<number> {
  if (onPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`saved_filter:${staffId}:${list}`}))`.execute(db);
  return countSavedFilters(db, staffId, list);
}

async function countSavedFilters(db: Executor, staffId: number, list: string): Promise<number> {
  const row = await db.selectFrom('saved_filter').select((eb) => eb.fn.countAll<number>().as('n')).where('staff_id', '=', staffId).where('list', '=', list).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another view of the member's list with this name key (the lower-case name). */
export function findByNameKey(db: Executor, staffId: number, list: string, nameKey: string, exceptId: number | null) {
  let q = db.selectFrom('saved_filter').select('id').where('staff_id', '=', staffId).where('list', '=', list).where('name_key', '=', nameKey);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export function insertSavedFilter(db: Executor, row: Insertable<SavedFilterTable>) {
  return db.insertInto('saved_filter').values(row).returningAll().executeTakeFirstOrThrow();
}

export function renameSavedFilter(db: Executor, staffId: number, id: number, name: string, nameKey: string, now: number) {
  return db.updateTable('saved_filter').set({ name, name_key: nameKey, updated_at: now }).where('id', '=', id).where('staff_id', '=', staffId).returningAll().executeTakeFirst();
}

export async function deleteSavedFilter(db: Executor, staffId: number, id: number) {
  await db.deleteFrom('saved_filter').where('id', '=', id).where('staff_id', '=', staffId).execute();
}
