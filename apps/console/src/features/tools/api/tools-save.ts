import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { adminToolsQueryOptions } from './tools-list';

/** A save answers the new version: the page keeps editing from it. */
export function useSaveTools() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminTools', 'save'>) => adminCall('adminTools', 'save', input),
    onSuccess: (saved) => client.setQueryData(adminToolsQueryOptions().queryKey, saved),
  });
}
