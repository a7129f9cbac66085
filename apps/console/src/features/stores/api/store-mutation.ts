import type { AdminStore } from '@simshop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';
import { storeGetQueryOptions } from './store-get';

/** A store write answers with the store: its cached copy is replaced and the lists refreshed. */
export const STORE_WRITE = {
  invalidates: [endpointKey('adminStore', 'list')],
  written: (client: QueryClient, store: AdminStore) => client.setQueryData(storeGetQueryOptions(store.id).queryKey, store),
};
