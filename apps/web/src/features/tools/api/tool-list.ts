import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The tools the owner shows, in the owner's order. */
export const toolListQueryOptions = () =>
  queryOptions({
    queryKey: ['tools', 'list'],
    queryFn: ({ signal }) => call('tools', 'list', {}, { signal, silent: true }),
    staleTime: 60_000,
  });

export const useToolList = () => useQuery(toolListQueryOptions());
