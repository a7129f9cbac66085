import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { pruneDeliveries, runDelivery } from './webhook-delivery.service.ts';

/** Reseller webhook deliveries: one try per job (the service queues the next); settled ones leave the log after the retention period. */
export const webhookJobs: ModuleJobs = {
  prune: [pruneDeliveries],
  outbox: ({ config, log, db }) => ({
    [Topic.webhookDeliver]: (payload) => runDelivery(db, { serverSecret: config.fileTokenSecret, production: config.env === 'production', log }, topicPayloads[Topic.webhookDeliver].parse(payload).deliveryId),
  }),
};
