import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** tools.apn: APN settings of the networks the catalogue's plans use. */
export const apnListQueryOptions = () => queryOptions({ ...endpointQuery('tools', 'apn', {}, { silent: true }), staleTime: 300_000 });

export const useApnList = () => useQuery(apnListQueryOptions());
