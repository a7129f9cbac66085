import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { markSignedIn } from '@/lib/storage';

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminAuth', 'login'>) => adminCall('adminAuth', 'login', input),
    onSuccess: () => {
      // The session is the HttpOnly cookie the answer set; the token in the body is not kept.
      markSignedIn();
      // Whatever the previous member saw is not this member's to see.
      client.clear();
    },
  });
}
