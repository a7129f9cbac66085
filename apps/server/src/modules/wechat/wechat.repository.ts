import type { Executor } from '../../db/database.ts';

export function findAccountByOpenid(db: Executor, openid: string) {
  return db.selectFrom('wechat_accounts').selectAll().where('openid', '=', openid).executeTakeFirst();
}

export function findAccountByUser(db: Executor, userId: number) {
  return db.selectFrom('wechat_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertAccount(db: Executor, row: { openid: string; userId: number; now: number }) {
  await db.insertInto('wechat_accounts').values({ openid: row.openid, user_id: row.userId, created_at: row.now }).execute();
}

export function findToken(db: Executor, kind: string) {
  return db.selectFrom('wechat_tokens').selectAll().where('kind', '=', kind).executeTakeFirst();
}

export async function saveToken(db: Executor, row: { kind: string; value: string; expiresAt: number }) {
  await db
    .insertInto('wechat_tokens')
    .values({ kind: row.kind, value: row.value, expires_at: row.expiresAt })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ value: row.value, expires_at: row.expiresAt }))
    .execute();
}
