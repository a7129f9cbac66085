import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { writeToken } from '@/lib/storage';

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminAuth', 'login'>) => adminCall('adminAuth', 'login', input),
    onSuccess: ({ token }) => {
      writeToken(token);
      // Whatever the previous member saw is not this member's to see.
      client.clear();
    },
  });
}
