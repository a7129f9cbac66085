import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const jobCountsQueryOptions = () => queryOptions({ queryKey: ['adminPayment', 'job_counts', {}], queryFn: ({ signal }) => adminCall('adminPayment', 'job_counts', {}, { signal }) });

export const useJobCounts = () => useQuery({ ...jobCountsQueryOptions(), refetchInterval: 10_000 });
