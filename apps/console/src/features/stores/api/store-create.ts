import { useEndpointMutation } from '@/lib/endpoint-query';
import { STORE_WRITE } from './store-mutation';

export const useCreateStore = () => useEndpointMutation('adminStore', 'create', STORE_WRITE);
