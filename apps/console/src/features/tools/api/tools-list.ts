import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const adminToolsQueryOptions = () =>
  queryOptions({
    queryKey: ['adminTools', 'list', {}],
    queryFn: ({ signal }) => adminCall('adminTools', 'list', {}, { signal }),
  });

/** Every tool with whether the shop shows it, in the shop's order, and the version a save names. */
export const useAdminTools = () => useQuery(adminToolsQueryOptions());
