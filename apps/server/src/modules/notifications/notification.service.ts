import { FALLBACK_LANGUAGE, LANGUAGES, type Language, type NotificationSettings } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import * as notifications from './notification.repository.ts';
import type { NotificationEvent } from './notification-types.ts';

/**
 * The one call an event's owner makes, in the transaction of the event: the event is recorded
 * under its key and its message queued, both or neither. The same event reported again (a
 * retried job, a second process, a replayed webhook) finds its key taken and queues nothing.
 * Returns whether this call queued the message.
 */
export async function notify(tx: Executor, event: NotificationEvent, now: number): Promise<boolean> {
  // The language the customer shops in is the language they are written to.
  if (event.kind === 'order_placed') await notifications.upsertSettings(tx, event.userId, { language: event.language }, now);
  const id = await notifications.insertOnce(tx, {
    dedupeKey: dedupeKey(event),
    userId: event.userId,
    kind: event.kind,
    payload: JSON.stringify(event),
    now,
  });
  if (id === undefined) return false;
  await enqueue(tx, Topic.notificationSend, { notificationId: id }, now);
  return true;
}

/** What makes an event itself: one order is placed, paid, shipped once; a refund once per amount refunded so far. */
export function dedupeKey(event: NotificationEvent): string {
  switch (event.kind) {
    case 'refund_approved':
    case 'refund_paid':
      return `${event.kind}:order:${event.orderNo}:${event.amount}`;
    case 'esim_installed':
      return `${event.kind}:esim:${event.esimId}`;
    case 'usage_alert':
      return `${event.kind}:esim:${event.esimId}:${event.planKey}:${event.threshold}`;
    case 'chat_answered':
      return `${event.kind}:message:${event.messageId}`;
    case 'balance_alert':
      return `${event.kind}:${event.alert}:user:${event.userId}:${event.currency}:${event.once}`;
    default:
      return `${event.kind}:order:${event.orderNo}`;
  }
}

const asLanguage = (value: string | null | undefined, fallback: Language): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : fallback);

/** `fallback`: the language until the customer orders or chooses one (the shop's language on their device). */
export async function notificationSettings(db: Executor, userId: number, fallback: Language = FALLBACK_LANGUAGE): Promise<NotificationSettings> {
  const row = await notifications.settingsOf(db, userId);
  return {
    language: asLanguage(row?.language, fallback),
    chatAnswered: row ? row.chat_answered === 1 : true,
    usageAlerts: row ? row.usage_alerts === 1 : true,
  };
}

export async function updateNotificationSettings(db: Executor, userId: number, input: Partial<NotificationSettings>, fallback: Language, now: number): Promise<NotificationSettings> {
  // The language shown is kept with the first change, so what the form showed is what is sent.
  const language = input.language ?? ((await notifications.settingsOf(db, userId))?.language ? undefined : fallback);
  await notifications.upsertSettings(
    db,
    userId,
    {
      ...(language !== undefined ? { language } : {}),
      ...(input.chatAnswered !== undefined ? { chat_answered: input.chatAnswered ? 1 : 0 } : {}),
      ...(input.usageAlerts !== undefined ? { usage_alerts: input.usageAlerts ? 1 : 0 } : {}),
    },
    now,
  );
  return notificationSettings(db, userId, fallback);
}
