import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { Topic } from '../../jobs/topics.ts';
import { awayNoticeHandler } from './message.service.ts';

/** A customer away from the chat gets the shop's answer by email or SMS. */
export const messageJobs: ModuleJobs = {
  outbox: ({ db, config }) => ({ [Topic.messageAway]: awayNoticeHandler(db, config) }),
};
