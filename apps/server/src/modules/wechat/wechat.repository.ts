import { keyIn } from '../../db/batched-delete.ts';
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

// --- sign-ins: OAuth states and link tokens, by their hashes --------------------------------------

export async function insertSignIn(db: Executor, row: { stateHash: string; ip: string; now: number; expiresAt: number }) {
  await db.insertInto('wechat_sign_ins').values({ state_hash: row.stateHash, ip: row.ip, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/** Marks the state's code as spent; false when the state is unknown, out of date or already used. */
export async function spendState(db: Executor, stateHash: string, now: number): Promise<boolean> {
  const res = await db.updateTable('wechat_sign_ins').set({ code_used_at: now }).where('state_hash', '=', stateHash).where('code_used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function saveLinkToken(db: Executor, row: { stateHash: string; openid: string; nickname: string | null; avatar: string | null; tokenHash: string; expiresAt: number }) {
  await db
    .updateTable('wechat_sign_ins')
    .set({ openid: row.openid, nickname: row.nickname, avatar: row.avatar, link_token_hash: row.tokenHash, link_expires_at: row.expiresAt })
    .where('state_hash', '=', row.stateHash)
    .execute();
}

/** The unused, current link token of this state, or undefined. */
export function findLink(db: Executor, tokenHash: string, stateHash: string, now: number) {
  return db
    .selectFrom('wechat_sign_ins')
    .select(['openid', 'nickname', 'avatar'])
    .where('link_token_hash', '=', tokenHash)
    .where('state_hash', '=', stateHash)
    .where('link_used_at', 'is', null)
    .where('link_expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses the link token up; false when another request used it first. */
export async function spendLink(db: Executor, tokenHash: string, now: number): Promise<boolean> {
  const res = await db.updateTable('wechat_sign_ins').set({ link_used_at: now }).where('link_token_hash', '=', tokenHash).where('link_used_at', 'is', null).where('link_expires_at', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sign-ins over a day old: neither their state nor their link token can be used any more. */
/** One batch of sign-ins (OAuth states and link tokens) that expired before `before`; how many went. */
export async function deleteExpiredSignIns(db: Executor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('wechat_sign_ins').select('state_hash').where('expires_at', '<', before).limit(limit);
  return Number((await db.deleteFrom('wechat_sign_ins').where(keyIn(db, 'state_hash', batch)).executeTakeFirst()).numDeletedRows);
}

export async function deleteAccountsOfUser(db: Executor, userId: number) {
  await db.deleteFrom('wechat_accounts').where('user_id', '=', userId).execute();
}
