import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const staffListQueryOptions = (input: AdminRequestOf<'adminStaff', 'list'>) => endpointListQuery('adminStaff', 'list', input);

export const useStaffList = (input: AdminRequestOf<'adminStaff', 'list'>) => useQuery(staffListQueryOptions(input));
