import type { CustomerStatus, Role } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import { containsAnyText } from '../../db/text-search.ts';

/** The console's reads of customer accounts (the shop's own reads are in account.repository.ts). */
const customerColumns = ['id', 'email', 'tel', 'nickname', 'name', 'avatar', 'role', 'status', 'can_create_reseller', 'created_at', 'updated_at'] as const;

export interface CustomerFilter {
  q?: string | undefined;
  role?: Role | undefined;
  /** true: any of these roles; false: none of them. */
  resellerRoles?: { roles: readonly Role[]; reseller: boolean } | undefined;
  status?: CustomerStatus | undefined;
}

function filtered(db: Executor, f: CustomerFilter) {
  let q = db.selectFrom('users');
  if (f.q) q = q.where(containsAnyText(['email', 'tel', 'name', 'nickname'], f.q));
  if (f.role !== undefined) q = q.where('role', '=', f.role);
  if (f.resellerRoles) q = q.where('role', f.resellerRoles.reseller ? 'in' : 'not in', f.resellerRoles.roles);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export function listCustomers(db: Executor, f: CustomerFilter, page: { offset: number; limit: number; sort: 'created_at' | 'email' | 'nickname'; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.select(customerColumns).orderBy(page.sort, page.order).orderBy('id', page.order).limit(page.limit).offset(page.offset).execute());
}

export function findCustomer(db: Executor, id: number) {
  return db.selectFrom('users').select(customerColumns).where('id', '=', id).executeTakeFirst();
}

export function findCustomers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(customerColumns).where('id', 'in', ids).execute();
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
