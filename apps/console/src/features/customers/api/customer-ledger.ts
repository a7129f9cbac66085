import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const customerLedgerQueryOptions = (input: AdminRequestOf<'adminCustomer', 'ledger'>) => endpointListQuery('adminCustomer', 'ledger', input);

export const useCustomerLedger = (input: AdminRequestOf<'adminCustomer', 'ledger'>) => useQuery(customerLedgerQueryOptions(input));
