import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export function useHideComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminMessage', 'comment_hide'>) => adminCall('adminMessage', 'comment_hide', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['adminMessage', 'comments'] }),
  });
}
