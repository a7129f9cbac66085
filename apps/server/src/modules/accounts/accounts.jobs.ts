import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneChallenges } from './proof-of-work.service.ts';
import { pruneVerificationCodes } from './verification-code.service.ts';

/** Sign-up and sign-in codes and proof-of-work challenges that expired are deleted after the retention period. */
export const accountJobs: ModuleJobs = { prune: [pruneVerificationCodes, pruneChallenges] };
