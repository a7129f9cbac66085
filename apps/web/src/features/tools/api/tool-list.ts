import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** tools.list: the tools the owner shows, in the owner's order. */
export const toolListQueryOptions = () => queryOptions({ ...endpointQuery('tools', 'list', {}, { silent: true }), staleTime: 60_000 });

export const useToolList = () => useQuery(toolListQueryOptions());
