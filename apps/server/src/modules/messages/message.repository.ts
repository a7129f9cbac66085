import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsAnyText } from '../../db/text-search.ts';

export type Sender = 'customer' | 'shop';

export async function insertMessage(db: Executor, row: { userId: number; sender: Sender; content: string; now: number }) {
  return db
    .insertInto('customer_messages')
    .values({ user_id: row.userId, sender: row.sender, content: row.content, created_at: row.now, read_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest `limit` messages of a conversation older than `before` (all when absent), newest first. */
export function pageBefore(db: Executor, userId: number, before: number | undefined, limit: number) {
  let q = db.selectFrom('customer_messages').selectAll().where('user_id', '=', userId);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Messages of a conversation newer than `after`, oldest first. */
export function pageAfter(db: Executor, userId: number, after: number, limit: number) {
  return db.selectFrom('customer_messages').selectAll().where('user_id', '=', userId).where('id', '>', after).orderBy('id', 'asc').limit(limit).execute();
}

export async function existsBefore(db: Executor, userId: number, id: number) {
  return (await db.selectFrom('customer_messages').select('id').where('user_id', '=', userId).where('id', '<', id).limit(1).executeTakeFirst()) !== undefined;
}

/** Unread messages written by `sender` in one conversation. */
export async function countUnread(db: Executor, userId: number, sender: Sender) {
  const row = await db
    .selectFrom('customer_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks what `sender` wrote in one conversation as read by the other side. */
export async function markRead(db: Executor, userId: number, sender: Sender, now: number) {
  await db.updateTable('customer_messages').set({ read_at: now }).where('user_id', '=', userId).where('sender', '=', sender).where('read_at', 'is', null).execute();
}

/** One row per conversation for the shop: its last message and what the customer wrote unread. */
export function conversations(db: Executor) {
  return db
    .selectFrom('customer_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'm.user_id',
      'u.email',
      'u.tel',
      'u.nickname',
      eb.fn.max('m.id').as('last_id'),
      eb.fn.count<number>('m.id').as('messages'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('m.sender', '=', 'customer'), eb('m.read_at', 'is', null)])).then(1).else(0).end()).as('unread'),
    ])
    .groupBy(['m.user_id', 'u.email', 'u.tel', 'u.nickname'])
    .orderBy('last_id', 'desc')
    .execute();
}

export function findById(db: Executor, id: number) {
  return db.selectFrom('customer_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

// --- the console: every conversation, unread first ---

function aggregated(db: Executor) {
  return db
    .selectFrom('customer_messages as m')
    .select((eb) => [
      'm.user_id',
      eb.fn.max('m.id').as('last_id'),
      eb.fn.count<number>('m.id').as('messages'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('m.sender', '=', 'customer'), eb('m.read_at', 'is', null)])).then(1).else(0).end()).as('unread'),
    ])
    .groupBy('m.user_id');
}

export interface ConversationFilter {
  q?: string | undefined;
  unread?: boolean | undefined;
}

function filteredConversations(db: Executor, f: ConversationFilter) {
  let q = db.selectFrom(aggregated(db).as('c')).innerJoin('users as u', 'u.id', 'c.user_id');
  if (f.q) q = q.where(containsAnyText(['u.email', 'u.tel', 'u.nickname'], f.q));
  if (f.unread === true) q = q.where('c.unread', '>', 0);
  if (f.unread === false) q = q.where('c.unread', '=', 0);
  return q;
}

/** A page of conversations: those with unread messages first, then by their last message. */
export async function conversationPage(db: Executor, f: ConversationFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  const [rows, count, unread] = await Promise.all([
    filteredConversations(db, f)
      .select(['c.user_id', 'c.last_id', 'c.messages', 'c.unread', 'u.email', 'u.tel', 'u.nickname', 'u.role'])
      .orderBy(sql`case when c.unread > 0 then 0 else 1 end`)
      .orderBy('c.last_id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filteredConversations(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    filteredConversations(db, { unread: true }).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n), unreadConversations: Number(unread.n) };
}

export function findByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('customer_messages').selectAll().where('id', 'in', ids).execute();
}

// --- when each side looked, and the away notice ---

export function findConversation(db: Executor, userId: number) {
  return db.selectFrom('conversations').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Records that one side has the conversation open now. */
export async function markSeen(db: Executor, userId: number, side: 'customer' | 'shop', now: number) {
  const seen = side === 'customer' ? { customer_seen_at: now } : { shop_seen_at: now };
  await db
    .insertInto('conversations')
    .values({ user_id: userId, ...seen })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(seen))
    .execute();
}

/** The shop's messages the customer has not read, newer than `afterId`, oldest first. */
export function unreadShopMessagesAfter(db: Executor, userId: number, afterId: number) {
  return db
    .selectFrom('customer_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sender', '=', 'shop')
    .where('read_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Moves the away notice forward to `throughId`, only if nobody has already told the customer
 * about it: true for exactly one caller, however many workers try at once.
 */
export async function advanceNotified(db: Executor, userId: number, throughId: number, via: 'email' | 'sms', now: number): Promise<boolean> {
  await db.insertInto('conversations').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const res = await db
    .updateTable('conversations')
    .set({ notified_through: throughId, notified_at: now, notified_via: via })
    .where('user_id', '=', userId)
    .where('notified_through', '<', throughId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every message of a customer's conversation, oldest first. */
export function allOf(db: Executor, userId: number) {
  return db.selectFrom('customer_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function deleteConversation(db: Executor, userId: number) {
  await db.deleteFrom('customer_messages').where('user_id', '=', userId).execute();
  await db.deleteFrom('conversations').where('user_id', '=', userId).execute();
}
