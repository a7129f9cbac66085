import type { Executor } from '../../db/database.ts';

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'avatar', 'nickname', 'name', 'tel', 'email', 'role', 'status']).where('id', '=', id).executeTakeFirst();
}
