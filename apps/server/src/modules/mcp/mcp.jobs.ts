import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { forgetExpiredPreviews } from './mcp-purchase.service.ts';

/** Purchase previews never confirmed are forgotten a day after they expire (confirmed ones stay: a repeated confirm finds its order). */
export const mcpJobs: ModuleJobs = { sweeps: [(db, now) => forgetExpiredPreviews(db, now)] };
