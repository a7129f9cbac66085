import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, pageWithTotal, updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import type { StoresTable } from './stores.table.ts';
import { containsAnyText } from '../../db/text-search.ts';

export type StoreRow = Selectable<StoresTable>;

/** Open stores in the shop's order (a shop has a handful; the list is not paged). */
export function listActive(db: Executor) {
  return db.selectFrom('stores').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').limit(500).execute();
}

export function findById(db: Executor, id: number) {
  return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface StaffFilter {
  q?: string | undefined;
  active?: boolean | undefined;
  /** One merchant's stores. */
  merchantId?: number | undefined;
}

function filtered(db: Executor, f: StaffFilter) {
  let q = db.selectFrom('stores');
  if (f.q) q = q.where(containsAnyText(['name_en', 'name_zh', 'city_en', 'city_zh'], f.q));
  if (f.active !== undefined) q = q.where('active', '=', f.active ? 1 : 0);
  if (f.merchantId !== undefined) q = q.where('merchant_id', '=', f.merchantId);
  return q;
}

export function listForStaff(db: Executor, f: StaffFilter, page: { offset: number; limit: number; sort: 'sort' | 'updated_at'; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute());
}

export function insertReturning(db: Executor, row: Insertable<StoresTable>) {
  return db.insertInto('stores').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates only while the row is still at `version`; undefined when someone else saved meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<StoresTable>) => updateRowAtVersion(db, 'stores', id, version, changes);

export const countAll = (db: Executor) => countRows(db, 'stores');

/** The names of the stores with these ids (the audit log names its rows with them); missing ids are left out. */
export function findNamesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('stores').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...ids]).execute();
}
