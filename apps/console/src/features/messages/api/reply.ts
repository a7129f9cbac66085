import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminMessage', 'reply'>) => adminCall('adminMessage', 'reply', input),
    onSuccess: (_, input) =>
      Promise.all([client.invalidateQueries({ queryKey: ['adminMessage', 'thread', { userId: input.userId }] }), client.invalidateQueries({ queryKey: ['adminMessage', 'conversations'] })]),
  });
}
