import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import type { StaffTable } from './staff.table.ts';
import { containsAnyText } from '../../db/text-search.ts';
import { sessionStore } from '../sessions/session-store.ts';
import type { StaffRole, StaffStatus } from '@simshop/contract';

export function findStaffByEmail(db: Executor, email: string) {
  return db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findStaffById(db: Executor, id: number) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(db: Executor, row: Insertable<StaffTable>) {
  return db.insertInto('staff').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateStaff(db: Executor, id: number, changes: Updateable<StaffTable>) {
  return db.updateTable('staff').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countActiveOwners(db: Executor): Promise<number> {
  const row = await db.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface StaffFilter {
  q?: string | undefined;
  role?: StaffRole | undefined;
  status?: StaffStatus | undefined;
}

function filtered(db: Executor, f: StaffFilter) {
  let q = db.selectFrom('staff');
  if (f.q) q = q.where(containsAnyText(['email', 'name'], f.q));
  if (f.role) q = q.where('role', '=', f.role);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export function listStaff(db: Executor, f: StaffFilter, page: { offset: number; limit: number; sort: 'created_at' | 'email'; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy(page.sort, page.order).orderBy('id', page.order).limit(page.limit).offset(page.offset).execute());
}

export function findActiveSession(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .leftJoin('merchants', 'merchants.id', 'staff.merchant_id')
    .select(['staff_sessions.id', 'staff_sessions.staff_id', 'staff_sessions.last_seen_at', 'staff.email', 'staff.role', 'staff.status', 'staff.merchant_id', 'staff.must_change_password'])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now)
    // A suspended merchant's staff have no console, whatever session they still hold.
    .where((eb) => eb.or([eb('staff.merchant_id', 'is', null), eb('merchants.status', '!=', 'suspended')]))
    .executeTakeFirst();
}

/** Ends every open session of a merchant's staff (the merchant is being suspended). */
export async function revokeMerchantSessions(db: Executor, merchantId: number, now: number) {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('staff_id', 'in', (eb) => eb.selectFrom('staff').select('id').where('merchant_id', '=', merchantId))
    .execute();
}

/** Staff sessions: written through the store customers' sessions share. */
export const staffSessions = sessionStore('staff_sessions', 'staff_id');

/**
 * Spends a TOTP time step: only a step later than the last one accepted counts. One conditional
 * update, so of parallel sign-ins with the same code exactly one gets the row. True when spent.
 */
export async function spendTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findDevice(db: Executor, staffId: number, deviceHash: string, now: number) {
  return db.selectFrom('staff_devices').select(['id']).where('device_hash', '=', deviceHash).where('staff_id', '=', staffId).where('expires_at', '>', now).executeTakeFirst();
}

/** Remembers (or renews) a device a member signed in from. */
export async function saveDevice(db: Executor, staffId: number, deviceHash: string, now: number, expiresAt: number) {
  await db
    .insertInto('staff_devices')
    .values({ staff_id: staffId, device_hash: deviceHash, created_at: now, last_seen_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['device_hash', 'staff_id']).doUpdateSet({ last_seen_at: now, expires_at: expiresAt }))
    .execute();
}
