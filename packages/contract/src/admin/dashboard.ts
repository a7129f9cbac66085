import { adminEndpoint } from './define.ts';

/** Console: dashboard. */
export const adminDashboardEndpoint = adminEndpoint('dashboard', 'dashboard', {});
