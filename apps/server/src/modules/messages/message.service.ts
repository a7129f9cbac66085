import { accountKind, isResellerRole, messageContentSchema, serverErrors, type Message, type Role } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findUserByAccount } from '../accounts/account.repository.ts';
import { requireCustomer } from '../accounts/account-admin.service.ts';
import { cliActor, recordAudit, type Actor } from '../audit/audit.service.ts';
import { enforce } from '../security/rate-limit.service.ts';
import * as messages from './message.repository.ts';

type Row = Awaited<ReturnType<typeof messages.insertMessage>>;

const toMessage = (row: Row): Message => ({ id: row.id, from: row.sender, content: row.content, createdAt: Number(row.created_at), readAt: row.read_at === null ? null : Number(row.read_at) });

/** A chat is typed by hand: more than this in a minute is a script, not a person. */
const sendLimit = (userId: number) => ({ key: `message:user:${userId}`, max: 20, windowMs: 60_000 });

/**
 * The caller's conversation. Every query is bound to the caller's own id, so a cursor taken from
 * somebody else's conversation only ever pages through the caller's own.
 */
export async function listConversation(db: Executor, userId: number, input: { before?: number; after?: number; size: number }) {
  const rows = input.after !== undefined ? await messages.pageAfter(db, userId, input.after, input.size) : (await messages.pageBefore(db, userId, input.before, input.size)).reverse();
  const first = rows[0]?.id ?? (input.after !== undefined ? input.after + 1 : undefined);
  return {
    items: rows.map(toMessage),
    hasOlder: first !== undefined && (await messages.existsBefore(db, userId, first)),
    unread: await messages.countUnread(db, userId, 'shop'),
  };
}

export async function sendMessage(db: Executor, userId: number, content: string, now: number): Promise<Message> {
  await enforce(db, now, sendLimit(userId));
  return toMessage(await messages.insertMessage(db, { userId, sender: 'reseller', content, now }));
}

export async function markShopMessagesRead(db: Executor, userId: number, now: number) {
  await messages.markRead(db, userId, 'shop', now);
  return { unread: await messages.countUnread(db, userId, 'shop') };
}

export async function unreadCount(db: Executor, userId: number) {
  return { unread: await messages.countUnread(db, userId, 'shop') };
}

// --- the shop's side, from the owner's command line ---

async function resellerByAccount(db: Executor, account: string) {
  const kind = accountKind(account);
  const user = kind ? await findUserByAccount(db, kind, kind === 'email' ? account.toLowerCase() : account) : undefined;
  if (!user) throw new AppError(serverErrors.accountNotFound, 'account');
  // Conversations are a reseller tool (SPEC §6): a regular customer could never read the answer.
  if (!isResellerRole(user.role)) throw new AppError(serverErrors.noRightToOperate, 'account');
  return user;
}

/** Every conversation, newest first, with what the shop has not read yet. */
export async function shopConversations(db: Executor) {
  const rows = await messages.conversations(db);
  const out = [];
  for (const r of rows) {
    const last = await messages.findById(db, Number(r.last_id));
    out.push({ account: r.email ?? r.tel ?? `#${r.user_id}`, nickname: r.nickname, messages: Number(r.messages), unread: Number(r.unread ?? 0), last: last ? toMessage(last) : null });
  }
  return out;
}

/** One conversation, the newest `limit` messages oldest first; the shop has now read them. */
export async function shopConversation(db: Database, account: string, limit: number, now: number) {
  const user = await resellerByAccount(db, account);
  return db.transaction().execute(async (tx) => {
    const rows = (await messages.pageBefore(tx, user.id, undefined, limit)).reverse();
    await messages.markRead(tx, user.id, 'reseller', now);
    return rows.map(toMessage);
  });
}

/** The shop answers from the command line (the account by email or phone); audited as the command line. */
export async function shopReply(db: Database, account: string, text: string, now: number, actor: Actor = cliActor()): Promise<Message> {
  const content = messageContentSchema.safeParse(text);
  if (!content.success) throw new AppError(serverErrors.paramInvalid, 'content', { issues: content.error.issues.map((i) => i.message) });
  const user = await resellerByAccount(db, account);
  return replyToReseller(db, actor, user.id, content.data, now);
}

// --- the shop's side, from the console ---

/** Every conversation, unread first, then by the last message; with how many have something unread. */
export async function adminConversations(db: Executor, input: { page: number; pageSize: number; sortOrder: 'asc' | 'desc'; q?: string | undefined; unread?: boolean | undefined }) {
  const { rows, total, unreadConversations } = await messages.conversationPage(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, order: input.sortOrder });
  const last = new Map((await messages.findByIds(db, rows.map((r) => Number(r.last_id)))).map((m) => [m.id, toMessage(m)]));
  return {
    total,
    unreadConversations,
    items: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      tel: r.tel,
      nickname: r.nickname,
      role: r.role as Role,
      messages: Number(r.messages),
      unread: Number(r.unread ?? 0),
      last: last.get(Number(r.last_id))!,
    })),
  };
}

/** One conversation a page at a time (oldest first); what the reseller wrote is now read by the shop. */
export async function adminThread(db: Database, input: { userId: number; before?: number | undefined; size: number }, now: number) {
  const user = await requireCustomer(db, input.userId, 'userId');
  return db.transaction().execute(async (tx) => {
    const rows = (await messages.pageBefore(tx, user.id, input.before, input.size)).reverse();
    await messages.markRead(tx, user.id, 'reseller', now);
    const first = rows[0];
    return {
      customer: { id: user.id, email: user.email, tel: user.tel, nickname: user.nickname, role: user.role as Role },
      items: rows.map(toMessage),
      hasOlder: first !== undefined && (await messages.existsBefore(tx, user.id, first.id)),
    };
  });
}

/** The shop answers: its message goes in, what the reseller wrote counts as read, and the audit row says who answered. */
export async function replyToReseller(db: Database, actor: Actor, userId: number, content: string, now: number): Promise<Message> {
  const user = await requireCustomer(db, userId, 'userId');
  // Conversations are a reseller tool (SPEC §6): a regular customer could never read the answer.
  if (!isResellerRole(user.role)) throw new AppError(serverErrors.customerNotReseller, 'userId');
  return db.transaction().execute(async (tx) => {
    const row = await messages.insertMessage(tx, { userId: user.id, sender: 'shop', content, now });
    await messages.markRead(tx, user.id, 'reseller', now);
    await recordAudit(tx, actor, { action: 'message.reply', targetType: 'customer', targetId: user.id, after: { messageId: row.id, content } }, now);
    return toMessage(row);
  });
}
