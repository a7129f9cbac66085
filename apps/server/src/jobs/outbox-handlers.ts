import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { fulfilOrder } from '../modules/orders/order.service.ts';
import * as payments from '../modules/payments/payment.repository.ts';
import { closeSupersededSession } from '../modules/payments/payment.service.ts';
import type { Providers } from '../providers/index.ts';
import { AWAY_TOPIC, awayNoticeHandler } from '../modules/messages/message.service.ts';
import { createMailer } from '../providers/mail.ts';
import { createSmsSender } from '../providers/sms.ts';
import { sendOnce, type OutboxHandlers } from './outbox.ts';

const mailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const smsPayload = z.object({ to: z.string(), text: z.string() });
const fulfilPayload = z.object({ orderId: z.number().int() });
const cancelPayload = z.object({ iccid: z.string(), esimId: z.number().int() });
const refundPayload = z.object({ paymentId: z.string(), amount: z.number().int(), reason: z.string(), key: z.string().optional() });

/** What each outbox topic does. */
export function createOutboxHandlers(config: Config, log: FastifyBaseLogger, db: Database, providers: Providers): OutboxHandlers {
  const mailer = createMailer(config);
  const sms = createSmsSender(config);
  // Without real providers, say where the message went, so a developer can read the code.
  const local = config.env !== 'production';
  return {
    'order.fulfil': async (payload) => {
      await fulfilOrder(db, providers, fulfilPayload.parse(payload).orderId, Date.now());
    },
    'esim.cancel': async (payload) => {
      const { iccid, esimId } = cancelPayload.parse(payload);
      if (!providers.smdp) throw new Error('no SM-DP+ configured to cancel the profile at');
      await providers.smdp.cancelOrder({ callId: `cancel-${esimId}`, iccid, final: 'Unavailable' });
    },
    'payment.refund': async (payload) => {
      const refund = refundPayload.parse(payload);
      const payment = await payments.findPayment(db, refund.paymentId);
      if (!payment) throw new Error(`no payment ${refund.paymentId}`);
      if (payment.method === 'card') {
        if (!providers.card || !payment.provider_ref) throw new Error('card refund needs Stripe and the payment intent');
        await providers.card.refund({ paymentIntent: payment.provider_ref, amount: refund.amount, idempotencyKey: refund.key });
      } else if (payment.method === 'wechat') {
        // WeChat Pay refunds need the merchant certificate flow: the owner refunds in the merchant platform.
        log.warn({ paymentId: payment.id, amount: refund.amount }, 'refund this WeChat Pay payment in the merchant platform');
      }
    },
    'payment.close_session': (payload) => closeSupersededSession(db, providers, payload),
    // A customer away from the chat gets the shop's answer by email or SMS (issue 13).
    [AWAY_TOPIC]: awayNoticeHandler(db, config),
    'mail.send': async (payload, job) => {
      const message = mailPayload.parse(payload);
      await sendOnce(db, job, 'mail', (idempotencyKey) => mailer.send({ ...message, idempotencyKey }));
      if (local && !config.mail.smtpUrl) log.info({ to: message.to }, `mail written to ${config.dataDir}/outbox/mail: ${message.text}`);
    },
    'sms.send': async (payload, job) => {
      const message = smsPayload.parse(payload);
      await sendOnce(db, job, 'sms', (idempotencyKey) => sms.send({ ...message, idempotencyKey }));
      if (local && !config.sms.webhookUrl) log.info({ to: message.to }, `sms written to ${config.dataDir}/outbox/sms: ${message.text}`);
    },
  };
}
