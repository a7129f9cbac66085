import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** APN settings of the networks the catalogue's plans use. */
export const apnListQueryOptions = () =>
  queryOptions({
    queryKey: ['tools', 'apn'],
    queryFn: ({ signal }) => call('tools', 'apn', {}, { signal, silent: true }),
    staleTime: 300_000,
  });

export const useApnList = () => useQuery(apnListQueryOptions());
