import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneWechatSignIns } from './wechat.service.ts';

/** WeChat sign-ins (OAuth states and link tokens, minutes long) that expired are deleted after the retention period. */
export const wechatJobs: ModuleJobs = { prune: [pruneWechatSignIns] };
