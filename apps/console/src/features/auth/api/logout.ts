import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { adminCall } from '@/lib/api-client';
import { clearSignedIn } from '@/lib/storage';

/**
 * Not an endpoint mutation: the local session goes whether or not the server answers. The move to
 * the sign-in page happens here, before the cache is cleared: clearing it re-renders the frame,
 * which can unmount the caller before a callback passed to `mutate` would run.
 */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => adminCall('adminAuth', 'logout', {}),
    onSettled: () => {
      clearSignedIn();
      navigate('/login', { replace: true });
      client.clear();
    },
  });
}
