import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** "Today" is the browser's today: the server counts from midnight in its time zone. */
export const dashboardSummaryQueryOptions = (timeZone: string) =>
  queryOptions({ queryKey: ['adminDashboard', 'summary', { timeZone }], queryFn: ({ signal }) => adminCall('adminDashboard', 'summary', { timeZone }, { signal }), refetchInterval: 60_000 });

export const useDashboardSummary = () => useQuery(dashboardSummaryQueryOptions(Intl.DateTimeFormat().resolvedOptions().timeZone));
