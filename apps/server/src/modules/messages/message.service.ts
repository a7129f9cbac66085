import { accountKind, MESSAGE_AWAY_MS, messageContentSchema, serverErrors, type Message } from '@simshop/contract';
import { shopOrigin, type Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { userByAccount, userById } from '../accounts/account.service.ts';
import { requireCustomer } from '../accounts/account-admin.service.ts';
import { cliActor, recordAudit, type Actor } from '../audit/audit.service.ts';
import { enforce } from '../security/rate-limit.service.ts';
import { trySpendSms } from '../sms/sms-budget.service.ts';
import * as messages from './message.repository.ts';
import { notificationSettings, notify } from '../notifications/notification.service.ts';

type Row = Awaited<ReturnType<typeof messages.insertMessage>>;

const toMessage = (row: Row): Message => ({ id: row.id, from: row.sender, content: row.content, createdAt: Number(row.created_at), readAt: row.read_at === null ? null : Number(row.read_at) });

/** A chat is typed by hand: more than this in a minute is a script, not a person. */
const sendLimit = (userId: number) => ({ key: `message:user:${userId}`, max: 20, windowMs: 60_000 });

/**
 * The caller's conversation. Every query is bound to the caller's own id, so a cursor taken from
 * somebody else's conversation only ever pages through the caller's own.
 */
export async function listConversation(db: Executor, userId: number, input: { before?: number; after?: number; size: number }, now: number) {
  // Reading the chat (the first page or a poll) is being here: no email about answers seen now.
  await messages.markSeen(db, userId, 'customer', now);
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
  return toMessage(await messages.insertMessage(db, { userId, sender: 'customer', content, now }));
}

export async function markShopMessagesRead(db: Executor, userId: number, now: number) {
  await messages.markRead(db, userId, 'shop', now);
  await messages.markSeen(db, userId, 'customer', now);
  return { unread: await messages.countUnread(db, userId, 'shop') };
}

export async function unreadCount(db: Executor, userId: number) {
  return { unread: await messages.countUnread(db, userId, 'shop') };
}

// --- the shop's side, from the owner's command line ---

async function customerByAccount(db: Executor, account: string) {
  const kind = accountKind(account);
  const user = kind ? await userByAccount(db, kind, kind === 'email' ? account.toLowerCase() : account) : undefined;
  if (!user) throw new AppError(serverErrors.accountNotFound, 'account');
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
  const user = await customerByAccount(db, account);
  return db.transaction().execute(async (tx) => {
    const rows = (await messages.pageBefore(tx, user.id, undefined, limit)).reverse();
    await messages.markRead(tx, user.id, 'customer', now);
    await messages.markSeen(tx, user.id, 'shop', now);
    return rows.map(toMessage);
  });
}

/** The shop answers from the command line (the account by email or phone); audited as the command line. */
export async function shopReply(db: Database, account: string, text: string, now: number, actor: Actor = cliActor()): Promise<Message> {
  const content = messageContentSchema.safeParse(text);
  if (!content.success) throw new AppError(serverErrors.paramInvalid, 'content', { issues: content.error.issues.map((i) => i.message) });
  const user = await customerByAccount(db, account);
  return replyToCustomer(db, actor, user.id, content.data, now);
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
      role: r.role,
      messages: Number(r.messages),
      unread: Number(r.unread ?? 0),
      last: last.get(Number(r.last_id))!,
    })),
  };
}

/** One conversation a page at a time (oldest first); what the customer wrote is now read by the shop. */
export async function adminThread(db: Database, input: { userId: number; before?: number | undefined; size: number }, now: number) {
  const user = await requireCustomer(db, input.userId, 'userId');
  return db.transaction().execute(async (tx) => {
    const rows = (await messages.pageBefore(tx, user.id, input.before, input.size)).reverse();
    await messages.markRead(tx, user.id, 'customer', now);
    await messages.markSeen(tx, user.id, 'shop', now);
    const first = rows[0];
    return {
      customer: { id: user.id, email: user.email, tel: user.tel, nickname: user.nickname, role: user.role },
      items: rows.map(toMessage),
      hasOlder: first !== undefined && (await messages.existsBefore(tx, user.id, first.id)),
    };
  });
}

/**
 * The shop answers: its message goes in, what the customer wrote counts as read, the audit row
 * says who answered, and a look is booked for MESSAGE_AWAY_MS later: if the customer has not
 * read it by then, the away notice goes out (notifyAway).
 */
export async function replyToCustomer(db: Database, actor: Actor, userId: number, content: string, now: number): Promise<Message> {
  const user = await requireCustomer(db, userId, 'userId');
  return db.transaction().execute(async (tx) => {
    const row = await messages.insertMessage(tx, { userId: user.id, sender: 'shop', content, now });
    await messages.markRead(tx, user.id, 'customer', now);
    await messages.markSeen(tx, user.id, 'shop', now);
    await recordAudit(tx, actor, { action: 'message.reply', targetType: 'customer', targetId: user.id, after: { messageId: row.id, content } }, now);
    // Due when the customer counts as away; the outbox's run time is the moment it is due.
    await enqueue(tx, Topic.messageAway, { userId: user.id, messageId: row.id }, now + MESSAGE_AWAY_MS);
    return toMessage(row);
  });
}

