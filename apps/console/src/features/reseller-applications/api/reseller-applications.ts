import type { AdminRequestOf } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointKey, endpointListQuery, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const resellerApplicationListQueryOptions = (input: AdminRequestOf<'adminResellerApplication', 'list'>) => endpointListQuery('adminResellerApplication', 'list', input);

export const useResellerApplicationList = (input: AdminRequestOf<'adminResellerApplication', 'list'>) => useQuery(resellerApplicationListQueryOptions(input));

export const useResellerApplication = (id: number) => useQuery(queryOptions({ ...endpointQuery('adminResellerApplication', 'detail', { id }), enabled: id > 0 }));

/** A decision changes the application and the applicant's account: both are read again. */
const DECISION = { invalidates: [endpointKey('adminResellerApplication'), endpointKey('adminCustomer')] };

export const useApproveResellerApplication = () => useEndpointMutation('adminResellerApplication', 'approve', DECISION);
export const useRejectResellerApplication = () => useEndpointMutation('adminResellerApplication', 'reject', DECISION);
