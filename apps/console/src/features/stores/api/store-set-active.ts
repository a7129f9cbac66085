import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useStoreMutation } from './store-mutation';

export const useSetStoreActive = () => useStoreMutation((input: AdminRequestOf<'adminStore', 'set_active'>) => adminCall('adminStore', 'set_active', input));
