import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Status, role or allow-reseller: the list, the customer's page and its audit rows change. */
export function useUpdateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminCustomer', 'update'>) => adminCall('adminCustomer', 'update', input),
    onSuccess: () => Promise.all(['list', 'detail', 'audit'].map((action) => client.invalidateQueries({ queryKey: ['adminCustomer', action] }))),
  });
}
