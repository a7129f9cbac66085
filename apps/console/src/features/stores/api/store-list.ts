import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const storeListQueryOptions = (input: AdminRequestOf<'adminStore', 'list'>) => endpointListQuery('adminStore', 'list', input);

export const useStoreList = (input: AdminRequestOf<'adminStore', 'list'>) => useQuery(storeListQueryOptions(input));
