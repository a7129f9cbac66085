import type { Executor } from '../../db/database.ts';

/** Keeps a browser's subscription for a user: a known endpoint is updated (and moves to this user). */
export async function upsertSubscription(db: Executor, row: { userId: number; endpoint: string; p256dh: string; auth: string; now: number }) {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: row.userId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: row.userId, p256dh: row.p256dh, auth: row.auth, updated_at: row.now }))
    .execute();
}

export async function deleteOwn(db: Executor, userId: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export function findOwn(db: Executor, userId: number, endpoint: string) {
  return db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
}

export function subscriptionsOf(db: Executor, userId: number) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();
}

/** Removes a subscription its push service no longer knows, unless the browser renewed it meanwhile. */
export async function deleteGone(db: Executor, id: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).where('endpoint', '=', endpoint).execute();
}

export function findVapidKeys(db: Executor, name: string) {
  return db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('name', '=', name).executeTakeFirst();
}

/** The first process to store a pair wins; the others' insert does nothing and they read the winner's. */
export async function insertVapidKeysOnce(db: Executor, row: { name: string; publicKey: string; privateKey: string; now: number }) {
  await db
    .insertInto('push_vapid_keys')
    .values({ name: row.name, public_key: row.publicKey, private_key: row.privateKey, created_at: row.now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
