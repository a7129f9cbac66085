import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { fulfilOrder } from '../modules/orders/order.service.ts';
import { closeSupersededSession, refundAtProvider } from '../modules/payments/payment.service.ts';
import type { Providers } from '../providers/index.ts';
import { awayNoticeHandler } from '../modules/messages/message.service.ts';
import { createMailer } from '../providers/mail.ts';
import { createSmsSender } from '../providers/sms.ts';
import { sendOnce, type OutboxHandler, type OutboxHandlers } from './outbox.ts';
import { Topic, topicPayloads } from './topics.ts';

/** What each outbox topic does: every topic has its handler, checked by the compiler. */
export function createOutboxHandlers(config: Config, log: FastifyBaseLogger, db: Database, providers: Providers): OutboxHandlers {
  const mailer = createMailer(config);
  const sms = createSmsSender(config);
  // Without real providers, say where the message went, so a developer can read the code.
  const local = config.env !== 'production';
  const handlers: Record<Topic, OutboxHandler> = {
    [Topic.orderFulfil]: async (payload) => {
      await fulfilOrder(db, providers, topicPayloads[Topic.orderFulfil].parse(payload).orderId, Date.now());
    },
    [Topic.esimCancel]: async (payload) => {
      const { iccid, esimId } = topicPayloads[Topic.esimCancel].parse(payload);
      if (!providers.smdp) throw new Error('no SM-DP+ configured to cancel the profile at');
      await providers.smdp.cancelOrder({ callId: `cancel-${esimId}`, iccid, final: 'Unavailable' });
    },
    [Topic.paymentRefund]: (payload) => refundAtProvider(db, providers, log, topicPayloads[Topic.paymentRefund].parse(payload)),
    [Topic.paymentCloseSession]: (payload) => closeSupersededSession(db, providers, payload),
    // A customer away from the chat gets the shop's answer by email or SMS.
    [Topic.messageAway]: awayNoticeHandler(db, config),
    [Topic.mailSend]: async (payload, job) => {
      const message = topicPayloads[Topic.mailSend].parse(payload);
      await sendOnce(db, job, 'mail', (idempotencyKey) => mailer.send({ ...message, idempotencyKey }));
      if (local && !config.mail.smtpUrl) log.info({ to: message.to }, `mail written to ${config.dataDir}/outbox/mail: ${message.text}`);
    },
    [Topic.smsSend]: async (payload, job) => {
      const message = topicPayloads[Topic.smsSend].parse(payload);
      await sendOnce(db, job, 'sms', (idempotencyKey) => sms.send({ ...message, idempotencyKey }));
      if (local && !config.sms.webhookUrl) log.info({ to: message.to }, `sms written to ${config.dataDir}/outbox/sms: ${message.text}`);
    },
  };
  return handlers;
}
