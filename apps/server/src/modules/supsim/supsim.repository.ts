import type { Executor } from '../../db/database.ts';

export function listOwn(db: Executor, userId: number) {
  return db.selectFrom('supsims').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findOwn(db: Executor, userId: number, id: number) {
  return db.selectFrom('supsims').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findByIccid(db: Executor, iccid: string) {
  return db.selectFrom('supsims').select(['id', 'user_id']).where('iccid', '=', iccid).executeTakeFirst();
}

export function findOwnByIccid(db: Executor, userId: number, iccid: string) {
  return db.selectFrom('supsims').select('id').where('user_id', '=', userId).where('iccid', '=', iccid).executeTakeFirst();
}

/** Whoever followed this SuperSIM stops following it (its holder proved it is theirs). */
export async function deleteByIccid(db: Executor, iccid: string) {
  await db.deleteFrom('supsims').where('iccid', '=', iccid).execute();
}

export async function insert(db: Executor, row: { userId: number; iccid: string; remark: string; now: number }) {
  return (await db.insertInto('supsims').values({ user_id: row.userId, iccid: row.iccid, remark: row.remark, created_at: row.now }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteOwn(db: Executor, userId: number, id: number) {
  await db.deleteFrom('supsims').where('user_id', '=', userId).where('id', '=', id).execute();
}
