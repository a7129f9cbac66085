import { accountKind, Role, serverErrors } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { revokeAllSessions } from '../sessions/session.service.ts';
import * as users from './account.repository.ts';

/** What the owner does to accounts from the admin command line. */
async function requireAccount(db: Database, account: string) {
  const kind = accountKind(account);
  const user = kind ? await users.findUserByAccount(db, kind, kind === 'email' ? account.toLowerCase() : account) : undefined;
  if (!user) throw new AppError(serverErrors.accountNotFound, 'account');
  return user;
}

export async function allowResellerAccount(db: Database, account: string, allowed: boolean, now: number) {
  const user = await requireAccount(db, account);
  await users.updateUser(db, user.id, { can_create_reseller: allowed ? 1 : 0 }, now);
}

const ROLES = Object.values(Role) as number[];
const STATUSES = ['active', 'blacklisted', 'rejected', 'invalid', 'frozen'];

/** A new role or status takes effect at once: the account's sessions end. */
export async function setAccountRole(db: Database, account: string, role: number, now: number) {
  if (!ROLES.includes(role)) throw new AppError(serverErrors.paramInvalid, 'role', { allowed: ROLES });
  const user = await requireAccount(db, account);
  await db.transaction().execute(async (tx) => {
    await users.updateUser(tx, user.id, { role }, now);
    await revokeAllSessions(tx, user.id, now);
  });
}

export async function setAccountStatus(db: Database, account: string, status: string, now: number) {
  if (!STATUSES.includes(status)) throw new AppError(serverErrors.paramInvalid, 'status', { allowed: STATUSES });
  const user = await requireAccount(db, account);
  await db.transaction().execute(async (tx) => {
    await users.updateUser(tx, user.id, { status }, now);
    if (status !== 'active') await revokeAllSessions(tx, user.id, now);
  });
}

export async function userIdOf(db: Database, account: string): Promise<number> {
  return (await requireAccount(db, account)).id;
}
