import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { createMailer } from '../providers/mail.ts';
import { createSmsSender } from '../providers/sms.ts';
import type { OutboxHandlers } from './outbox.ts';

const mailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const smsPayload = z.object({ to: z.string(), text: z.string() });

/** What each outbox topic does. */
export function createOutboxHandlers(config: Config, log: FastifyBaseLogger): OutboxHandlers {
  const mailer = createMailer(config);
  const sms = createSmsSender(config);
  // Without real providers, say where the message went, so a developer can read the code.
  const local = config.env !== 'production';
  return {
    'mail.send': async (payload) => {
      const message = mailPayload.parse(payload);
      await mailer.send(message);
      if (local && !config.mail.smtpUrl) log.info({ to: message.to }, `mail written to ${config.dataDir}/outbox/mail: ${message.text}`);
    },
    'sms.send': async (payload) => {
      const message = smsPayload.parse(payload);
      await sms.send(message);
      if (local && !config.sms.webhookUrl) log.info({ to: message.to }, `sms written to ${config.dataDir}/outbox/sms: ${message.text}`);
    },
  };
}
