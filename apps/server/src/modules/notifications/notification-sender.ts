import { OrderStatus } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import { shopOrigin, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { sendOnce, type JobContext } from '../../jobs/outbox.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import { trySpendSms } from '../sms/sms-budget.service.ts';
import { deliverPush, pushTargets, vapidDetails } from '../web-push/web-push.service.ts';
import type { MailContext, MailLinks } from './mail-templates.tsx';
import { textsFor } from './notification-texts.ts';
import * as notifications from './notification.repository.ts';
import { notificationSettings } from './notification.service.ts';
import type { FactsLoader, NotificationEvent, NotificationFacts } from './notification-types.ts';
import { MissingFacts, renderMail, renderSms } from './render-mail.tsx';
import { usageAlertPush } from './usage-alert-text.ts';

/** The shop's pages the messages link to (the web app's routes, below its /uni base). */
export function shopLinks(config: Config): MailLinks {
  const base = `${shopOrigin(config)}/uni`;
  return {
    order: (orderNo) => `${base}/pages/order/order-detail?orderNo=${encodeURIComponent(orderNo)}`,
    pay: (orderNo) => `${base}/pages/order/order-pay?orderNo=${encodeURIComponent(orderNo)}`,
    esim: (id) => `${base}/pages/mine/esim/esim-detail?id=${id}`,
    chat: `${base}/pages/mine/message/message`,
    api: `${base}/pages/mine/api`,
  };
}

export function mailContext(lang: MailContext['lang'], links: MailLinks): MailContext {
  const format = new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return { lang, t: textsFor(lang), links, date: (at) => format.format(at) };
}

/** A stable Message-ID part from the event's key, in the characters an address may hold. */
export const messageKey = (dedupeKey: string) => `n.${dedupeKey.replace(/[^A-Za-z0-9._-]/g, '.')}`;

export interface SenderDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  loadFacts: FactsLoader;
}

/**
 * The `notification.send` job: reads the facts in the customer's language, picks e-mail (or SMS
 * for an account with only a phone), sends once under the event's key and records how it went.
 * A failed send throws, and the outbox retries it with back-off; a message that can no longer
 * be built (its order deleted) or has nowhere to go is recorded as skipped, as is an order mail
 * whose orders no longer await payment when its turn comes (paid at once in a burst of checkouts).
 */
export function notificationSendHandler(deps: SenderDeps) {
  const links = shopLinks(deps.config);
  // The same for every customer of a language (texts, date format, links): built once each.
  const contexts = new Map<MailContext['lang'], MailContext>();
  const contextOf = (lang: MailContext['lang']) => contexts.get(lang) ?? contexts.set(lang, mailContext(lang, links)).get(lang)!;
  return async (payload: unknown, job: JobContext) => {
    const { notificationId } = topicPayloads[Topic.notificationSend].parse(payload);
    const row = await notifications.findById(deps.db, notificationId);
    if (!row || row.sent_at !== null || row.skipped !== null) return;
    const settings = await notificationSettings(deps.db, row.user_id);
    // The optional messages the customer turned off (read now: a change since the event counts).
    if ((row.kind === 'chat_answered' && !settings.chatAnswered) || (row.kind.startsWith('usage_') && !settings.usageAlerts)) {
      await notifications.markSkipped(deps.db, row.id, 'turned_off');
      return;
    }
    const event = JSON.parse(row.payload) as NotificationEvent;
    const c = contextOf(settings.language);
    const facts = await deps.loadFacts(deps.db, event, settings.language);
    if (!facts || !facts.recipient.active || (!facts.recipient.email && !facts.recipient.tel)) {
      await notifications.markSkipped(deps.db, row.id, facts ? 'unreachable' : 'gone');
      return;
    }
    // "Waiting for payment" would be untrue once the order is paid (its receipt tells the rest) or cancelled.
    if (event.kind === 'order_placed' && facts.orders?.every((o) => o.status !== OrderStatus.unpaid)) {
      await notifications.markSkipped(deps.db, row.id, 'not_awaiting_payment');
      return;
    }
    const key = messageKey(row.dedupe_key);
    try {
      if (facts.recipient.email) {
        const mail = await renderMail(event, facts, c);
        await sendOnce(deps.db, job, 'notification', () =>
          deps.mailer.send({
            to: facts.recipient.email!,
            ...mail,
            idempotencyKey: key,
          }),
        );
        await notifications.markSent(deps.db, row.id, `email${await pushAlert(deps, job, event, facts, c)}`, Date.now());
      } else {
        const text = renderSms(event, facts, c);
        // Counted against the shop's daily SMS budget; past it, the text is not sent (the page has it all).
        if (!(await trySpendSms(deps.db, deps.config.sms.dailyBudget, Date.now()))) {
          await notifications.markSkipped(deps.db, row.id, 'sms_budget');
          return;
        }
        await sendOnce(deps.db, job, 'notification', () =>
          deps.sms.send({
            to: facts.recipient.tel!,
            text,
            idempotencyKey: key,
          }),
        );
        await notifications.markSent(deps.db, row.id, `sms${await pushAlert(deps, job, event, facts, c)}`, Date.now());
      }
    } catch (err) {
      if (!(err instanceof MissingFacts)) throw err;
      await notifications.markSkipped(deps.db, row.id, 'gone');
    }
  };
}

/** A device notification stays useful about a day: a phone offline longer gets the mail. */
const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * Alerts also go to every browser the customer allowed notifications on, each once (a retry
 * skips the ones that went); a browser its push service forgot is dropped there. Returns the
 * channel suffix to record: '+push' when at least one device got it.
 */
async function pushAlert(deps: SenderDeps, job: JobContext, event: NotificationEvent, facts: NotificationFacts, c: MailContext): Promise<string> {
  if (event.kind !== 'usage_alert' || !facts.esims?.[0]) return '';
  const vapid = await vapidDetails(deps.db, deps.config);
  if (!vapid) return '';
  const payload = usageAlertPush(c, event, facts.esims[0].name);
  let pushed = false;
  for (const target of await pushTargets(deps.db, event.userId)) {
    await sendOnce(deps.db, job, `push-${target.id}`, async () => {
      pushed = (await deliverPush(deps.db, vapid, target, payload, { ttlSeconds: PUSH_TTL_SECONDS })) === 'sent' || pushed;
    });
  }
  return pushed ? '+push' : '';
}
