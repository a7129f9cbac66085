import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneSecurityEvents } from './security-event.service.ts';

/** Security events past their year are deleted. */
export const securityJobs: ModuleJobs = { sweeps: [pruneSecurityEvents] };
