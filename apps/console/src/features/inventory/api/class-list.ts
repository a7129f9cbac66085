import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const classListQueryOptions = (input: AdminRequestOf<'adminInventory', 'classes'>) =>
  queryOptions({ queryKey: ['adminInventory', 'classes', input], queryFn: ({ signal }) => adminCall('adminInventory', 'classes', input, { signal }), placeholderData: keepPreviousData });

export const useClassList = (input: AdminRequestOf<'adminInventory', 'classes'>) => useQuery(classListQueryOptions(input));
