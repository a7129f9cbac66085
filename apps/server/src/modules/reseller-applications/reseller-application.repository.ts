import type { ResellerApplicationStatus } from '@simshop/contract';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal, updateAtVersion as updateRowAtVersion } from '../../db/table-helpers.ts';
import { containsAnyText } from '../../db/text-search.ts';
import type { ResellerApplicationsTable } from './reseller-applications.table.ts';

export type ResellerApplicationRow = Selectable<ResellerApplicationsTable>;

export function findById(db: Executor, id: number) {
  return db.selectFrom('reseller_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's newest application (pending, or the last decision). */
export function findNewestOf(db: Executor, userId: number) {
  return db.selectFrom('reseller_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * A new pending application, or undefined when the customer already has one: the partial unique
 * index decides, so two requests at once cannot both open one.
 */
export function insertPending(db: Executor, row: Omit<Insertable<ResellerApplicationsTable>, 'status'>) {
  return db
    .insertInto('reseller_applications')
    .values({ ...row, status: 'pending' })
    // The index's predicate as a literal: a bound parameter would not match the partial index.
    .onConflict((oc) => oc.column('user_id').where(sql.ref('status'), '=', sql.lit('pending')).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Updates only while the row is still at `version`; undefined when someone else decided meanwhile. */
export const updateAtVersion = (db: Executor, id: number, version: number, changes: Updateable<ResellerApplicationsTable>) => updateRowAtVersion(db, 'reseller_applications', id, version, changes);

export interface ListFilter {
  q?: string | undefined;
  status?: ResellerApplicationStatus | undefined;
}

function filtered(db: Executor, f: ListFilter) {
  let q = db.selectFrom('reseller_applications');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.q) q = q.where(containsAnyText(['business_name', 'contact_name', 'contact_email', 'contact_phone'], f.q));
  return q;
}

export function list(db: Executor, f: ListFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy('created_at', page.order).orderBy('id', page.order).limit(page.limit).offset(page.offset).execute());
}

/** Who applied, for the applications with these ids (the audit log names its rows with them); missing ids are left out. */
export function findApplicantsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('reseller_applications').select(['id', 'business_name', 'contact_name']).where('id', 'in', [...ids]).execute();
}
