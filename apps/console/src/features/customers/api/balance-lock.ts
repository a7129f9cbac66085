import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export function useLockBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminCustomer', 'lock'>) => adminCall('adminCustomer', 'lock', input),
    onSuccess: () => Promise.all(['detail', 'audit'].map((action) => client.invalidateQueries({ queryKey: ['adminCustomer', action] }))),
  });
}
