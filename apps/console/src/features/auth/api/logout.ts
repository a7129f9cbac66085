import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { clearSignedIn } from '@/lib/storage';

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
