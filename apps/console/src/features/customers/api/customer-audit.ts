import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerAuditQueryOptions = (input: AdminRequestOf<'adminCustomer', 'audit'>) => endpointListQuery('adminCustomer', 'audit', input);

export const useCustomerAudit = (input: AdminRequestOf<'adminCustomer', 'audit'>) => useQuery(customerAuditQueryOptions(input));
