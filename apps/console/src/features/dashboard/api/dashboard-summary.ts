import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** "Today" is the browser's today: the server counts from midnight in its time zone. */
export const dashboardSummaryQueryOptions = (timeZone: string) => queryOptions({ ...endpointQuery('adminDashboard', 'summary', { timeZone }), refetchInterval: 60_000 });

export const useDashboardSummary = () => useQuery(dashboardSummaryQueryOptions(Intl.DateTimeFormat().resolvedOptions().timeZone));
