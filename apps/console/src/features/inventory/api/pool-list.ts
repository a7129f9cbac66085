import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const poolListQueryOptions = (input: AdminRequestOf<'adminInventory', 'pools'>) => endpointListQuery('adminInventory', 'pools', input);

export const usePoolList = (input: AdminRequestOf<'adminInventory', 'pools'>) => useQuery(poolListQueryOptions(input));
