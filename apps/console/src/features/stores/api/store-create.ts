import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useStoreMutation } from './store-mutation';

export const useCreateStore = () => useStoreMutation((input: AdminRequestOf<'adminStore', 'create'>) => adminCall('adminStore', 'create', input));
