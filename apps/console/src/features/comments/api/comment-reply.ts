import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export function useReplyComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminMessage', 'comment_reply'>) => adminCall('adminMessage', 'comment_reply', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['adminMessage', 'comments'] }),
  });
}
