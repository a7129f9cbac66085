import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { pruneIdempotencyKeys } from './reseller-api-order.service.ts';

/** Idempotency records are forgotten once their 24 hours are over. */
export const resellerApiJobs: ModuleJobs = { sweeps: [pruneIdempotencyKeys] };
