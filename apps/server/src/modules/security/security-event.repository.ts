import type { SecurityEventKind } from '@simshop/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import { keyIn } from '../../db/batched-delete.ts';
import type { SecurityEventsTable } from './security.table.ts';
import { containsText, startsWithText } from '../../db/text-search.ts';

export async function insertSecurityEvent(db: Executor, row: Insertable<SecurityEventsTable>): Promise<void> {
  await db.insertInto('security_events').values(row).execute();
}

/** Deletes at most `limit` events made before `before`; how many. */
export async function deleteSecurityEventsBefore(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('security_events').select('id').where('created_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('security_events').where(keyIn(db, 'id', batch)).executeTakeFirst()).numDeletedRows);
}

export interface SecurityEventFilter {
  kind?: SecurityEventKind | undefined;
  account?: string | undefined;
  ip?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Executor, f: SecurityEventFilter) {
  let q = db.selectFrom('security_events');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.account) q = q.where(containsText('account', f.account));
  if (f.ip) q = q.where(startsWithText('ip', f.ip));
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  return q;
}

export function listSecurityEvents(db: Executor, f: SecurityEventFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy('id', page.order).limit(page.limit).offset(page.offset).execute());
}

/** Accounts with at least `min` failed or delayed sign-ins since `since`: how many, from how many addresses. */
export async function failedSignInsByAccount(db: Executor, since: number, min: number) {
  const rows = await db
    .selectFrom('security_events')
    .select((eb) => ['account', eb.fn.countAll<number>().as('failures'), eb.fn.count<number>('ip').distinct().as('addresses'), eb.fn.max<number>('created_at').as('last_at')])
    .where('kind', 'in', ['staff_sign_in_failed', 'staff_sign_in_delayed', 'staff_totp_failed'])
    .where('created_at', '>=', since)
    .where('account', 'is not', null)
    .groupBy('account')
    .having((eb) => eb.fn.countAll(), '>=', min)
    .orderBy('failures', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({ account: r.account!, failures: Number(r.failures), addresses: Number(r.addresses), lastAt: Number(r.last_at) }));
}
