import { useEndpointMutation } from '@/lib/endpoint-query';
import { STORE_WRITE } from './store-mutation';

export const useUpdateStore = () => useEndpointMutation('adminStore', 'update', STORE_WRITE);
