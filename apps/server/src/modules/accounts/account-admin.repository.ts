import type { Executor } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';

/** The console's reads of customer accounts (the shop's own reads are in account.repository.ts). */
const customerColumns = ['id', 'email', 'tel', 'nickname', 'name', 'avatar', 'role', 'status', 'can_create_reseller', 'created_at', 'updated_at'] as const;

export interface CustomerFilter {
  q?: string | undefined;
  role?: number | undefined;
  /** true: any of these roles; false: none of them. */
  resellerRoles?: { roles: readonly number[]; reseller: boolean } | undefined;
  status?: string | undefined;
}

function filtered(db: Executor, f: CustomerFilter) {
  let q = db.selectFrom('users');
  if (f.q) {
    const text = f.q;
    q = q.where((eb) => eb.or([containsText('email', text), containsText('tel', text), containsText('name', text), containsText('nickname', text)]));
  }
  if (f.role !== undefined) q = q.where('role', '=', f.role);
  if (f.resellerRoles) q = q.where('role', f.resellerRoles.reseller ? 'in' : 'not in', f.resellerRoles.roles);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export async function listCustomers(db: Executor, f: CustomerFilter, page: { offset: number; limit: number; sort: 'created_at' | 'email' | 'nickname'; order: 'asc' | 'desc' }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).select(customerColumns).orderBy(page.sort, page.order).orderBy('id', page.order).limit(page.limit).offset(page.offset).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findCustomer(db: Executor, id: number) {
  return db.selectFrom('users').select(customerColumns).where('id', '=', id).executeTakeFirst();
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
