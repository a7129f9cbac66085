import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneStaffSessions } from './staff.service.ts';

/** Staff sessions that ended are deleted after the retention period. */
export const staffJobs: ModuleJobs = { prune: [pruneStaffSessions] };
