import { createMailer } from '../providers/mail.ts';
import { createSmsSender } from '../providers/sms.ts';
import type { ModuleJobs } from './module-jobs.ts';
import { pruneDoneJobs, sendOnce } from './outbox.ts';
import { Topic, topicPayloads } from './topics.ts';

/** Mail and SMS delivery: the worker's own topics, which any module enqueues; finished jobs are deleted after the retention period. */
export const deliveryJobs: ModuleJobs = {
  prune: [pruneDoneJobs],
  outbox: ({ config, log, db }) => {
    const mailer = createMailer(config);
    const sms = createSmsSender(config);
    // Without real providers, say where the message went, so a developer can read the code.
    const local = config.env !== 'production';
    return {
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
  },
};
