import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneVerificationCodes } from './verification-code.service.ts';

/** Sign-up and sign-in codes that expired are deleted after the retention period. */
export const accountJobs: ModuleJobs = { prune: [pruneVerificationCodes] };
