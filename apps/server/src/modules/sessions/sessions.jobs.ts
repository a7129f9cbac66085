import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneCustomerSessions } from './session.service.ts';

/** Sessions that ended (expired or signed out) are deleted after the retention period. */
export const sessionJobs: ModuleJobs = { prune: [pruneCustomerSessions] };
