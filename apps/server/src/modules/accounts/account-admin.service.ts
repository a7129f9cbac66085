import { accountKind, CUSTOMER_STATUSES, customerStatusSchema, isResellerRole, Role, roleSchema, serverErrors, type Currency, type Customer, type CustomerStatus } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { adminCreditBalance, adminLedger, adminLockBalance } from '../balance/balance-admin.service.ts';
import { revokeAllSessions } from '../sessions/session.service.ts';
import * as admin from './account-admin.repository.ts';
import * as users from './account.repository.ts';

/**
 * What staff do to customer accounts, from the console or the owner's command line: every
 * change goes through `updateCustomer`, audited in the same transaction.
 */
const ROLES: readonly Role[] = Object.values(Role);
const RESELLER_ROLES = ROLES.filter(isResellerRole);

export function toCustomer(row: admin.CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    tel: row.tel,
    nickname: row.nickname,
    name: row.name,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
    canCreateReseller: row.can_create_reseller === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The customer with this id; an unknown id is "account not found" on the request's field naming it. */
export async function requireCustomer(db: Executor, id: number, field = 'id'): Promise<admin.CustomerRow> {
  const row = await admin.findCustomer(db, id);
  if (!row) throw new AppError(serverErrors.accountNotFound, field);
  return row;
}

/** Customers by id, for other domains' console lists (an unknown id is left out). */
export async function customersByIds(db: Executor, ids: readonly number[]): Promise<Map<number, Customer>> {
  return new Map((await admin.findCustomers(db, [...new Set(ids)])).map((r) => [r.id, toCustomer(r)]));
}

export async function listCustomers(
  db: Executor,
  input: { page: number; pageSize: number; sortField: 'createdAt' | 'email' | 'nickname'; sortOrder: 'asc' | 'desc'; q?: string | undefined; role?: Role | undefined; reseller?: boolean | undefined; status?: CustomerStatus | undefined },
) {
  const sort = input.sortField === 'createdAt' ? 'created_at' : input.sortField;
  const { rows, total } = await admin.listCustomers(
    db,
    { q: input.q, role: input.role, status: input.status, resellerRoles: input.reseller === undefined ? undefined : { roles: RESELLER_ROLES, reseller: input.reseller } },
    { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort, order: input.sortOrder },
  );
  return { items: rows.map(toCustomer), total };
}

type Page = { page: number; pageSize: number; sortOrder: 'asc' | 'desc' };

export async function customerLedger(db: Executor, id: number, input: Page & { currency?: Currency | undefined }) {
  await requireCustomer(db, id);
  return adminLedger(db, id, input);
}


export interface CustomerChanges {
  status?: CustomerStatus | undefined;
  role?: Role | undefined;
  canCreateReseller?: boolean | undefined;
}

/**
 * Sets status, role or the right to create a reseller account. A new role, or any status but
 * active, takes effect at once: the account's sessions end. Asking for what already is refuses.
 */
export async function updateCustomer(db: Database, actor: Actor, id: number, changes: CustomerChanges, now: number): Promise<Customer> {
  return db.transaction().execute((tx) => changeCustomer(tx, actor, id, changes, now));
}

/** `updateCustomer` inside the caller's transaction (a decision that also changes the account, e.g. approving a reseller). */
export async function changeCustomer(tx: Executor, actor: Actor, id: number, changes: CustomerChanges, now: number): Promise<Customer> {
  const row = await requireCustomer(tx, id);
  const before = { status: row.status, role: row.role, canCreateReseller: row.can_create_reseller === 1 };
  const after = { status: changes.status ?? before.status, role: changes.role ?? before.role, canCreateReseller: changes.canCreateReseller ?? before.canCreateReseller };
  const diff = changedFields(before, after);
  const fields = Object.keys(diff.after);
  if (fields.length === 0) throw new AppError(serverErrors.nothingChanged, changes.status !== undefined ? 'status' : changes.role !== undefined ? 'role' : 'canCreateReseller');
  await users.updateUser(tx, id, { status: after.status, role: after.role, can_create_reseller: after.canCreateReseller ? 1 : 0 }, now);
  if (after.role !== before.role || (after.status !== before.status && after.status !== 'active')) await revokeAllSessions(tx, id, now);
  await recordAudit(tx, actor, { action: 'customer.update', targetType: 'customer', targetId: id, ...diff }, now);
  return toCustomer(await requireCustomer(tx, id));
}

/** Balances are a reseller tool: crediting a regular customer is refused (a lock still works on what they have). */
export async function creditCustomerBalance(db: Database, actor: Actor, input: { id: number; currency: Currency; amount: number; reason: string }, now: number) {
  const row = await requireCustomer(db, input.id);
  if (!isResellerRole(row.role)) throw new AppError(serverErrors.customerNotReseller, 'id');
  return adminCreditBalance(db, actor, { userId: row.id, currency: input.currency, amount: input.amount, reason: input.reason }, now);
}

export async function lockCustomerBalance(db: Database, actor: Actor, input: { id: number; currency: Currency; locked: boolean; reason: string }, now: number) {
  await requireCustomer(db, input.id);
  return adminLockBalance(db, actor, { userId: input.id, currency: input.currency, locked: input.locked, reason: input.reason }, now);
}

// --- the owner's command line names accounts by email or phone number ---

async function requireAccount(db: Executor, account: string) {
  const kind = accountKind(account);
  const user = kind ? await users.findUserByAccount(db, kind, kind === 'email' ? account.toLowerCase() : account) : undefined;
  if (!user) throw new AppError(serverErrors.accountNotFound, 'account');
  return user;
}

export async function userIdOf(db: Executor, account: string): Promise<number> {
  return (await requireAccount(db, account)).id;
}

export async function allowResellerAccount(db: Database, actor: Actor, account: string, allowed: boolean, now: number) {
  return updateCustomer(db, actor, await userIdOf(db, account), { canCreateReseller: allowed }, now);
}

/** The command line passes what was typed: the role is checked by the contract's schema here. */
export async function setAccountRole(db: Database, actor: Actor, account: string, role: number, now: number) {
  const id = await userIdOf(db, account);
  const typed = roleSchema.safeParse(role);
  if (!typed.success) throw new AppError(serverErrors.paramInvalid, 'role', { allowed: ROLES });
  return updateCustomer(db, actor, id, { role: typed.data }, now);
}

/** The command line passes what was typed: the status is checked by the contract's schema here. */
export async function setAccountStatus(db: Database, actor: Actor, account: string, status: string, now: number) {
  const id = await userIdOf(db, account);
  const typed = customerStatusSchema.safeParse(status);
  if (!typed.success) throw new AppError(serverErrors.paramInvalid, 'status', { allowed: CUSTOMER_STATUSES });
  return updateCustomer(db, actor, id, { status: typed.data }, now);
}
