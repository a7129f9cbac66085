import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { clearSignedIn } from '@/lib/storage';

/** Not an endpoint mutation: the local session goes whether or not the server answers. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall('adminAuth', 'logout', {}),
    onSettled: () => {
      clearSignedIn();
      client.clear();
    },
  });
}
