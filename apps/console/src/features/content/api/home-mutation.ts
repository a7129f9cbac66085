import type { HomeEditor } from '@simshop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';
import { homeGetQueryOptions } from './home-get';

/**
 * Every home write answers with the editor's new state: it replaces the cached one for its
 * language, and the revisions list is refreshed (a publish adds one).
 */
export const HOME_WRITE = {
  invalidates: [endpointKey('adminContent', 'home_revisions')],
  written: (client: QueryClient, state: HomeEditor) => client.setQueryData(homeGetQueryOptions(state.lang).queryKey, state),
};
