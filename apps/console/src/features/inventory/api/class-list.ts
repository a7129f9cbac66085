import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const classListQueryOptions = (input: AdminRequestOf<'adminInventory', 'classes'>) => endpointListQuery('adminInventory', 'classes', input);

export const useClassList = (input: AdminRequestOf<'adminInventory', 'classes'>) => useQuery(classListQueryOptions(input));
