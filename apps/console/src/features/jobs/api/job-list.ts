import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const jobListQueryOptions = (input: AdminRequestOf<'adminPayment', 'job_list'>) =>
  queryOptions({ queryKey: ['adminPayment', 'job_list', input], queryFn: ({ signal }) => adminCall('adminPayment', 'job_list', input, { signal }), placeholderData: keepPreviousData });

/** Jobs move on their own (the worker runs every second): the list refreshes while it is open. */
export const useJobList = (input: AdminRequestOf<'adminPayment', 'job_list'>) => useQuery({ ...jobListQueryOptions(input), refetchInterval: 10_000 });
