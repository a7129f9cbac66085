import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** supsim.list: the SuperSIMs the customer bound. */
export const supsimListQuery = () => endpointQuery('supsim', 'list', {});
export const useSupsimList = () => useQuery(supsimListQuery());
