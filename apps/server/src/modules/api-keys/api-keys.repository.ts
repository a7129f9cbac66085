import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ApiKeysTable } from './api-keys.table.ts';

export async function insertKey(db: Executor, row: Insertable<ApiKeysTable>) {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Newest first, revoked ones too. */
export function keysOf(db: Executor, userId: number) {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function countActive(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOwn(db: Executor, userId: number, id: number) {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The key a request's secret belongs to, by the secret's hash (unique). */
export function findByHash(db: Executor, secretHash: string) {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

/** A new secret for a key not revoked; the row after it, or undefined when it was revoked meanwhile. */
export function replaceSecret(db: Executor, id: number, secret: { prefix: string; secretHash: string }) {
  return db.updateTable('api_keys').set({ prefix: secret.prefix, secret_hash: secret.secretHash }).where('id', '=', id).where('revoked_at', 'is', null).returningAll().executeTakeFirst();
}

export function revoke(db: Executor, id: number, now: number) {
  return db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).returningAll().executeTakeFirst();
}

/** Sets the last use unless one was written after `since`: at most one write per key and interval, whatever runs at once. */
export async function touchLastUsed(db: Executor, id: number, now: number, since: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since)]))
    .execute();
}
