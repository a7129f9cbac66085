import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const jobCountsQueryOptions = () => endpointQuery('adminPayment', 'job_counts', {});

export const useJobCounts = () => useQuery({ ...jobCountsQueryOptions(), refetchInterval: 10_000 });
