import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { forgetExpiredOauthRecords } from './oauth.service.ts';

/** The authorization server's expired records (codes, tokens, sessions, interactions, lapsed grants) are forgotten a day after they expire. */
export const oauthJobs: ModuleJobs = { sweeps: [(db, now) => forgetExpiredOauthRecords(db, now)] };
