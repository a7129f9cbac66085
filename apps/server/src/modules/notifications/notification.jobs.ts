import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic } from '../../jobs/topics.ts';
import { createMailer } from '../../providers/mail.ts';
import { createSmsSender } from '../../providers/sms.ts';
import { notificationSendHandler } from './notification-sender.ts';
import type { FactsLoader } from './notification-types.ts';

/**
 * The customer's messages go out from here. The facts they show (orders, eSIMs, the account)
 * belong to modules above this one, which call `notify`; the server hands their reader in when
 * it is built (background-jobs.ts), so nothing here imports them back.
 */
export function notificationJobs(loadFacts: FactsLoader): ModuleJobs {
  return {
    outbox: ({ db, config, log }) => ({
      [Topic.notificationSend]: notificationSendHandler({
        db,
        config,
        log,
        mailer: createMailer(config),
        sms: createSmsSender(config),
        loadFacts,
      }),
    }),
  };
}
