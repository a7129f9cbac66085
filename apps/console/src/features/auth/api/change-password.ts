import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/staff-session';

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminAuth', 'change_password'>) => adminCall('adminAuth', 'change_password', input),
    // A one-time password replaced opens the console: `me` says so.
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
