import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const staffListQueryOptions = (input: AdminRequestOf<'adminStaff', 'list'>) =>
  queryOptions({ queryKey: ['adminStaff', 'list', input], queryFn: ({ signal }) => adminCall('adminStaff', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useStaffList = (input: AdminRequestOf<'adminStaff', 'list'>) => useQuery(staffListQueryOptions(input));
