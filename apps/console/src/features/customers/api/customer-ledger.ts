import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const customerLedgerQueryOptions = (input: AdminRequestOf<'adminCustomer', 'ledger'>) =>
  queryOptions({ queryKey: ['adminCustomer', 'ledger', input], queryFn: ({ signal }) => adminCall('adminCustomer', 'ledger', input, { signal }), placeholderData: keepPreviousData });

export const useCustomerLedger = (input: AdminRequestOf<'adminCustomer', 'ledger'>) => useQuery(customerLedgerQueryOptions(input));