/**
 * A notice from the shop about one of the customer's orders (a pickup is ready), written in the
 * caller's transaction so it goes out exactly when the change does; read like any shop answer.
 */
export async function postShopNotice(tx: Executor, userId: number, content: string, now: number): Promise<void> {
  const row = await messages.insertMessage(tx, { userId, sender: 'shop', content, now });
  await enqueue(tx, Topic.messageAway, { userId, messageId: row.id }, now + MESSAGE_AWAY_MS);
}

// --- the away notice ---

/** What the notice quotes of each answer. */
const QUOTE_MAX = 200;
const quote = (text: string, max = QUOTE_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Runs MESSAGE_AWAY_MS after an answer. Sends nothing when the customer has read it or opened
 * the chat since, or when an earlier notice already covered it. Otherwise one email (or SMS
 * without an email) carries every answer still unread, and the conversation remembers the
 * newest one told, so later looks for the same batch find nothing to send. The notice goes
 * into the outbox in the same transaction that moves the mark, so it is queued exactly once.
 * An SMS counts against the shop's daily budget; past it no SMS goes out and the mark stays, so
 * a later answer's notice still covers these.
 */
export async function notifyAway(db: Database, input: { userId: number; messageId: number }, chatUrl: string, now: number, smsBudget: number): Promise<AwayResult | 'over-budget'> {
  return queueAwayNotice(db, input, chatUrl, now, smsBudget).catch((err: unknown) => {
    if (err instanceof SmsBudgetSpent) return 'over-budget' as const;
    throw err;
  });
}

type AwayResult = 'sent' | 'read' | 'seen' | 'covered' | 'unreachable' | 'turned_off';
class SmsBudgetSpent extends Error {}

function queueAwayNotice(db: Database, input: { userId: number; messageId: number }, chatUrl: string, now: number, smsBudget: number) {
  return db.transaction().execute(async (tx): Promise<AwayResult> => {
    const conversation = await messages.findConversation(tx, input.userId);
    const answer = await messages.findById(tx, input.messageId);
    if (!answer || answer.user_id !== input.userId) return 'read';
    if (answer.read_at !== null) return 'read';
    if (conversation && conversation.notified_through >= answer.id) return 'covered';
    if (conversation?.customer_seen_at != null && Number(conversation.customer_seen_at) >= Number(answer.created_at)) return 'seen';
    const user = await userById(tx, input.userId);
    if (!user || user.status !== 'active' || (!user.email && !user.tel)) return 'unreachable';
    // An optional notice: the customer may have turned it off in Mine.
    if (!(await notificationSettings(tx, input.userId)).chatAnswered) return 'turned_off';
    const unread = await messages.unreadShopMessagesAfter(tx, input.userId, conversation?.notified_through ?? 0);
    const newest = unread.at(-1);
    if (!newest) return 'read';
    // An email when the customer has one, else an SMS (one of the two exists: checked above).
    const via = user.email ? 'email' : 'sms';
    const to = user.email ?? user.tel ?? '';
    if (!(await messages.advanceNotified(tx, input.userId, newest.id, via, now))) return 'covered';
    // Thrown to roll the mark back with the transaction.
    if (via === 'sms' && !(await trySpendSms(tx, smsBudget, now))) throw new SmsBudgetSpent();
    const count = unread.length;
    if (via === 'email') {
      // The mail is the notifications module's, in the customer's language (it checks the setting again when it sends).
      await notify(tx, { kind: 'chat_answered', userId: input.userId, messageId: newest.id, quotes: unread.map((m) => quote(m.content)) }, now);
    } else {
      await enqueue(tx, Topic.smsSend, { to, text: `【SimShop】客服回复 / The shop answered${count > 1 ? ` (${count})` : ''}: ${quote(unread[0]!.content, 60)} ${chatUrl}` }, now);
    }
    return 'sent';
  });
}

/** The shop's chat page (the web app's route `messages`, below its /uni base). */
const CHAT_PATH = '/uni/pages/mine/message/message';

/** The outbox handler of Topic.messageAway. */
export function awayNoticeHandler(db: Database, config: Config) {
  const chatUrl = `${shopOrigin(config)}${CHAT_PATH}`;
  return async (payload: unknown) => {
    await notifyAway(db, topicPayloads[Topic.messageAway].parse(payload), chatUrl, Date.now(), config.sms.dailyBudget);
  };
}

/** A customer's whole conversation with the shop, oldest first (their data export). */
export function conversationOf(db: Executor, userId: number) {
  return messages.allOf(db, userId);
}

/** Removes the conversation of an account being deleted. */
export async function deleteConversationOf(tx: Executor, userId: number): Promise<void> {
  await messages.deleteConversation(tx, userId);
}
