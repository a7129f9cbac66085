import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { runBulkJob } from './reseller-api-bulk.service.ts';
import { pruneIdempotencyKeys } from './reseller-api-order.service.ts';

/** Bulk orders are carried out by the worker; idempotency records are forgotten once their 24 hours are over. */
export const resellerApiJobs: ModuleJobs = {
  outbox: ({ db, providers }) => ({
    [Topic.resellerApiBulk]: async (payload) => {
      await runBulkJob(db, topicPayloads[Topic.resellerApiBulk].parse(payload).jobId, providers.carrier);
    },
  }),
  sweeps: [pruneIdempotencyKeys],
};
