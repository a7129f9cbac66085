import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { sweepUsageAlerts } from './usage-alerts.service.ts';

/** Usage and expiry alerts: looked for every round; the messages go out through the notifications' job. */
export const usageAlertJobs: ModuleJobs = {
  sweeps: [(db, now, providers) => (providers ? sweepUsageAlerts(db, providers.carrier, now) : Promise.resolve(0))],
};
