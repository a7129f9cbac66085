import type { HomeEditor } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { homeGetQueryOptions } from './home-get';

/**
 * Every home write answers with the editor's new state: it replaces the cached one for its
 * language, and the revisions list is refreshed (a publish adds one).
 */
export function useHomeMutation<I>(fn: (input: I) => Promise<HomeEditor>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => {
      client.setQueryData(homeGetQueryOptions(state.lang).queryKey, state);
      void client.invalidateQueries({ queryKey: ['adminContent', 'home_revisions'] });
    },
  });
}
