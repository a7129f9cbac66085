import type { Executor } from '../../db/database.ts';
import type { NewUser, User } from './accounts.table.ts';

const profileColumns = ['id', 'avatar', 'nickname', 'name', 'tel', 'email', 'role', 'status', 'password_hash', 'can_create_reseller', 'user_type', 'created_at', 'deleted_at', 'currency'] as const;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').select(profileColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserByAccount(db: Executor, kind: 'tel' | 'email', value: string) {
  return db.selectFrom('users').select(profileColumns).where(kind, '=', value).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Executor,
  id: number,
  changes: Partial<{ nickname: string; name: string; avatar: string | null; tel: string | null; email: string | null; password_hash: string; role: User['role']; status: User['status']; can_create_reseller: number; currency: User['currency'] }>,
  now: number,
) {
  await db.updateTable('users').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/** A deleted account keeps its row (orders point at it) without anything that names the person. */
export async function anonymiseUser(db: Executor, id: number, now: number) {
  await db
    .updateTable('users')
    .set({ email: null, tel: null, nickname: '', name: '', avatar: null, password_hash: null, can_create_reseller: 0, deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
