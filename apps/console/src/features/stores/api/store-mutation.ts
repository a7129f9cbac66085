import type { AdminStore } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeGetQueryOptions } from './store-get';

/** A store write answers with the store: its cached copy is replaced and the lists refreshed. */
export function useStoreMutation<I>(fn: (input: I) => Promise<AdminStore>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (store) => {
      client.setQueryData(storeGetQueryOptions(store.id).queryKey, store);
      void client.invalidateQueries({ queryKey: ['adminStore', 'list'] });
    },
  });
}
