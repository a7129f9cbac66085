import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const jobListQueryOptions = (input: AdminRequestOf<'adminPayment', 'job_list'>) => endpointListQuery('adminPayment', 'job_list', input);

/** Jobs move on their own (the worker runs every second): the list refreshes while it is open. */
export const useJobList = (input: AdminRequestOf<'adminPayment', 'job_list'>) => useQuery({ ...jobListQueryOptions(input), refetchInterval: 10_000 });
