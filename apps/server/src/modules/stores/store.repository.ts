import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { countRows, updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import type { StoresTable } from './stores.table.ts';
import { containsText } from '../../db/text-search.ts';

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
  if (f.q) {
    const text = f.q;
    q = q.where((eb) => eb.or([containsText('name_en', text), containsText('name_zh', text), containsText('city_en', text), containsText('city_zh', text)]));
  }
  if (f.active !== undefined) q = q.where('active', '=', f.active ? 1 : 0);
  if (f.merchantId !== undefined) q = q.where('merchant_id', '=', f.merchantId);
  return q;
}

export async function listForStaff(db: Executor, f: StaffFilter, page: { offset: number; limit: number; sort: 'sort' | 'updated_at'; order: 'asc' | 'desc' }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).offset(page.offset).limit(page.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertReturning(db: Executor, row: Insertable<StoresTable>) {
  return db.insertInto('stores').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates only while the row is still at `version`; undefined when someone else saved meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<StoresTable>) => updateRowAtVersion(db, 'stores', id, version, changes);

export const countAll = (db: Executor) => countRows(db, 'stores');
