import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Every label write refreshes the labels and the products showing them. */
function useLabelMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['adminLabel'] }), client.invalidateQueries({ queryKey: ['adminProduct'] })]),
  });
}

export const useCreateLabel = () => useLabelMutation((input: AdminRequestOf<'adminLabel', 'create'>) => adminCall('adminLabel', 'create', input));
export const useUpdateLabel = () => useLabelMutation((input: AdminRequestOf<'adminLabel', 'update'>) => adminCall('adminLabel', 'update', input));
export const useDeleteLabel = () => useLabelMutation((id: number) => adminCall('adminLabel', 'delete', { id }));
