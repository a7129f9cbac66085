import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { closeSupersededSession } from './payment.service.ts';
import { refundAtProvider } from './refund.service.ts';

/** Refunds at the card or WeChat provider and closing a superseded payment session, retried by the worker. */
export const paymentJobs: ModuleJobs = {
  outbox: ({ db, providers, log }) => ({
    [Topic.paymentRefund]: (payload) => refundAtProvider(db, providers, log, topicPayloads[Topic.paymentRefund].parse(payload)),
    [Topic.paymentCloseSession]: (payload) => closeSupersededSession(db, providers, payload),
  }),
};
