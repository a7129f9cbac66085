import type { AdminRequestOf } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: AdminRequestOf<'adminAuth', 'change_password'>) => adminCall('adminAuth', 'change_password', input) });
}
