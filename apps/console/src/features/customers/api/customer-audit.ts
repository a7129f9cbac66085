import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerAuditQueryOptions = (input: AdminRequestOf<'adminCustomer', 'audit'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'audit', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'audit', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerAudit = (input: AdminRequestOf<'adminCustomer', 'audit'>) => useQuery(customerAuditQueryOptions(input));
