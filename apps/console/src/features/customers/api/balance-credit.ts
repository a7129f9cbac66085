import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** A credit adds a ledger row and an audit row and changes the balance on the customer's page. */
export function useCreditBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminCustomer', 'credit'>) => adminCall('adminCustomer', 'credit', input),
    onSuccess: () => Promise.all(['detail', 'ledger', 'audit'].map((action) => client.invalidateQueries({ queryKey: ['adminCustomer', action] }))),
  });
}
