import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneRateLimitWindows } from './rate-limit.service.ts';
import { pruneSecurityEvents } from './security-event.service.ts';

/** Security events past their year are deleted; rate-limit windows after the retention period. */
export const securityJobs: ModuleJobs = { sweeps: [pruneSecurityEvents], prune: [pruneRateLimitWindows] };
