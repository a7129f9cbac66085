import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';

/** A refunded eSIM's profile is cancelled at the SM-DP+, retried until it answers. */
export const esimJobs: ModuleJobs = {
  outbox: ({ providers }) => ({
    [Topic.esimCancel]: async (payload) => {
      const { iccid, esimId } = topicPayloads[Topic.esimCancel].parse(payload);
      if (!providers.smdp) throw new Error('no SM-DP+ configured to cancel the profile at');
      await providers.smdp.cancelOrder({ callId: `cancel-${esimId}`, iccid, final: 'Unavailable' });
    },
  }),
};
