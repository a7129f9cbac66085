import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { runDelivery } from './webhook-delivery.service.ts';

/** Reseller webhook deliveries: one try per job (the service queues the next). */
export const webhookJobs: ModuleJobs = {
  outbox: ({ config, log, db }) => ({
    [Topic.webhookDeliver]: (payload) => runDelivery(db, config.fileTokenSecret, log, topicPayloads[Topic.webhookDeliver].parse(payload).deliveryId),
  }),
};
