import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { fulfilOrder } from './order.service.ts';
import { advanceAgedOrders, expireUnpaidOrders } from './order-sweeps.service.ts';

/** Paid orders are fulfilled by the worker; unpaid ones expire after 30 minutes, shipped ones are confirmed after 10 days, received ones complete after 7. */
export const orderJobs: ModuleJobs = {
  outbox: ({ db, providers }) => ({
    [Topic.orderFulfil]: async (payload) => {
      await fulfilOrder(db, providers, topicPayloads[Topic.orderFulfil].parse(payload).orderId, Date.now());
    },
  }),
  sweeps: [expireUnpaidOrders, advanceAgedOrders],
};
