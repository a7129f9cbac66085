import { useEndpointMutation } from '@/lib/endpoint-query';
import { STORE_WRITE } from './store-mutation';

export const useSetStoreActive = () => useEndpointMutation('adminStore', 'set_active', STORE_WRITE);
