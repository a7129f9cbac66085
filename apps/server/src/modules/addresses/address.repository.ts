import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AddressesTable } from './addresses.table.ts';

export function listOf(db: Executor, userId: number, offset: number, limit: number) {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOf(db: Executor, userId: number) {
  return Number((await db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
}

export function findOwn(db: Executor, userId: number, id: number) {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function insert(db: Executor, row: Insertable<AddressesTable>) {
  return (await db.insertInto('addresses').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function update(db: Executor, userId: number, id: number, changes: Partial<Insertable<AddressesTable>>) {
  await db.updateTable('addresses').set(changes).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function clearDefault(db: Executor, userId: number) {
  await db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
}

export async function remove(db: Executor, userId: number, id: number) {
  await db.deleteFrom('addresses').where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function removeAllOf(db: Executor, userId: number) {
  await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
}
