import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { clearToken } from '@/lib/storage';

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall('adminAuth', 'logout', {}),
    onSettled: () => {
      clearToken();
      client.clear();
    },
  });
}
